/**
 * Quadra beside the programme's original frontend (v2.0.0, the version SPEC.md describes; its build is in
 * ../shared/baselines/original-v2.0.0-dist, built with VITE_API_URL=/api), measured turn about on one machine against
 * the same reference server and data (issue 57). `npm run bench -- original` builds Quadra, starts the reference server
 * on it and calls `sideBySide`.
 *
 * The original is served by `serveOriginal`: a small static server under /frontend/ that gzips text (level 9, once per
 * file), answers unknown paths with index.html and passes /api to the reference server. Quadra is served by its own
 * server, as deployed (which sends brotli to a browser that accepts it; the bytes figure is gzip for both).
 */
import { createServer, request, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { median, root } from './bench-common.ts';
import { FIRST_SCREEN_MARK } from '../src/lib/first-screen.ts';

export const ORIGINAL_DIST = process.env.BENCH_ORIGINAL_DIST || join(root, '../shared/baselines/original-v2.0.0-dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg']);

/** The original's build under /frontend/ on `port`, /api passed to the reference server on `apiPort`. */
export async function serveOriginal(port: number, apiPort: number, dist = ORIGINAL_DIST): Promise<Server> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`the original app's build is not at ${dist} (BENCH_ORIGINAL_DIST)`);
  const gzipped = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      const upstream = request(
        { host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${apiPort}` } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    if (!url.pathname.startsWith('/frontend/')) {
      res.writeHead(302, { location: '/frontend/' }).end();
      return;
    }
    const relative = normalize(decodeURIComponent(url.pathname.slice('/frontend/'.length))).replace(/^(\.\.[/\\])+/, '');
    let file = join(dist, relative);
    if (!relative || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    const ext = extname(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let body: Buffer = readFileSync(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipped.get(file) ?? gzipSync(body, { level: 9 });
      gzipped.set(file, body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    res.writeHead(200, { ...headers, 'content-length': String(body.length) }).end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

export type App = { name: 'original' | 'Quadra'; base: string; dist: string };

/**
 * The scripts a first visit to `route` fetches (fresh context, no service worker, pt-BR), each file gzip -9 as built:
 * the same yardstick for both apps whatever their servers send.
 * - `toRender`: those fetched to render the first screen. Quadra marks the moment its first screen's reads are done
 *   (src/lib/first-screen.ts, FIRST_SCREEN_MARK): what it requests after that (the sync and its worker, Dexie, the
 *   service worker's workbox-window) is not counted here. The original marks nothing and loads one script before it
 *   renders anything: all of its scripts count.
 * - `all`: every script fetched up to 3 s after the network first goes quiet, the deferred ones included.
 */
export async function firstLoadScripts(
  browser: Browser,
  app: App,
  route: string,
): Promise<{ toRender: number; all: number; files: string[]; after: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR' });
  const page = await context.newPage();
  const files = new Set<string>();
  const origin = new URL(app.base).origin;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.endsWith('.js') && url.pathname.startsWith('/frontend/'))
      files.add(url.pathname.slice('/frontend/'.length));
  });
  await page.goto(app.base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate((mark) => {
    const at = performance.getEntriesByName(mark)[0]?.startTime ?? null;
    const started = performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime] as const);
    return { at, started };
  }, FIRST_SCREEN_MARK);
  await context.close();
  const list = [...files].sort();
  const startOf = new Map(timing.started.map(([path, at]) => [path.slice('/frontend/'.length), at]));
  // A file fetched after the mark (its request started after it); one with no timing counts as needed.
  const after = list.filter((file) => timing.at !== null && (startOf.get(file) ?? -1) > timing.at);
  const size = (file: string) => gzipSync(readFileSync(join(app.dist, file)), { level: 9 }).length;
  const all = list.reduce((sum, file) => sum + size(file), 0);
  return { toRender: all - after.reduce((sum, file) => sum + size(file), 0), all, files: list, after };
}

/**
 * First contentful paint of a repeat visit with no network, CPU slowed 4x: `route` visited online first (the service
 * worker installed, the page's data saved by whatever the app saves), then opened again offline.
 */
export async function offlineRepeatFcpOf(browser: Browser, app: App, route: string): Promise<number> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(app.base + route, { waitUntil: 'networkidle' });
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto(app.base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_500); // what the app saves on the device, at its next idle moment
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
  await context.close();
  return fcp;
}

type Lighthouse = { performance: number; lcpMs: number; tbtMs: number };
export type SideBySideRow = { figure: string; original: string; quadra: string; ratio: string; goal: string; verdict: string };

/**
 * Both apps on each route, turn about (original then Quadra, round by round): the first-load JS once (it does not
 * vary), then RUNS rounds of the offline start and of Lighthouse (mobile defaults, performance only, one run per child
 * process: scripts/bench-lighthouse.ts), medians compared. Each figure is printed for both with Quadra's ratio and
 * issue 57's goal, judged in this run.
 */
export async function sideBySide(
  apps: [App, App],
  routes: string[],
  lighthouse: (base: string, route: string) => Promise<Lighthouse | null>,
  runs = 3,
): Promise<SideBySideRow[]> {
  const rows: SideBySideRow[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (figure: string, original: number, quadra: number, show: (v: number) => string, goal: string, meets: boolean, by = 'ratio') =>
    rows.push({
      figure,
      original: show(original),
      quadra: show(quadra),
      ratio: by === 'ratio' ? `${(quadra / original).toFixed(2)}x` : `${quadra - original >= 0 ? '+' : ''}${quadra - original}`,
      goal,
      verdict: Number.isFinite(original) && Number.isFinite(quadra) && meets ? 'met' : 'MISSED',
    });
  try {
    for (const route of routes) {
      const name = `/${route}`;
      const [o, q] = [await firstLoadScripts(browser, apps[0], route), await firstLoadScripts(browser, apps[1], route)];
      console.error(`${name}: Quadra's scripts fetched after its first screen: ${q.after.join(' ') || 'none'}`);
      row(`${name} first-load JS to render, gzip`, o.toRender, q.toRender, kb, '<= 0.75x', q.toRender <= 0.75 * o.toRender);
      rows.push({
        figure: `${name} every script within 3 s, the deferred ones too, gzip`,
        original: kb(o.all),
        quadra: kb(q.all),
        ratio: `${(q.all / o.all).toFixed(2)}x`,
        goal: '',
        verdict: '',
      });
      const fcp: [number[], number[]] = [[], []];
      const lh: [Lighthouse[], Lighthouse[]] = [[], []];
      for (let run = 0; run < runs; run++) {
        for (const i of [0, 1] as const) fcp[i].push(await offlineRepeatFcpOf(browser, apps[i], route));
        for (const i of [0, 1] as const) {
          const result = await lighthouse(apps[i].base, route);
          if (result) lh[i].push(result);
        }
      }
      const pick = (i: 0 | 1, key: keyof Lighthouse) => median(lh[i].map((r) => r[key]));
      const ms = (v: number) => `${Math.round(v)} ms`;
      const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
      const [perfO, perfQ] = [pick(0, 'performance'), pick(1, 'performance')];
      row(`${name} Lighthouse mobile performance (median of ${runs})`, perfO, perfQ, String, '>= original + 8', perfQ >= perfO + 8, 'difference');
      const [tbtO, tbtQ] = [pick(0, 'tbtMs'), pick(1, 'tbtMs')];
      row(`${name} Total Blocking Time (Lighthouse)`, tbtO, tbtQ, ms, '<= 0.5x', tbtQ <= 0.5 * tbtO);
      const [lcpO, lcpQ] = [pick(0, 'lcpMs'), pick(1, 'lcpMs')];
      row(`${name} LCP (Lighthouse)`, lcpO, lcpQ, s, '<= 0.85x', lcpQ <= 0.85 * lcpO);
      const [fcpO, fcpQ] = [median(fcp[0]), median(fcp[1])];
      row(`${name} offline repeat FCP, 4x CPU (median of ${runs})`, fcpO, fcpQ, ms, '<= 0.5x', fcpQ <= 0.5 * fcpO);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function printSideBySide(rows: SideBySideRow[]): void {
  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`\nQuadra beside the original app v2.0.0 (issue 57's goals, judged in this run)\n`);
  console.log(
    `${'figure'.padEnd(width)}  ${'original'.padStart(10)}  ${'Quadra'.padStart(10)}  ${'Quadra / orig.'.padStart(14)}  ${'goal'.padEnd(16)}`,
  );
  for (const r of rows)
    console.log(
      `${r.figure.padEnd(width)}  ${r.original.padStart(10)}  ${r.quadra.padStart(10)}  ${r.ratio.padStart(14)}  ${r.goal.padEnd(16)}  ${r.verdict}`,
    );
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, any> };

/**
 * The main thread's tasks of a first visit to `route` (fresh context, no service worker, 4x CPU), from a Chromium trace:
 * each task of at least `minMs` with when it began (from the navigation), how long it ran and what ran in it (the
 * script evaluated, the function called with its file, or the rendering step), up to 3 s after the network is quiet.
 */
export async function mainThreadTasks(browser: Browser, app: App, route: string, minMs = 10): Promise<{ at: number; ms: number; what: string }[]> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  await page.goto(app.base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3_000);
  const buffer = await browser.stopTracing();
  await context.close();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer: the one whose navigation loaded the app's address (the context's first page is about:blank).
  const navigation = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(app.base));
  if (!navigation) return [];
  const main = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X');
  const start = navigation.ts;
  const short = (url: string) => url.replace(/^.*\/frontend\//, '').replace(/-[\w-]{8}\.js$/, '.js') || '(page)';
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000);
  return tasks.map((task) => {
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0));
    // What took most of the task: its longest named child.
    const labelled = inside
      .map((e) => {
        const data = e.args?.data ?? {};
        if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
          return { e, what: `evaluate ${short(data.url ?? e.args?.fileName ?? '')}` };
        if (e.name === 'FunctionCall') return { e, what: `${data.functionName || 'function'} (${short(data.url ?? '')})` };
        if (e.name === 'TimerFire' || e.name === 'FireIdleCallback' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch')
          return { e, what: `${e.name}${data.type ? ` ${data.type}` : ''}` };
        if (
          [
            'ParseHTML',
            'Layout',
            'UpdateLayoutTree',
            'Paint',
            'PrePaint',
            'Commit',
            'v8.compile',
            'V8.CompileCode',
            'MajorGC',
            'MinorGC',
            'ParseAuthorStyleSheet',
          ].includes(e.name)
        )
          return { e, what: e.name };
        return null;
      })
      .filter((x): x is { e: TraceEvent; what: string } => x !== null)
      .sort((a, b) => (b.e.dur ?? 0) - (a.e.dur ?? 0));
    const what = [...new Set(labelled.slice(0, 3).map((x) => x.what))].join('; ') || 'other';
    return { at: Math.round((task.ts - start) / 1000), ms: Math.round((task.dur ?? 0) / 1000), what };
  });
}

/** A first visit's tasks of both apps, printed one app after the other. */
export async function printMainThreadTasks(apps: App[], routes: string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const route of routes)
      for (const app of apps) {
        const tasks = await mainThreadTasks(browser, app, route);
        const total = tasks.reduce((s, t) => s + t.ms, 0);
        const blocking = tasks.reduce((s, t) => s + Math.max(0, t.ms - 50), 0);
        console.log(
          `\n${app.name} /${route}, first visit at 4x CPU: ${tasks.length} tasks of 10 ms or more, ${total} ms in all, ${blocking} ms over 50 ms`,
        );
        for (const t of tasks) console.log(`  at ${String(t.at).padStart(5)} ms  ${String(t.ms).padStart(4)} ms  ${t.what}`);
      }
  } finally {
    await browser.close();
  }
}

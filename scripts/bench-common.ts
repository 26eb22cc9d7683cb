/** What the benchmark scripts share: starting the reference server on a build, and timing the students page. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SERVER_NODE_FLAGS, serverEnv } from './server-runtime.mjs';
import { answerAs } from './answer-as.ts';

export const root = new URL('..', import.meta.url).pathname;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A process's resident memory, from /proc (Linux). */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

/**
 * The reference server as `npm start` runs it (its bundle, scripts/build-server.mjs) on a fresh database with
 * `students` (5,000) extra students, serving the build in `distDir`: embedded in `dataDir`, or the PostgreSQL server of
 * DATABASE_URL when it is set (scripts/with-postgres.sh). With `seeded`, on the database already in `dataDir` (or at
 * DATABASE_URL) as it is. The child is the server's own process (its pid, its memory).
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  distDir: string;
  students?: number;
  seeded?: boolean;
}): Promise<ChildProcess> {
  const { port, dataDir, distDir, students = 5000, seeded = false } = options;
  if (!seeded) rmSync(dataDir, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'server/dist/main.mjs')], {
    cwd: root,
    env: serverEnv({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, SEED_STUDENTS: String(students) }),
    stdio: 'ignore',
  });
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/activities`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the reference server did not start');
}

/**
 * Home in a fresh browser context (no service worker, nothing cached), once the network is idle. `viewport`, `locale`
 * and `hasTouch` (a tablet's touch screen) as a device's; `me` changes the user in GET /api/me's answer and the sync's (a
 * role the open-mode server has no sign-in for).
 */
export async function openHome(
  browser: Browser,
  base: string,
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    me?: (me: Record<string, unknown>) => Record<string, unknown>;
    hasTouch?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, locale, me, hasTouch } = options;
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...(viewport ? { viewport } : {}),
    ...(locale ? { locale } : {}),
    ...(hasTouch ? { hasTouch } : {}),
  });
  if (locale) await context.addInitScript(`window.localStorage.setItem('quadra.locale', ${JSON.stringify(locale)});`);
  if (me) await answerAs(context, me);
  // tsx (esbuild keepNames) may wrap functions passed to page.evaluate in __name(): give the page a no-op one.
  await context.addInitScript('window.__name = (fn) => fn;');
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'networkidle' });
  return { context, page };
}

/** A first visit to the students page from home (its code and the list come over the network), at a CPU slowdown. */
export async function firstVisitToStudents(browser: Browser, base: string, cpuSlowdown: number): Promise<number> {
  const { context, page } = await openHome(browser, base);
  if (cpuSlowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const time = await navigateToStudents(page);
  await context.close();
  return time;
}

/** Client-side navigation from home to the students page, timed inside the page: to the first card painted. */
export async function navigateToStudents(page: Page): Promise<number> {
  // Measured in the page (no test-runner polling in the throttled page): from the navigation to the frame after the one
  // in which the first card appeared.
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="student-card"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        window.history.pushState({}, '', '/frontend/alunos');
        window.dispatchEvent(new PopStateEvent('popstate'));
      }),
  );
}

/**
 * First contentful paint of a repeat visit with no network, CPU slowed 4x: the app was used online first (home, then the
 * students page, so the device holds the 5,000 students the start must restore), then it is opened again offline.
 */
export async function offlineRepeatFcp(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'networkidle' });
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto(`${base}alunos`, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-testid="student-card"]');
  await page.waitForTimeout(1_500); // the persister writes the list to IndexedDB at the next idle moment
  await page.goto(base, { waitUntil: 'networkidle' });
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
  await context.close();
  return fcp;
}

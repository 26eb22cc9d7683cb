/**
 * Load benchmark of the reference server: GET /api/students with BENCH_STUDENTS (5,000) extra students on the embedded
 * database (a fresh PGlite data folder), the server started as `npm start` starts it (its bundle, its own process),
 * loaded by wrk (`apt-get install -y wrk`) in another process. Prints requests/second, p99 latency, and the server process's resident
 * memory at rest (started, the list read once) and under load (the highest of samples every 100 ms), as a table and as
 * JSON on the last line (BENCH_JSON ...). The answer is read as a browser reads it (Accept-Encoding: gzip) and, as a row
 * of its own, without compression. Also the sync's sizes on the wire (gzip): a first sync, and one with nothing changed.
 *   npx tsx scripts/bench-server.ts        BENCH_STUDENTS (5000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (10)
 * Goals (issue 19): >= 1000 req/s and p99 <= 50 ms with 5,000 students (p99 <= 100 ms with 50,000); <= 256 MB resident.
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { root, rssOf, startServer } from './bench-common.ts';

const students = Number(process.env.BENCH_STUDENTS ?? 5000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4396);
// At 50,000 students issue 19 asks only for the p99 (and the memory goal is for 5,000).
const GOAL = students > 5000 ? { requestsPerSecond: 0, p99Ms: 100 } : { requestsPerSecond: 1000, p99Ms: 50, rssMB: 256 };

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

const ms = (value: string, unit: string): number => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);

/**
 * Runs wrk (Debian's package: a load generator in C, on one thread) while sampling the server's RSS. A JavaScript load
 * generator (autocannon) could not read more than about 30 answers of 6 MB a second, and measured itself, not the server.
 */
async function load(url: string, headers: string[], serverPid: number): Promise<{ result: LoadResult; peakRss: number }> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), url];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let peakRss = rssOf(serverPid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(serverPid))), 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`wrk exited with ${code} (install it: apt-get install -y wrk)`);
  const p99 = out.match(/^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const perSecond = out.match(/^Requests\/sec:\s+([\d.]+)/m);
  if (!p99 || !perSecond) throw new Error(`wrk printed no figures:\n${out}`);
  const failures = [/Non-2xx or 3xx responses: (\d+)/, /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/]
    .map(
      (pattern) =>
        out
          .match(pattern)
          ?.slice(1)
          .reduce((sum, n) => sum + Number(n), 0) ?? 0,
    )
    .reduce((a, b) => a + b, 0);
  return { result: { requestsPerSecond: Number(perSecond[1]), p99Ms: ms(p99[1]!, p99[2]!), failures }, peakRss };
}

/** The bytes of an answer's body on the wire, asked for as a browser asks (gzip), not inflated. */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Issue 18's sizes: a first (full) sync of every student, and one from its cursor with nothing changed since. */
async function syncSizes(base: string): Promise<{ fullKB: number; unchangedBytes: number }> {
  const full = await wireBytes(`${base}/api/sync`);
  const { cursor } = (await (await fetch(`${base}/api/sync`)).json()) as { cursor: string };
  return { fullKB: Math.round(full / 1024), unchangedBytes: await wireBytes(`${base}/api/sync?since=${cursor}`) };
}

async function main(): Promise<void> {
  const started = Date.now();
  process.stderr.write(`Starting the server with ${students} extra students ...\n`);
  const server = await startServer({ port, dataDir: join(root, `.bench/list-${port}`), distDir: 'dist', students });
  process.stderr.write(`Up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const rows: Array<Record<string, number | string | boolean>> = [];
  let sync: { fullKB: number; unchangedBytes: number } | undefined;
  try {
    sync = await syncSizes(`http://127.0.0.1:${port}`);
    const url = `http://127.0.0.1:${port}/api/students`;
    const count = ((await (await fetch(url)).json()) as unknown[]).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAtRest = rssOf(server.pid!);
    for (const encoding of ['gzip', 'none']) {
      const headers = encoding === 'gzip' ? ['Accept-Encoding: gzip'] : [];
      const sized = await fetch(url, { headers: { 'accept-encoding': encoding === 'gzip' ? 'gzip' : 'identity' } });
      await sized.arrayBuffer();
      const bytes = Number(sized.headers.get('content-length') ?? 0);
      process.stderr.write(`Loading ${url} (${count} students, ${encoding}) for ${seconds} s ...\n`);
      const { result, peakRss } = await load(url, headers, server.pid!);
      rows.push({
        encoding,
        students: count,
        answerKB: Math.round(bytes / 1024),
        requestsPerSecond: Math.round(result.requestsPerSecond),
        p99Ms: Math.round(result.p99Ms),
        rssAtRestMB: mb(rssAtRest),
        rssUnderLoadMB: mb(peakRss),
        failures: result.failures,
        meetsGoal: result.requestsPerSecond >= GOAL.requestsPerSecond && result.p99Ms <= GOAL.p99Ms,
      });
    }
  } finally {
    server.kill();
  }

  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const throughputGoal = GOAL.requestsPerSecond ? `>= ${GOAL.requestsPerSecond} req/s and ` : '';
  console.log(`GET /api/students, ${connections} connections, ${seconds} s, goal ${throughputGoal}p99 <= ${GOAL.p99Ms} ms`);
  for (const line of cells) console.log(line.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  console.log(
    `GET /api/sync, gzip: a first sync ${sync?.fullKB} KB (goal <= 150 KB at 5,000 students), one with nothing changed ${sync?.unchangedBytes} bytes (goal < 2 KB)`,
  );
  console.log(`BENCH_JSON ${JSON.stringify({ endpoint: 'GET /api/students', connections, seconds, goal: GOAL, results: rows, sync })}`);
}

await main();

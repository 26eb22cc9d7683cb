/**
 * Load benchmark of the reference server: GET /api/students with BENCH_STUDENTS (5,000) extra students on the embedded
 * database (a fresh PGlite data folder), the server started as `npm start` starts it (its bundle, its own process),
 * loaded by autocannon in another process. Prints requests/second, p99 latency, and the server process's resident
 * memory at rest (started, the list read once) and under load (the highest of samples every 100 ms), as a table and as
 * JSON on the last line (BENCH_JSON ...). The answer is read as a browser reads it (Accept-Encoding: gzip) and, as a row
 * of its own, without compression.
 *   npx tsx scripts/bench-server.ts        BENCH_STUDENTS (5000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (10)
 * Goals (issue 19): >= 1000 req/s and p99 <= 50 ms with 5,000 students (p99 <= 100 ms with 50,000); <= 256 MB resident.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, startServer } from './bench-common.ts';

const students = Number(process.env.BENCH_STUDENTS ?? 5000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4396);
const GOAL = { requestsPerSecond: 1000, p99Ms: students > 5000 ? 100 : 50, rssMB: 256 };

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

/** A process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon's CLI in a child process while sampling the server's RSS. */
async function load(url: string, headers: string[], serverPid: number): Promise<{ result: AutocannonResult; peakRss: number }> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(connections), '-d', String(seconds), ...headers.flatMap((h) => ['-H', h]), url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let peakRss = rssOf(serverPid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(serverPid))), 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return { result: JSON.parse(out) as AutocannonResult, peakRss };
}

async function main(): Promise<void> {
  const started = Date.now();
  process.stderr.write(`Starting the server with ${students} extra students ...\n`);
  const server = await startServer({ port, dataDir: join(root, `.bench/list-${port}`), distDir: 'dist', students });
  process.stderr.write(`Up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const rows: Array<Record<string, number | string | boolean>> = [];
  try {
    const url = `http://127.0.0.1:${port}/api/students`;
    const count = ((await (await fetch(url)).json()) as unknown[]).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAtRest = rssOf(server.pid!);
    for (const encoding of ['gzip', 'none']) {
      const headers = encoding === 'gzip' ? ['accept-encoding=gzip'] : [];
      const sized = await fetch(url, { headers: { 'accept-encoding': encoding === 'gzip' ? 'gzip' : 'identity' } });
      await sized.arrayBuffer();
      const bytes = Number(sized.headers.get('content-length') ?? 0);
      process.stderr.write(`Loading ${url} (${count} students, ${encoding}) for ${seconds} s ...\n`);
      const { result, peakRss } = await load(url, headers, server.pid!);
      rows.push({
        encoding,
        students: count,
        answerKB: Math.round(bytes / 1024),
        requestsPerSecond: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        rssAtRestMB: mb(rssAtRest),
        rssUnderLoadMB: mb(peakRss),
        failures: result.non2xx + result.errors + result.timeouts,
        meetsGoal: result.requests.average >= GOAL.requestsPerSecond && result.latency.p99 <= GOAL.p99Ms,
      });
    }
  } finally {
    server.kill();
  }

  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  console.log(`GET /api/students, ${connections} connections, ${seconds} s, goal >= ${GOAL.requestsPerSecond} req/s and p99 <= ${GOAL.p99Ms} ms`);
  for (const line of cells) console.log(line.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  console.log(`BENCH_JSON ${JSON.stringify({ endpoint: 'GET /api/students', connections, seconds, goal: GOAL, results: rows })}`);
}

await main();

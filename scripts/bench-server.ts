/**
 * Load benchmark of the reference server: GET /api/students with 5,000 (+60 seeded) students on the embedded
 * database (a fresh PGlite data folder), served in this process on a free loopback port, loaded by autocannon in a
 * child process (so the load generator does not share the server's event loop or memory). Prints requests/second,
 * p99 latency and this process's resident memory at rest and under load, for the list cache on (the default) and
 * off, as a table and as JSON on the last line (BENCH_JSON ...).
 *   npx tsx scripts/bench-server.ts        BENCH_STUDENTS (5000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (10)
 * Goal: >= 1000 req/s and p99 <= 50 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../server/app.ts';
import { openDatabase } from '../server/db/open.ts';

const students = Number(process.env.BENCH_STUDENTS ?? 5000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOAL = { requestsPerSecond: 1000, p99Ms: 50 };

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon's CLI in a child process while sampling this process's RSS. */
async function load(url: string): Promise<{ result: AutocannonResult; peakRss: number }> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const child = spawn(process.execPath, [cli, '--json', '-c', String(connections), '-d', String(seconds), url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return { result: JSON.parse(out) as AutocannonResult, peakRss };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quadra-bench-'));
  const started = Date.now();
  process.stderr.write(`Seeding ${students} extra students into ${dataDir} ...\n`);
  const db = await openDatabase({ dataDir, extraStudents: students });
  process.stderr.write(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  const rows: Array<Record<string, number | string | boolean>> = [];
  try {
    for (const cache of [true, false]) {
      const app = await buildServer({ db, distDir: dataDir, cacheStudentList: cache });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/api/students`;
      const warm = await fetch(url);
      const count = ((await warm.json()) as unknown[]).length;
      const bytes = Number(warm.headers.get('content-length') ?? 0);
      (globalThis as { gc?: () => void }).gc?.();
      const rssAtRest = process.memoryUsage().rss;
      process.stderr.write(`Loading ${url} (cache ${cache ? 'on' : 'off'}, ${count} students) for ${seconds} s ...\n`);
      const { result, peakRss } = await load(url);
      await app.close();
      rows.push({
        listCache: cache ? 'on' : 'off',
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
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  console.log(`GET /api/students, ${connections} connections, ${seconds} s, goal >= ${GOAL.requestsPerSecond} req/s and p99 <= ${GOAL.p99Ms} ms`);
  for (const line of cells) console.log(line.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  console.log(`BENCH_JSON ${JSON.stringify({ endpoint: 'GET /api/students', connections, seconds, goal: GOAL, results: rows })}`);
}

await main();

/**
 * The funder's pack of the half year (issue 53), timed in a server process of its own: scripts/bench-reports.ts seeds
 * the database (which grows the embedded database's memory in that process for good) and then runs this on the same
 * folder, so the memory counted is a server's that opened the database and made packs, as a programme's would.
 * The whole ZIP downloaded over HTTP (the answer read and thrown away as it streams), BENCH_PACK_RUNS (3) times: its
 * time, its size, how many class-month lists, and this process's resident memory at its highest while making them
 * (sampled every 20 ms; the embedded database runs in this process, so it is counted in). Prints BENCH_PACK_JSON {...}.
 *   BENCH_PACK_DIR=<seeded folder> BENCH_PACK_PATH=/api/reports/funder-pack?from=...&to=... npx tsx scripts/bench-pack.ts
 */
import { performance } from 'node:perf_hooks';
import { buildServer } from '../server/app.ts';
import { openDatabase } from '../server/db/open.ts';
import { median } from './bench-common.ts';

const packRuns = Number(process.env.BENCH_PACK_RUNS ?? 3);
const dataDir = process.env.BENCH_PACK_DIR!;
const path = process.env.BENCH_PACK_PATH!;

const db = await openDatabase({ dataDir, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
const app = await buildServer({ db, distDir: dataDir });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const baseRssMB = Math.round(process.memoryUsage().rss / 2 ** 20);
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const times: number[] = [];
let bytes = 0;
let lists = 0;
try {
  for (let i = 0; i < packRuns; i += 1) {
    const started = performance.now();
    const response = await fetch(`${address}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    bytes = 0;
    const names = new Set<string>();
    // The ZIP's file headers name each file: count the lists without keeping the body (a chunk's tail is kept so
    // a name cut between two chunks is still read; a name is written twice, in its header and in the directory).
    let tail = '';
    for await (const chunk of response.body!) {
      bytes += chunk.byteLength;
      const text = tail + Buffer.from(chunk).toString('latin1');
      for (const match of text.matchAll(/frequencia\/[^/]+\/[^/]*?-\d{4}-\d{2}\.pdf/g)) names.add(match[0]);
      tail = text.slice(-300);
    }
    lists = names.size;
    times.push(performance.now() - started);
  }
} finally {
  clearInterval(sampler);
  await app.close();
  await db.close();
}
const result = {
  medianMs: Math.round(median(times)),
  maxMs: Math.round(Math.max(...times)),
  zipMB: Math.round(bytes / 2 ** 17) / 8,
  lists,
  baseRssMB,
  peakRssMB: Math.round(peak / 2 ** 20),
};
console.log(`BENCH_PACK_JSON ${JSON.stringify(result)}`);

/**
 * The funder's pack of the half year (issue 53), timed on the server as `npm start` runs it (bench-common.ts
 * startServer: its bundle, its Node flags and environment, scripts/server-runtime.mjs) on the folder (or the
 * PostgreSQL database of DATABASE_URL) scripts/bench-reports.ts seeded, so the memory counted is a server's that opened
 * the database and made packs, as a programme's would, and nothing of the benchmark's own (its TypeScript loader, the
 * download) is in it. The whole ZIP downloaded over HTTP by this process (the answer read and thrown away as it
 * streams), BENCH_PACK_RUNS (3) times: its time, its size, how many class-month lists, and the server process's resident
 * memory before the first pack and at its highest (the kernel's high-water mark, VmHWM; the embedded database runs in
 * that process, so it is counted in; PostgreSQL's own processes are not). Prints BENCH_PACK_JSON {...}.
 *   BENCH_PACK_DIR=<seeded folder> BENCH_PACK_PATH=/api/reports/funder-pack?from=...&to=... npx tsx scripts/bench-pack.ts
 * BENCH_PACK_PORT (4394) is the server's port.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { median, rssOf, startServer } from './bench-common.ts';

const packRuns = Number(process.env.BENCH_PACK_RUNS ?? 3);
const dataDir = process.env.BENCH_PACK_DIR!;
const path = process.env.BENCH_PACK_PATH!;
const port = Number(process.env.BENCH_PACK_PORT || 4394);

/** A process's highest resident memory so far (Linux), in bytes. */
const peakRssOf = (pid: number): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const server = await startServer({ port, dataDir, distDir: dataDir, seeded: true });
const pid = server.pid!;
const baseRssMB = Math.round(rssOf(pid) / 2 ** 20);
const times: number[] = [];
let bytes = 0;
let lists = 0;
let peakRssMB = 0;
try {
  for (let i = 0; i < packRuns; i += 1) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
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
  peakRssMB = Math.round(peakRssOf(pid) / 2 ** 20);
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
const result = {
  medianMs: Math.round(median(times)),
  maxMs: Math.round(Math.max(...times)),
  zipMB: Math.round(bytes / 2 ** 17) / 8,
  lists,
  baseRssMB,
  peakRssMB,
};
console.log(`BENCH_PACK_JSON ${JSON.stringify(result)}`);

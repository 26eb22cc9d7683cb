/**
 * `npm run bench:ab -- [BASE_REF] [RUNS]`: the students page of this working tree against a baseline commit (default
 * HEAD~1), as a ratio. This machine's speed drifts from minute to minute, so the two builds are measured turn about
 * (each served by its own reference server with the same 5,000 extra students), never one after the other. Times are
 * from home to the first student card painted, at 4x CPU and without throttling. Prints figures, asserts nothing.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { firstVisitToStudents, median, root, startServer } from './bench-common.ts';

const baseRef = process.argv[2] ?? 'HEAD~1';
const runs = Number(process.argv[3] ?? 12);
const appAt = (port: number) => `http://127.0.0.1:${port}/frontend/`;

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'quadra-ab-'));
  const servers: ChildProcess[] = [];
  try {
    console.log(`Building ${baseRef} and the working tree...`);
    run('git', ['worktree', 'add', '--detach', join(work, 'base'), baseRef]);
    symlinkSync(join(root, 'node_modules'), join(work, 'base/node_modules'));
    run(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', join(work, 'dist-base')], join(work, 'base'));
    run(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', join(work, 'dist-current')]);
    // Both builds are served by this tree's server: the comparison is of the app, not of the server.
    const ports = { base: 4391, current: 4392 } as const;
    for (const [name, port] of Object.entries(ports)) {
      servers.push(await startServer({ port, dataDir: join(work, `data-${name}`), distDir: join(work, `dist-${name}`) }));
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      for (const rate of [4, 1]) {
        const times = { base: [] as number[], current: [] as number[] };
        await firstVisitToStudents(browser, appAt(ports.base), rate); // warm both servers' list caches
        await firstVisitToStudents(browser, appAt(ports.current), rate);
        for (let i = 0; i < runs; i++) {
          for (const name of i % 2 ? (['base', 'current'] as const) : (['current', 'base'] as const))
            times[name].push(await firstVisitToStudents(browser, appAt(ports[name]), rate));
        }
        const base = median(times.base);
        const current = median(times.current);
        const label = rate > 1 ? `${rate}x CPU` : 'no throttling';
        console.log(
          `students page, first visit, ${label}: ${baseRef} ${Math.round(base)} ms, working tree ${Math.round(current)} ms, ratio ${(current / base).toFixed(2)} (medians of ${runs})`,
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    for (const server of servers) server.kill();
    spawnSync('git', ['worktree', 'remove', '--force', join(work, 'base')], { cwd: root, stdio: 'ignore' });
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

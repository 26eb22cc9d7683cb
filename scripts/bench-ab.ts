/**
 * `npm run bench:ab -- [BASE_REF] [RUNS]`: the students page and the offline start of this working tree against a
 * baseline commit (default HEAD~1), as ratios. This machine's speed drifts from minute to minute, so the two builds are measured turn about
 * (each served by its own reference server with the same 5,000 extra students), never one after the other. Times are
 * from home to the first student card painted, at 4x CPU and without throttling, and the first contentful paint of an
 * offline repeat visit at 4x CPU. Prints figures, asserts nothing.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { firstVisitToStudents, median, offlineRepeatFcp, root, startServer } from './bench-common.ts';

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
      const figures: [string, (app: string) => Promise<number>][] = [
        ['students page, first visit, 4x CPU', (app) => firstVisitToStudents(browser, app, 4)],
        ['students page, first visit, no throttling', (app) => firstVisitToStudents(browser, app, 1)],
        ['offline repeat-visit FCP, 4x CPU', (app) => offlineRepeatFcp(browser, app)],
      ];
      for (const [label, measure] of figures) {
        const times = { base: [] as number[], current: [] as number[] };
        await measure(appAt(ports.base)); // warm both servers' list caches
        await measure(appAt(ports.current));
        for (let i = 0; i < runs; i++) {
          for (const name of i % 2 ? (['base', 'current'] as const) : (['current', 'base'] as const))
            times[name].push(await measure(appAt(ports[name])));
        }
        const base = median(times.base);
        const current = median(times.current);
        console.log(
          `${label}: ${baseRef} ${Math.round(base)} ms, working tree ${Math.round(current)} ms, ratio ${(current / base).toFixed(2)} (medians of ${runs})`,
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

// The reference server as two plain JavaScript files in server/dist/ (about 0.3 s): what `npm start`, the browser
// tests and the benchmarks run. Node runs them without a TypeScript loader, which alone held about 80 MB resident
// (tsx's loader runs on a thread of its own, with its own heap). Packages stay in node_modules (not bundled).
//   main.mjs               server/main.ts
//   prepare-data-dir.mjs   server/db/prepare-data-dir.ts (run in a child for a new data folder, see server/db/open.ts)
// Each file is written under a temporary name and renamed into place, so a server starting while another build runs
// (two `npm start` at once) never reads half a file.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', 'prepare-data-dir': 'server/db/prepare-data-dir.ts' },
  outdir: 'server/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});
for (const file of outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}

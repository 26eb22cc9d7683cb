/**
 * `npm run backup -- FILE`: a consistent backup of Quadra's database, while the server runs or not.
 * - Embedded database (DATA_DIR, default server/data/pglite): a gzipped tarball of the whole database, taken by the
 *   running server through its control socket (<DATA_DIR>.sock), or from the folder when no server runs.
 * - DATABASE_URL set: pg_dump's custom format (pg_dump must be installed, of PostgreSQL's version or newer).
 * `npm run restore -- FILE` brings either back (scripts/restore.ts).
 */
import { spawnSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDataDir } from '../server/db/backup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: npm run backup -- FILE   (e.g. npm run backup -- backups/quadra-$(date +%F).tar.gz)');
  process.exit(2);
}
const target = resolve(process.cwd(), file);

try {
  if (process.env.DATABASE_URL) {
    const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, process.env.DATABASE_URL], { stdio: 'inherit' });
    if (result.error) throw new Error(`pg_dump could not run (${result.error.message}): install PostgreSQL's client tools`);
    if (result.status !== 0) throw new Error(`pg_dump failed (exit ${result.status})`);
    console.log(`Backup written: ${target} (pg_dump custom format of DATABASE_URL)`);
  } else {
    const dataDir = resolve(root, process.env.DATA_DIR || 'server/data/pglite');
    const { bytes, source } = await backupDataDir(dataDir);
    // Write then rename: a backup file that exists is always whole.
    const partial = `${target}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, target);
    console.log(`Backup written: ${target} (${(bytes.length / 1024 / 1024).toFixed(1)} MB, from the ${source} of ${dataDir})`);
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}

/**
 * `npm run restore -- FILE`: brings a backup of `npm run backup` back.
 * - Without DATABASE_URL: into DATA_DIR (default server/data/pglite), which must be empty or absent; then `npm start`.
 * - With DATABASE_URL: into that PostgreSQL database, which must be empty. A backup of the embedded database is copied
 *   table by table (the same migrations make the schema), which is how a programme moves from the embedded database to
 *   PostgreSQL; a pg_dump file is handed to pg_restore.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyBackupToPostgres, restoreDataDir } from '../server/db/backup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}

const summary = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');

try {
  const source = resolve(process.cwd(), file);
  const bytes = readFileSync(source);
  const url = process.env.DATABASE_URL;
  if (bytes.subarray(0, 5).toString() === 'PGDMP') {
    if (!url) throw new Error('this is a pg_dump backup: set DATABASE_URL to the (empty) PostgreSQL database to restore it into');
    const result = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, source], { stdio: 'inherit' });
    if (result.error) throw new Error(`pg_restore could not run (${result.error.message}): install PostgreSQL's client tools`);
    if (result.status !== 0) throw new Error(`pg_restore failed (exit ${result.status})`);
    console.log(`Restored ${source} into DATABASE_URL`);
  } else if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new Error(`${source} is not a Quadra backup (neither a gzipped tarball of the embedded database nor a pg_dump file)`);
  } else if (url) {
    console.log(`Restored into DATABASE_URL: ${summary(await copyBackupToPostgres(bytes, url))}`);
  } else {
    const dataDir = resolve(root, process.env.DATA_DIR || 'server/data/pglite');
    console.log(`Restored into ${dataDir}: ${summary(await restoreDataDir(bytes, dataDir))}`);
  }
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}

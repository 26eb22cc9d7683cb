/**
 * A migrated and seeded database for one test file. Without DATABASE_URL: an in-memory PGlite cloned from a
 * snapshot that is built once per machine and code version (cached in the OS temp folder, keyed by a hash of the
 * migrations, seed and data-layer sources), because creating PGlite from scratch takes seconds. With DATABASE_URL: a fresh
 * schema on that PostgreSQL server, migrated and seeded, dropped afterwards.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../../../server/db/migrate.ts';
import { prepareDatabase } from '../../../../server/db/open.ts';
import { openPglite, type PgliteDb } from '../../../../server/db/pglite.ts';
import { openPostgres } from '../../../../server/db/postgres.ts';
import type { Db } from '../../../../server/db/types.ts';

export interface TestDb {
  db: Db;
  close(): Promise<void>;
}

// Its package.json is not exported: read it from the resolved entry's folder.
const pgliteVersion = (
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
/** The code that builds the snapshot: the database's opening, migration and seed, and the data layer it fills counts with. */
const snapshotSourceDirs = ['server/db/', 'server/data/', 'server/data/rules/'].map((dir) =>
  fileURLToPath(new URL(`../../../../${dir}`, import.meta.url)),
);

async function sourceHash(): Promise<string> {
  const hash = createHash('sha1');
  for (const dir of [...snapshotSourceDirs, MIGRATIONS_DIR]) {
    for (const name of (await readdir(dir)).sort()) {
      if (name.endsWith('.ts') || name.endsWith('.sql')) hash.update(name).update(await readFile(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds a snapshot file once (write then rename: parallel test workers never read a half-written one). */
async function cachedSnapshot(file: string, build: () => Promise<Blob>): Promise<Blob> {
  if (!existsSync(file)) {
    const dump = await build();
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  return new Blob([await readFile(file)]);
}

async function dumpOf(db: PgliteDb): Promise<Blob> {
  const dump = await db.dump();
  await db.close();
  return dump;
}

// Two levels: an empty cluster (initdb is the slow part: seconds, minutes on a busy machine) keyed by the PGlite
// version, and the migrated + seeded database keyed by the server's db sources, built from the first in ~1 s.
/** A new cluster, neither migrated nor seeded. */
export const emptyPgliteSnapshot = (): Promise<Blob> =>
  cachedSnapshot(join(tmpdir(), `quadra-pglite-empty-${pgliteVersion}.tar`), async () => dumpOf(await openPglite()));

export async function pgliteSnapshot(): Promise<Blob> {
  const empty = await emptyPgliteSnapshot();
  return cachedSnapshot(join(tmpdir(), `quadra-server-test-${await sourceHash()}.tar`), async () => {
    const db = await openPglite({ snapshot: empty });
    await prepareDatabase(db);
    return dumpOf(db);
  });
}

/** `empty`: neither migrated nor seeded (a migration's test runs the migrations before its own, then its own). */
export async function openTestDb({ empty = false }: { empty?: boolean } = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite({ snapshot: empty ? await emptyPgliteSnapshot() : await pgliteSnapshot() });
    return { db, close: () => db.close() };
  }
  const schema = `quadra_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres({ connectionString: url, schema, max: 4 });
  if (!empty) await prepareDatabase(db);
  return {
    db,
    async close() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

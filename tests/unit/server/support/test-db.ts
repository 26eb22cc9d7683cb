/**
 * A migrated and seeded database for one test file. Without DATABASE_URL: an in-memory PGlite cloned from a
 * snapshot that is built once per machine and code version (cached in the OS temp folder, keyed by a hash of the
 * migrations and seed sources), because creating PGlite from scratch takes seconds. With DATABASE_URL: a fresh
 * schema on that PostgreSQL server, migrated and seeded, dropped afterwards.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../../../server/db/migrate.ts';
import { prepareDatabase } from '../../../../server/db/open.ts';
import { openPglite } from '../../../../server/db/pglite.ts';
import { openPostgres } from '../../../../server/db/postgres.ts';
import type { Db } from '../../../../server/db/types.ts';

export interface TestDb {
  db: Db;
  close(): Promise<void>;
}

const dbSourceDir = fileURLToPath(new URL('../../../../server/db/', import.meta.url));

async function sourceHash(): Promise<string> {
  const hash = createHash('sha1');
  for (const dir of [dbSourceDir, MIGRATIONS_DIR]) {
    for (const name of (await readdir(dir)).sort()) {
      if (name.endsWith('.ts') || name.endsWith('.sql')) hash.update(name).update(await readFile(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `quadra-server-test-${await sourceHash()}.tar`);
  if (!existsSync(file)) {
    const fresh = await openPglite();
    await prepareDatabase(fresh);
    const dump = await fresh.dump();
    await fresh.close();
    // Write then rename: parallel test workers never read a half-written snapshot.
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  return new Blob([await readFile(file)]);
}

export async function openTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite({ snapshot: await pgliteSnapshot() });
    return { db, close: () => db.close() };
  }
  const schema = `quadra_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres({ connectionString: url, schema, max: 4 });
  await prepareDatabase(db);
  return {
    db,
    async close() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

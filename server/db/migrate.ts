/**
 * Applies server/db/migrations/NNN_name.sql in file-name order, each inside its own transaction, and records it in
 * schema_migrations so it never runs twice. A failing migration leaves the database as it was before that file.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../root.ts';
import type { Db } from './types.ts';

export const MIGRATIONS_DIR = join(ROOT, 'server/db/migrations');

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort();
}

/** Answers the names of the migrations applied by this call (empty when the database was up to date). */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version));
  const applied: string[] = [];
  for (const name of await listMigrations(dir)) {
    if (done.has(name)) continue;
    const script = await readFile(`${dir}/${name}`, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(script);
      await tx.run('INSERT INTO schema_migrations (version) VALUES ($1)', [name]);
    });
    applied.push(name);
  }
  return applied;
}

/** What GET /api/health asks the database (routes/health.ts). */
import type { Queryable } from '../db/types.ts';

/** The schema version: the latest migration applied, without its .sql (null: none). */
export async function latestMigration(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations');
  return (row?.version ?? '').replace(/\.sql$/, '') || null;
}

import type { Queryable, SqlParam } from './types.ts';

// PostgreSQL accepts at most 65535 parameters per statement; stay well below it.
const MAX_PARAMS = 30_000;

/** Inserts many rows with multi-row VALUES statements (portable to PGlite and PostgreSQL 15, unlike COPY). */
export async function insertRows(db: Queryable, table: string, columns: readonly string[], rows: readonly (readonly SqlParam[])[]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: SqlParam[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

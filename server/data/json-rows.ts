/**
 * A long list read as one JSON value (issue 50's speed goal): the database hands each row's every field over one at a
 * time (on PGlite, a JavaScript call per field), which for 1,000 follow-up cases took as long as the query itself; the
 * rows as one json_agg are one text, parsed at once. Same rows, same order, same values (every column is text, a
 * number, a boolean or an array of them already).
 */
import type { Queryable, SqlParam } from '../db/types.ts';

/**
 * The rows of `select`, whose last column `_order` gives their order (row_number() OVER (ORDER BY ...)), without it.
 */
export async function queryRowsAsJson<R>(db: Queryable, select: string, params: readonly SqlParam[] = []): Promise<R[]> {
  const [row] = await db.query<{ rows: Array<R & { _order: number }> | null }>(
    `SELECT json_agg(q ORDER BY q._order) AS rows FROM (${select}) q`,
    params,
  );
  return (row?.rows ?? []).map(({ _order: _dropped, ...rest }) => rest as R);
}

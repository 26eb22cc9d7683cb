import type { ListRow, Placed } from '../../../../server/student-list-cache.ts';

/**
 * What ListReader.neighbours answers, from a list already in the database's order: the students `ids` in that order,
 * each with the nearest one before it that is not among them.
 */
export function neighboursIn(order: readonly ListRow[], ids: readonly string[]): Placed[] {
  const moving = new Set(ids);
  const placed: Placed[] = [];
  let after: string | null = null;
  for (const row of order) {
    if (moving.has(row.id)) placed.push({ id: row.id, after });
    else after = row.id;
  }
  return placed;
}

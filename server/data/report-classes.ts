/**
 * The classes a period report covers (issue 53): those of the chosen activities, in the order the reports list them
 * (activity by name, then class by title: rules/name-order.ts foldedOrder, src/api/name-order.ts byFoldedField, which
 * a test holds equal). Sorted here, once per request: folding each listed row's names in SQL (translate) cost more than
 * the rest of the calendar's query on the embedded database.
 */
import { byFoldedField } from '../../src/api/name-order.ts';
import type { Queryable } from '../db/types.ts';

export type ReportClass = { id: string; title: string; activityId: string; activityName: string };
const byActivity = byFoldedField<{ id: string; name: string }>((activity) => activity.name);
const byTitle = byFoldedField<ReportClass>((row) => row.title);

/** The classes of the activities `activityIds` (null: every class), in the reports' order. */
export async function reportClasses(db: Queryable, activityIds: readonly string[] | null): Promise<ReportClass[]> {
  const rows = await db.query<ReportClass>(
    `SELECT c.id, c.title, c.activity_id AS "activityId", a.name AS "activityName"
       FROM classes c JOIN activities a ON a.id = c.activity_id
      WHERE $1::text[] IS NULL OR c.activity_id = ANY($1::text[])`,
    [activityIds],
  );
  return rows.sort((a, b) => byActivity({ id: a.activityId, name: a.activityName }, { id: b.activityId, name: b.activityName }) || byTitle(a, b));
}

/**
 * SQL: the classes whose ids `classIds` (an SQL text[] expression) holds in order, each with its activity, its place in
 * that order and its activity's place (the place of the activity's first class).
 */
export const reportClassesSql = (classIds: string): string =>
  `SELECT o.place, c.id, c.title, c.activity_id, a.name AS activity_name, min(o.place) OVER (PARTITION BY c.activity_id) AS activity_place
     FROM unnest(${classIds}::text[]) WITH ORDINALITY AS o(id, place)
     JOIN classes c ON c.id = o.id
     JOIN activities a ON a.id = c.activity_id`;

/**
 * The rolls to complete as the rules give them, recounted from every roster child and mark (issue 56's query, before the
 * database kept the counts in rolls_not_marked, migration 027): what the kept counts and their read must always equal.
 */
import { ROLL_TO_COMPLETE_DAYS, type RollToComplete } from '../../../../src/api/contract.ts';
import { dateLiteral } from '../../../../server/data/columns.ts';
import { heldRoll } from '../../../../server/data/rules/frequency.ts';
import { onRoster } from '../../../../server/data/rules/roster.ts';
import type { Queryable } from '../../../../server/db/types.ts';

/** Per roll of these classes (held or not, any date): its roster children of its date that it does not mark, when any. */
export const notMarkedRecounted = (db: Queryable, classIds: readonly string[]): Promise<string[]> =>
  db
    .query<{ row: string }>(
      `SELECT r.class_id || ' ' || to_char(r.date, 'YYYY-MM-DD') || ' ' || count(*) AS row
         FROM attendance_rolls r
         JOIN class_enrollments e ON e.class_id = r.class_id AND ${onRoster('e', 'r.date')}
        WHERE r.class_id = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM attendance_entries x WHERE x.class_id = r.class_id AND x.date = r.date AND x.student_id = e.student_id)
        GROUP BY r.class_id, r.date`,
      [classIds],
    )
    .then((rows) => rows.map((row) => row.row).sort());

/** The same as the database keeps it (rolls_not_marked). */
export const notMarkedKept = (db: Queryable, classIds: readonly string[]): Promise<string[]> =>
  db
    .query<{ row: string }>(
      `SELECT class_id || ' ' || to_char(date, 'YYYY-MM-DD') || ' ' || not_marked AS row FROM rolls_not_marked WHERE class_id = ANY($1)`,
      [classIds],
    )
    .then((rows) => rows.map((row) => row.row).sort());

/** Home's list as of `day`, recounted: held rolls of the window, of classes and activities not archived, latest first. */
export const rollsToCompleteRecounted = (db: Queryable, day: string): Promise<RollToComplete[]> =>
  db.query<RollToComplete>(
    `SELECT c.id AS "classId", c.title AS "className", a.id AS "activityId", a.name AS "activityName",
            to_char(r.date, 'YYYY-MM-DD') AS date, count(*)::int AS "notMarked"
       FROM attendance_rolls r
       JOIN classes c ON c.id = r.class_id AND NOT c.archived
       JOIN activities a ON a.id = c.activity_id AND NOT a.archived
       JOIN class_enrollments e ON e.class_id = r.class_id AND ${onRoster('e', 'r.date')}
      WHERE r.date > ${dateLiteral(day)} - ${ROLL_TO_COMPLETE_DAYS} AND r.date <= ${dateLiteral(day)} AND ${heldRoll('r')}
        AND NOT EXISTS (SELECT 1 FROM attendance_entries x WHERE x.class_id = r.class_id AND x.date = r.date AND x.student_id = e.student_id)
      GROUP BY c.id, c.title, a.id, a.name, r.date
      ORDER BY r.date DESC, c.title, c.id`,
  );

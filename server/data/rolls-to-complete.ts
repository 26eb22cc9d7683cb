/**
 * Rolls to complete (issue 56): held rolls of the last ROLL_TO_COMPLETE_DAYS days that leave off children of their
 * date's roster (not marked: no roll day for them until someone corrects the roll). A class not held or a day off has no
 * marks to complete (issue 50). Home's alerts list every class's (data/reports.ts); an instructor's home lists those of
 * the classes whose rolls they may correct (routes/rolls-to-complete.ts, rules/roster.ts classOfInstructor).
 */
import { ROLL_TO_COMPLETE_DAYS, type RollToComplete } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { dateLiteral } from './columns.ts';
import { heldRoll } from './rules/frequency.ts';
import { classOfInstructor, onRoster } from './rules/roster.ts';

/**
 * The rolls to complete as of `day`, latest first; with `instructorId`, only those of that instructor's classes. The day
 * is a constant of the statement (as the alerts', data/reports.ts): without parameters (every class) it is planned once.
 */
export async function rollsToComplete(db: Queryable, day: string, instructorId: string | null = null): Promise<RollToComplete[]> {
  const on = dateLiteral(day);
  return db.query<RollToComplete>(
    `SELECT c.id AS "classId", c.title AS "className", a.id AS "activityId", a.name AS "activityName",
            to_char(r.date, 'YYYY-MM-DD') AS date, count(*)::int AS "notMarked"
       FROM attendance_rolls r
       JOIN classes c ON c.id = r.class_id AND NOT c.archived
       JOIN activities a ON a.id = c.activity_id AND NOT a.archived
       JOIN class_enrollments e ON e.class_id = r.class_id AND ${onRoster('e', 'r.date')}
      WHERE r.date > ${on} - ${ROLL_TO_COMPLETE_DAYS} AND r.date <= ${on} AND ${heldRoll('r')}
        ${instructorId === null ? '' : `AND ${classOfInstructor('c', 'a', '$1::text')}`}
        -- the window's marks only (the same bounds as the rolls'): an anti-join over the window, not over every mark
        AND NOT EXISTS (SELECT 1 FROM attendance_entries x WHERE x.class_id = r.class_id AND x.date = r.date AND x.student_id = e.student_id
                           AND x.date > ${on} - ${ROLL_TO_COMPLETE_DAYS} AND x.date <= ${on})
      GROUP BY c.id, c.title, a.id, a.name, r.date
      ORDER BY r.date DESC, c.title, c.id`,
    instructorId === null ? [] : [instructorId],
  );
}

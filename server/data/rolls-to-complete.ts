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
import { classOfInstructor } from './rules/roster.ts';

/**
 * The rolls to complete as of `day`, latest first; with `instructorId`, only those of that instructor's classes. Their
 * counts are kept by the database as rolls, enrolments and deactivations are written (migration 027, rolls_not_marked):
 * this reads the few rolls that leave someone off, not every roster child of the window against the marks. The day is a
 * constant of the statement (as the alerts', data/reports.ts): without parameters (every class) it is planned once.
 */
export async function rollsToComplete(db: Queryable, day: string, instructorId: string | null = null): Promise<RollToComplete[]> {
  const on = dateLiteral(day);
  return db.query<RollToComplete>(
    `SELECT c.id AS "classId", c.title AS "className", a.id AS "activityId", a.name AS "activityName",
            to_char(m.date, 'YYYY-MM-DD') AS date, m.not_marked AS "notMarked"
       FROM rolls_not_marked m
       JOIN attendance_rolls r ON r.class_id = m.class_id AND r.date = m.date
       JOIN classes c ON c.id = m.class_id AND NOT c.archived
       JOIN activities a ON a.id = c.activity_id AND NOT a.archived
      WHERE m.date > ${on} - ${ROLL_TO_COMPLETE_DAYS} AND m.date <= ${on} AND ${heldRoll('r')}
        ${instructorId === null ? '' : `AND ${classOfInstructor('c', 'a', '$1::text')}`}
      ORDER BY m.date DESC, c.title, c.id`,
    instructorId === null ? [] : [instructorId],
  );
}

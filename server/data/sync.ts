/**
 * What GET /sync reads (routes/sync.ts): each part's records shaped as the list routes answer them (data/catalog.ts
 * columns, data/student-list.ts summaries), so the app writes them into the same cached lists its screens read; and
 * what a change of one record makes changed in others (an activity's classes, a class's students and rolls).
 */
import type { Activity, ClassGroup, Roll, SyncStudent, User } from '../../src/api/contract.ts';
import { SYNC_ROLL_DAYS } from '../../src/api/sync-columns.ts';
import { studentFilterFields } from '../../src/api/student-filters.ts';
import type { Queryable } from '../db/types.ts';
import { activityColumns, classColumns, toClassGroup, type StoredClass } from './catalog.ts';
import { foldedOrder } from './rules/name-order.ts';
import { classOfInstructor, onRoster, seenByInstructor, today } from './rules/roster.ts';
import { studentSummarySql } from './student-list.ts';

/** The parts of a sync answer. */
export type SyncEntity = 'students' | 'activities' | 'classes' | 'rolls' | 'users';

/**
 * Students as the list shows them by default (active), with the classes whose roster has them today (`$1`), of those
 * `classes` narrows them to (an instructor's: another instructor's class and who is in it stay off their device; nor
 * the record's lists the list filters by, which an instructor's list does not carry).
 */
const studentsSql = (where: string, classes = '') => `
  SELECT b.id, b.name, b."civilName", b."frequencyPercent", ${studentFilterFields.map((field) => (classes ? `NULL AS "${field}"` : `b."${field}"`)).join(', ')},
         coalesce((SELECT array_agg(DISTINCT e.class_id ORDER BY e.class_id)
                     FROM class_enrollments e JOIN classes c ON c.id = e.class_id AND NOT c.archived
                     JOIN activities a ON a.id = c.activity_id AND NOT a.archived
                    WHERE e.student_id = b.id AND ${onRoster('e', '$1::date')} ${classes}), '{}') AS "classIds"
    FROM (${studentSummarySql(`WHERE s.active ${where}`, '', !classes)}) b
   ORDER BY b.name, b.id`;
// The same columns as GET /activities and GET /classes answer (catalog.ts), into the same cached lists: an edit starts
// from its record's version, and the roll call's chooser and the class page read a class's instructor.
const activitiesSql = (where: string) =>
  `SELECT ${activityColumns} FROM activities WHERE NOT archived ${where} ORDER BY ${foldedOrder('name', 'id')}`;
// A class of an archived activity is left out, as GET /classes leaves it out.
const classesSql = (where: string) =>
  `SELECT ${classColumns} FROM classes c JOIN activities a ON a.id = c.activity_id WHERE NOT (c.archived OR a.archived) ${where} ORDER BY ${foldedOrder('c.title', 'c.id')}`;
const usersSql = (where: string) =>
  `SELECT id, full_name, phone, access, formation, email, active, version FROM users ${where} ORDER BY ${foldedOrder('full_name', 'id')}`;
const rollsSql = (where: string) => `
  SELECT r.class_id AS "classId", to_char(r.date, 'YYYY-MM-DD') AS date, r.taken_by AS "takenBy",
         to_char(r.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "takenAt",
         r.first_taken_by AS "firstTakenBy",
         to_char(r.first_taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "firstTakenAt",
         r.corrected_by AS "correctedBy",
         to_char(r.corrected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "correctedAt",
         -- a reason and a note only on a justified absence (json_strip_nulls leaves them out elsewhere)
         coalesce((SELECT json_agg(json_strip_nulls(json_build_object('studentId', a.student_id, 'status', a.status, 'reason', a.reason, 'note', a.note)) ORDER BY a.position)
            FROM attendance_entries a WHERE a.class_id = r.class_id AND a.date = r.date), '[]'::json) AS entries,
         -- a class not held (issue 50): its reason, and a note only with OTHER
         CASE WHEN r.not_held_reason IS NOT NULL THEN json_strip_nulls(json_build_object('reason', r.not_held_reason, 'note', r.not_held_note)) END AS "notHeld"
    FROM attendance_rolls r
   WHERE r.date >= current_date - ${SYNC_ROLL_DAYS} ${where}
   ORDER BY r.class_id, r.date`;

/**
 * The records of one part: all of them, or those of these ids. `instructorId`: an instructor's device holds the rolls and
 * the students of their own classes and of the classes that name no instructor, not every class's (roster.ts
 * seenByInstructor).
 */
export async function readPart(tx: Queryable, entity: SyncEntity, ids: string[] | null, instructorId: string | null): Promise<unknown[]> {
  switch (entity) {
    case 'students': {
      const seen = (n: number) => (instructorId ? `AND ${seenByInstructor('s.id', `$${n}`, '$1::date')}` : '');
      const theirClasses = (n: number) => (instructorId ? `AND ${classOfInstructor('c', 'a', `$${n}`)}` : '');
      const mine = instructorId ? [instructorId] : [];
      return ids
        ? tx.query<SyncStudent>(studentsSql(`AND s.id = ANY($2) ${seen(3)}`, theirClasses(3)), [today(), ids, ...mine])
        : tx.query<SyncStudent>(studentsSql(seen(2), theirClasses(2)), [today(), ...mine]);
    }
    case 'activities':
      return ids ? tx.query<Activity>(activitiesSql('AND id = ANY($1)'), [ids]) : tx.query<Activity>(activitiesSql(''));
    case 'classes':
      return (ids ? await tx.query<StoredClass>(classesSql('AND c.id = ANY($1)'), [ids]) : await tx.query<StoredClass>(classesSql(''))).map(
        (row): ClassGroup => toClassGroup(row),
      );
    case 'users':
      return ids ? tx.query<User>(usersSql('WHERE id = ANY($1)'), [ids]) : tx.query<User>(usersSql(''));
    case 'rolls': {
      // A held roll's notHeld (null from SQL) is left out, as the contract has it.
      const held = (rolls: Roll[]) => rolls.map(({ notHeld, ...roll }) => (notHeld ? { ...roll, notHeld } : roll));
      const byKey = `r.class_id || '/' || to_char(r.date, 'YYYY-MM-DD') = ANY($1)`;
      if (!instructorId) return held(ids ? await tx.query<Roll>(rollsSql(`AND ${byKey}`), [ids]) : await tx.query<Roll>(rollsSql('')));
      // Of the classes they see, neither archived nor of an archived activity (roster.ts requireClass refuses those).
      const mine = (n: number) =>
        `AND r.class_id IN (SELECT c.id FROM classes c JOIN activities a ON a.id = c.activity_id WHERE ${classOfInstructor('c', 'a', `$${n}`)})`;
      return held(
        ids
          ? await tx.query<Roll>(rollsSql(`AND ${byKey} ${mine(2)}`), [ids, instructorId])
          : await tx.query<Roll>(rollsSql(mine(1)), [instructorId]),
      );
    }
  }
}

/** The classes of these activities (an activity archived or restored takes its classes out of or back into the lists). */
export const classesOfActivities = (tx: Queryable, activityIds: readonly string[]): Promise<{ id: string }[]> =>
  tx.query<{ id: string }>('SELECT id FROM classes WHERE activity_id = ANY($1)', [activityIds]);

/** Every student ever enrolled in these classes. */
export const studentsOfClasses = (tx: Queryable, classIds: readonly string[]): Promise<{ id: string }[]> =>
  tx.query<{ id: string }>('SELECT DISTINCT student_id AS id FROM class_enrollments WHERE class_id = ANY($1)', [classIds]);

/** The keys ('<classId>/<YYYY-MM-DD>') of these classes' rolls of the days a device keeps (SYNC_ROLL_DAYS). */
export const recentRollKeysOf = (tx: Queryable, classIds: readonly string[]): Promise<{ id: string }[]> =>
  tx.query<{ id: string }>(
    `SELECT class_id || '/' || to_char(date, 'YYYY-MM-DD') AS id FROM attendance_rolls
                  WHERE class_id = ANY($1) AND date >= current_date - ${SYNC_ROLL_DAYS}`,
    [classIds],
  );

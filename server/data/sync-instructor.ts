/**
 * What an instructor's delta sync may name. Their device holds the students and rolls of the classes they see (their
 * own and those that name no instructor: roster.ts seenByInstructor). A delta removes what left their sight, and must
 * not name what was never in it: the id of a child in another instructor's class, edited or handed over elsewhere, is
 * no business of this device (LGPD art. 14, least privilege).
 *
 * So the delta's removals, and the students and rolls a changed class sends again, are kept to the classes this
 * instructor sees now or saw since the cursor (a class handed over from them, or from "every instructor": migrations
 * 010_class_handovers.sql and 022_class_schedules.sql; one of several instructors taken off a class is handed over from). Enrolments are never deleted, only ended, so a student this instructor could have held has
 * an enrolment in one of those classes, open or ended lately.
 */
import type { Queryable } from '../db/types.ts';

/** `handovers`: the change rows' ids '<classId>/<old instructor id or nothing>' since the cursor. */
export async function classesSeenSince(tx: Queryable, instructorId: string, handovers: readonly string[]): Promise<Set<string>> {
  const now = await tx.query<{ id: string }>('SELECT id FROM classes WHERE cardinality(instructor_ids) = 0 OR $1 = ANY (instructor_ids)', [
    instructorId,
  ]);
  const seen = new Set(now.map((row) => row.id));
  for (const handover of handovers) {
    const at = handover.lastIndexOf('/');
    const before = handover.slice(at + 1);
    if (before === '' || before === instructorId) seen.add(handover.slice(0, at));
  }
  return seen;
}

/**
 * Of these students, those enrolled in one of these classes lately: the ones the device may have held. A device's first
 * sync of each day is a full one (src/offline/sync.ts), so a delta's cursor is of today or yesterday wherever the
 * device is: an enrolment that ended before yesterday (in UTC, a day early anywhere) had taken the child off already.
 */
export async function enrolledIn(tx: Queryable, studentIds: readonly string[], classIds: ReadonlySet<string>): Promise<Set<string>> {
  if (studentIds.length === 0 || classIds.size === 0) return new Set();
  const rows = await tx.query<{ id: string }>(
    `SELECT DISTINCT student_id AS id FROM class_enrollments
      WHERE student_id = ANY($1) AND class_id = ANY($2) AND (ended_on IS NULL OR ended_on >= current_date - 2)`,
    [studentIds, [...classIds]],
  );
  return new Set(rows.map((row) => row.id));
}

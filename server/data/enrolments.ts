/**
 * Enrolments: a student on a class's roster from a day (inclusive) until a day (exclusive; none: open). Never deleted,
 * only ended, so history (rolls, frequencies) keeps who was on the roster when. Who is on a roster on a given day is
 * rules/roster.ts; a change here recounts the student's attendance (rules/counts.ts recountStudent, the caller's).
 */
import type { Queryable } from '../db/types.ts';

/** One period of a student in a class (YYYY-MM-DD; `to` null: open). */
export type EnrolmentPeriod = { from: string; to: string | null };

/** The enrolments of one student in one class, latest first, locked for the change that reads them. */
export const periodsOf = (tx: Queryable, classId: string, studentId: string): Promise<EnrolmentPeriod[]> =>
  tx.query<EnrolmentPeriod>(
    `SELECT to_char(enrolled_on, 'YYYY-MM-DD') AS "from", to_char(ended_on, 'YYYY-MM-DD') AS "to"
       FROM class_enrollments WHERE class_id = $1 AND student_id = $2 ORDER BY enrolled_on DESC FOR UPDATE`,
    [classId, studentId],
  );

/** A new open enrolment from `from`. */
export async function insertEnrolment(tx: Queryable, classId: string, studentId: string, from: string): Promise<void> {
  await tx.run('INSERT INTO class_enrollments (class_id, student_id, enrolled_on) VALUES ($1, $2, $3)', [classId, studentId, from]);
}

/** The enrolment that began on `from` open again (enrolled again from the same day). */
export async function reopenEnrolment(tx: Queryable, classId: string, studentId: string, from: string): Promise<void> {
  await tx.run('UPDATE class_enrollments SET ended_on = NULL WHERE class_id = $1 AND student_id = $2 AND enrolled_on = $3', [
    classId,
    studentId,
    from,
  ]);
}

/** The enrolment that began on `from` ended at `to` (the first day off the roster). */
export async function endEnrolment(tx: Queryable, classId: string, studentId: string, from: string, to: string): Promise<void> {
  await tx.run('UPDATE class_enrollments SET ended_on = $4 WHERE class_id = $1 AND student_id = $2 AND enrolled_on = $3', [
    classId,
    studentId,
    from,
    to,
  ]);
}

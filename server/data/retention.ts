/**
 * Retention and anonymisation (issue 51, LGPD arts. 16 and 18): which deactivated students are past the retention period
 * (RETENTION_YEARS after their deactivation), and the anonymisation of one of them. What is removed and what is kept is
 * decided here, in one transaction: the child's personal data goes (name, CPF, birth day and month, street address,
 * school, guardians, documents with their bytes, consents, anamnese answers, the free text of notes and reasons); the
 * id, the enrolments, every mark and the kept counts stay, so every past report and percentage stays as it was.
 */
import type { RetentionStudent } from '../../src/api/retention-contract.ts';
import type { Queryable, SqlParam } from '../db/types.ts';

/** The students listed for anonymisation: inactive since `deactivatedBefore` or earlier (YYYY-MM-DD), not yet anonymised. */
export const studentsDue = (db: Queryable, deactivatedBefore: string): Promise<RetentionStudent[]> =>
  db.query<RetentionStudent>(
    `SELECT id, full_name AS "fullName", to_char(status_date, 'YYYY-MM-DD') AS "deactivatedOn"
       FROM students
      WHERE NOT active AND anonymised_at IS NULL AND status_date <= $1::date
      ORDER BY status_date, sort_name COLLATE "C", id COLLATE "C"`,
    [deactivatedBefore],
  );

/** Where a student stands: none, already anonymised (with its code and when), due (past `deactivatedBefore`) or not. */
export type RetentionState =
  { state: 'none' } | { state: 'anonymised'; code: string; anonymisedAt: string } | { state: 'due' } | { state: 'not-due' };

/** The student's row locked for the anonymisation, and where it stands. */
export async function lockForAnonymisation(tx: Queryable, id: string, deactivatedBefore: string): Promise<RetentionState> {
  const [row] = await tx.query<{ full_name: string; anonymised_at: string | null; due: boolean }>(
    `SELECT full_name, to_char(anonymised_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS anonymised_at,
            (NOT active AND status_date <= $2::date) AS due
       FROM students WHERE id = $1 FOR UPDATE`,
    [id, deactivatedBefore],
  );
  if (!row) return { state: 'none' };
  if (row.anonymised_at !== null) return { state: 'anonymised', code: row.full_name, anonymisedAt: row.anonymised_at };
  return { state: row.due ? 'due' : 'not-due' };
}

/**
 * Removes the student's personal data and puts the code in place of the name; answers when it was done. The consents go
 * first: they name the guardians and documents that go after them.
 */
export async function anonymiseStudent(tx: Queryable, id: string, code: string): Promise<string> {
  await tx.run('DELETE FROM student_consents WHERE student_id = $1', [id]);
  await tx.run('DELETE FROM student_assessments WHERE student_id = $1', [id]);
  await tx.run('DELETE FROM student_documents WHERE student_id = $1', [id]);
  await tx.run('DELETE FROM guardians WHERE student_id = $1', [id]);
  // A justified absence keeps its reason (the reports count it) and loses its free text, which may name the child.
  await tx.run('UPDATE attendance_entries SET note = NULL WHERE student_id = $1 AND note IS NOT NULL', [id]);
  await tx.run("UPDATE student_inactivity SET reason = '' WHERE student_id = $1", [id]);
  // A follow-up case keeps its origin, steps' kinds, causes and outcome (the follow-up report counts them) and loses its
  // notes, which may name the child or the family (issue 50).
  await tx.run('UPDATE follow_up_steps SET note = NULL WHERE case_id IN (SELECT id FROM follow_up_cases WHERE student_id = $1)', [id]);
  await tx.run('UPDATE follow_up_cases SET note = NULL, close_note = NULL WHERE student_id = $1', [id]);
  // The birth date keeps its year (1 January of it), the postcode its first five digits (the postal sector, the
  // neighbourhood: the street text, which held the rest of the address, goes).
  const [row] = await tx.query<{ anonymised_at: string }>(
    `UPDATE students
        SET full_name = $2,
            social_name = NULL,
            registration_number = NULL,
            date_of_birth = make_date(extract(year FROM date_of_birth)::int, 1, 1),
            address_code = CASE WHEN address_code ~ '^[0-9]{8}$' THEN substr(address_code, 1, 5) || '000' END,
            address_street = NULL, address_number = NULL, address_complement = NULL,
            school_name = NULL,
            status_reason = NULL,
            anonymised_at = now(),
            version = version + 1
      WHERE id = $1
      RETURNING to_char(anonymised_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS anonymised_at`,
    [id, code],
  );
  return row!.anonymised_at;
}

/**
 * The anonymised students a device may still hold: those anonymised since the cursor (a delta), else in the last 30 days
 * (a full sync: a device's copy is dropped after 20 days without a visit, so an older one cannot hold them). An
 * instructor's device (`classIds`, the classes they see or saw) hears only of children once enrolled in one of them:
 * a delta never names a child who was never in their classes (sync-instructor.ts).
 */
export async function anonymisedForSync(
  tx: Queryable,
  changedStudentIds: readonly string[] | null,
  classIds: ReadonlySet<string> | null,
): Promise<string[]> {
  const params: SqlParam[] = [];
  const which = changedStudentIds
    ? `s.id = ANY($${params.push(changedStudentIds)}::text[]) AND s.anonymised_at IS NOT NULL`
    : "s.anonymised_at >= now() - interval '30 days'";
  const theirs = classIds
    ? `AND EXISTS (SELECT 1 FROM class_enrollments e WHERE e.student_id = s.id AND e.class_id = ANY($${params.push([...classIds])}::text[]))`
    : '';
  const rows = await tx.query<{ id: string }>(`SELECT s.id FROM students s WHERE ${which} ${theirs}`, params);
  return rows.map((row) => row.id);
}

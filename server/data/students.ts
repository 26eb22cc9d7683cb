/**
 * A student's record: where it is read and written (registration, edits, status). The lists of students (the list,
 * rosters) are data/student-list.ts; enrolments data/enrolments.ts; the frequency detail data/student-frequency.ts.
 */
import { onlyDigits, studentRecordFields, type Student, type StudentCreate, type StudentRecordField } from '../../src/api/contract.ts';
import { storedSchoolYear } from '../../src/api/school-years.ts';
import type { Queryable } from '../db/types.ts';
import { studentSummarySql } from './student-list.ts';

const emptyToNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

/** The stored columns of a registration, in the order of registrationValues. */
export const studentColumns = [
  'full_name',
  'date_of_birth',
  'registration_number',
  'enrollment_date',
  'race',
  'gender',
  'school_name',
  'school_year',
  'social_program',
  'employment_status',
  'education_level',
  'address_code',
  'address_street',
  'address_number',
  'address_complement',
  'social_name',
  'school_shift',
  'address_neighborhood',
  'address_city',
  'address_state',
  'grade_gap',
] as const;

/**
 * The fields of the registration that differ between two lists of registrationValues, by their contract names
 * (studentRecordFields is in the same order): what an edit changed, for its access-record entry.
 */
export const changedRegistrationFields = (before: readonly (string | null)[], after: readonly (string | null)[]): StudentRecordField[] =>
  studentRecordFields.filter((_, i) => before[i] !== after[i]);

/** The stored columns of a registration, in the order of studentColumns (empty text stored as null, a CPF as digits). */
export function registrationValues(body: Omit<StudentCreate, 'id'>): (string | null)[] {
  const cpf = emptyToNull(body.registrationNumber);
  return [
    body.fullName,
    emptyToNull(body.dateOfBirth),
    cpf === null ? null : onlyDigits(cpf),
    emptyToNull(body.enrollmentDate),
    emptyToNull(body.race),
    emptyToNull(body.gender),
    emptyToNull(body.schoolName),
    body.schoolYear ? storedSchoolYear(body.schoolYear) : null,
    emptyToNull(body.socialProgram),
    emptyToNull(body.employmentStatus),
    emptyToNull(body.educationLevel),
    emptyToNull(body.address?.code),
    emptyToNull(body.address?.street),
    emptyToNull(body.address?.number),
    emptyToNull(body.address?.complement),
    emptyToNull(body.socialName?.trim()),
    emptyToNull(body.schoolShift),
    emptyToNull(body.address?.neighborhood),
    emptyToNull(body.address?.city),
    emptyToNull(body.address?.state),
    // Stored as text in this list (compared for the access record) and cast by the writes.
    body.gradeGap === undefined || body.gradeGap === null ? null : String(body.gradeGap),
  ];
}

type StudentRow = Record<Exclude<(typeof studentColumns)[number], 'grade_gap'>, string | null> & {
  grade_gap: boolean | null;
  id: string;
  active: boolean;
  status_date: string | null;
  status_reason: string | null;
  version: number;
  anonymised_at: string | null;
};

/** The one column that is not text: its value travels as 'true' / 'false' in registrationValues. */
export const columnCast = (column: (typeof studentColumns)[number]): string => (column === 'grade_gap' ? '::boolean' : '');

const optional = <K extends string>(key: K, value: string | null): Partial<Record<K, string>> =>
  value === null ? {} : ({ [key]: value } as Record<K, string>);

export async function studentExists(db: Queryable, id: string): Promise<boolean> {
  const [found] = await db.query('SELECT 1 FROM students WHERE id = $1', [id]);
  return found !== undefined;
}

/** The whole record of GET /students/{id}, or undefined when there is no such student. */
export async function readStudent(db: Queryable, id: string): Promise<Student | undefined> {
  const [row] = await db.query<StudentRow>(
    `SELECT id, ${studentColumns.map((c) => (c.endsWith('_date') || c === 'date_of_birth' ? `to_char(${c}, 'YYYY-MM-DD') AS ${c}` : c)).join(', ')},
            active, to_char(status_date, 'YYYY-MM-DD') AS status_date, status_reason, version,
            to_char(anonymised_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS anonymised_at
       FROM students WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const [summary] = await db.query<{ frequencyPercent: number }>(studentSummarySql('WHERE s.id = $1', 'WHERE student_id = $1'), [id]);
  const enrolments = await db.query<{ classId: string; from: string; to: string | null }>(
    `SELECT class_id AS "classId", to_char(enrolled_on, 'YYYY-MM-DD') AS "from", to_char(ended_on, 'YYYY-MM-DD') AS "to"
       FROM class_enrollments WHERE student_id = $1 ORDER BY enrolled_on, class_id`,
    [id],
  );
  return {
    id: row.id,
    fullName: row.full_name!,
    ...optional('dateOfBirth', row.date_of_birth),
    ...optional('registrationNumber', row.registration_number),
    ...optional('enrollmentDate', row.enrollment_date),
    ...optional('race', row.race),
    ...optional('gender', row.gender),
    ...optional('schoolName', row.school_name),
    ...optional('schoolYear', row.school_year),
    ...optional('socialName', row.social_name),
    ...optional('schoolShift', row.school_shift),
    ...(row.grade_gap === null ? {} : { gradeGap: row.grade_gap }),
    ...optional('socialProgram', row.social_program),
    ...optional('employmentStatus', row.employment_status),
    ...optional('educationLevel', row.education_level),
    address: {
      ...optional('code', row.address_code),
      ...optional('street', row.address_street),
      ...optional('number', row.address_number),
      ...optional('complement', row.address_complement),
      ...optional('neighborhood', row.address_neighborhood),
      ...optional('city', row.address_city),
      ...optional('state', row.address_state),
    },
    active: row.active,
    ...optional('statusDate', row.status_date),
    ...optional('statusReason', row.status_reason),
    ...optional('anonymisedAt', row.anonymised_at),
    frequencyPercent: summary?.frequencyPercent ?? 0,
    enrolments: enrolments.map(({ classId, from, to }) => ({ classId, from, ...(to === null ? {} : { to }) })),
    version: row.version,
  };
}

/** Inserts the registration unless its id exists: whether it did. A CPF already registered throws the unique violation. */
export async function insertStudent(db: Queryable, id: string, values: readonly (string | null)[]): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO students (id, ${studentColumns.join(', ')})
           VALUES ($1, ${studentColumns.map((c, i) => `$${i + 2}${columnCast(c)}`).join(', ')})
           ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, ...values],
  );
  return rows.length === 1;
}

/** Locks the student's row for the change that reads it: false when there is no such student. */
export async function lockStudent(tx: Queryable, id: string): Promise<boolean> {
  const [row] = await tx.query<{ version: number }>('SELECT version FROM students WHERE id = $1 FOR UPDATE', [id]);
  return row !== undefined;
}

/** Writes the registration (registrationValues) and a new version. A CPF already registered throws the unique violation. */
export async function updateRegistration(tx: Queryable, id: string, values: readonly (string | null)[]): Promise<void> {
  await tx.run(
    `UPDATE students SET ${studentColumns.map((c, i) => `${c} = $${i + 2}${columnCast(c)}`).join(', ')}, version = version + 1 WHERE id = $1`,
    [id, ...values],
  );
}

/** Whether the student has a period of inactivity that ended after `date` (a deactivation cannot go back before it). */
export async function inactiveAfter(tx: Queryable, id: string, date: string): Promise<boolean> {
  const [later] = await tx.query('SELECT 1 FROM student_inactivity WHERE student_id = $1 AND until_on > $2', [id, date]);
  return later !== undefined;
}

/** The first day of the student's open period of inactivity (YYYY-MM-DD); undefined when they are not inactive. */
export async function openInactivitySince(tx: Queryable, id: string): Promise<string | undefined> {
  const [open] = await tx.query<{ from_on: string }>(
    "SELECT to_char(from_on, 'YYYY-MM-DD') AS from_on FROM student_inactivity WHERE student_id = $1 AND until_on IS NULL",
    [id],
  );
  return open?.from_on;
}

/** Opens a period of inactivity from `date`; deactivated again on the day of a reactivation, that day's row is reopened. */
export async function openInactivity(tx: Queryable, id: string, date: string, reason: string): Promise<void> {
  await tx.run(
    `INSERT INTO student_inactivity (student_id, from_on, reason) VALUES ($1, $2, $3)
             ON CONFLICT (student_id, from_on) DO UPDATE SET until_on = NULL, reason = EXCLUDED.reason`,
    [id, date, reason],
  );
}

/** Ends the open period of inactivity on `date` (the first day back on the rosters). */
export async function closeInactivity(tx: Queryable, id: string, date: string): Promise<void> {
  await tx.run('UPDATE student_inactivity SET until_on = $2 WHERE student_id = $1 AND until_on IS NULL', [id, date]);
}

/** The student's status, its date and reason, and a new version. */
export async function setStatus(tx: Queryable, id: string, status: { active: boolean; date: string; reason: string }): Promise<void> {
  await tx.run('UPDATE students SET active = $2, status_date = $3, status_reason = $4, version = version + 1 WHERE id = $1', [
    id,
    status.active,
    status.date,
    status.reason,
  ]);
}

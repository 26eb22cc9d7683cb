/**
 * Assessment forms (anamnese) and a child's answers: every SQL statement of them (routes only parse, check and call).
 * A form's version is never changed once written; an edit of its questions inserts the next version.
 */
import type { Assessment, AssessmentForm, AssessmentFormType, Answers, Question } from '../../src/api/assessment-contract.ts';
import type { Queryable } from '../db/types.ts';
import { instant } from './columns.ts';

const formColumns = `form_type AS "formType", version, questions, ${instant('created_at')} AS "createdAt", created_by AS "createdBy"`;

/** jsonb comes back parsed from node-postgres and PGlite alike; a text column (an older driver) is parsed here. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export async function listForms(db: Queryable): Promise<AssessmentForm[]> {
  const rows = await db.query<AssessmentForm>(`SELECT ${formColumns} FROM assessment_forms ORDER BY form_type, version`);
  return rows.map((row) => ({ ...row, questions: parsed<Question[]>(row.questions) }));
}

export async function formVersion(db: Queryable, formType: AssessmentFormType, version: number): Promise<AssessmentForm | undefined> {
  const [row] = await db.query<AssessmentForm>(`SELECT ${formColumns} FROM assessment_forms WHERE form_type = $1 AND version = $2`, [
    formType,
    version,
  ]);
  return row && { ...row, questions: parsed<Question[]>(row.questions) };
}

/** The latest version of a form, locked so two edits cannot both make the same next version. */
export async function lockLatestForm(tx: Queryable, formType: AssessmentFormType): Promise<AssessmentForm | undefined> {
  const [row] = await tx.query<AssessmentForm>(
    `SELECT ${formColumns} FROM assessment_forms WHERE form_type = $1 ORDER BY version DESC LIMIT 1 FOR UPDATE`,
    [formType],
  );
  return row && { ...row, questions: parsed<Question[]>(row.questions) };
}

export async function insertFormVersion(
  tx: Queryable,
  formType: AssessmentFormType,
  version: number,
  questions: readonly Question[],
  createdBy: string,
): Promise<AssessmentForm> {
  const [row] = await tx.query<AssessmentForm>(
    `INSERT INTO assessment_forms (form_type, version, questions, created_by) VALUES ($1, $2, $3::jsonb, $4) RETURNING ${formColumns}`,
    [formType, version, JSON.stringify(questions), createdBy],
  );
  return { ...row!, questions: parsed<Question[]>(row!.questions) };
}

const assessmentColumns = `student_id AS "studentId", form_type AS "formType", form_version AS "formVersion", answers, version,
  written_by AS "writtenBy", written_by_access AS "writtenByAccess", ${instant('written_at')} AS "writtenAt",
  reviewed_at IS NOT NULL AS reviewed, reviewed_by AS "reviewedBy", ${instant('reviewed_at')} AS "reviewedAt"`;

const asAssessment = (row: Assessment): Assessment => ({ ...row, answers: parsed<Answers>(row.answers) });

/** A child's answers to the forms named (those the reader's role reads), in the forms' order. */
export async function studentAssessments(db: Queryable, studentId: string, formTypes: readonly AssessmentFormType[]): Promise<Assessment[]> {
  if (formTypes.length === 0) return [];
  const rows = await db.query<Assessment>(
    `SELECT ${assessmentColumns} FROM student_assessments WHERE student_id = $1 AND form_type = ANY($2::text[]) ORDER BY form_type`,
    [studentId, formTypes],
  );
  return rows.map(asAssessment);
}

export async function lockAssessment(tx: Queryable, studentId: string, formType: AssessmentFormType): Promise<Assessment | undefined> {
  const [row] = await tx.query<Assessment>(
    `SELECT ${assessmentColumns} FROM student_assessments WHERE student_id = $1 AND form_type = $2 FOR UPDATE`,
    [studentId, formType],
  );
  return row && asAssessment(row);
}

export type Writer = { id: string; name: string; access: string };

/**
 * Saves a child's answers (the first save inserts, a later one replaces and counts a version). `reviewed`: the writer
 * needs no review (a psychologist or social worker on their own form); an intern's save clears an earlier review.
 */
export async function saveAssessment(
  tx: Queryable,
  input: { studentId: string; formType: AssessmentFormType; formVersion: number; answers: Answers },
  writer: Writer,
  reviewed: boolean,
): Promise<Assessment> {
  const [row] = await tx.query<Assessment>(
    `INSERT INTO student_assessments AS a (student_id, form_type, form_version, answers, written_by_id, written_by, written_by_access, reviewed_by, reviewed_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, CASE WHEN $8 THEN $6 END, CASE WHEN $8 THEN now() END)
     ON CONFLICT (student_id, form_type) DO UPDATE SET form_version = EXCLUDED.form_version, answers = EXCLUDED.answers,
       version = a.version + 1, written_by_id = EXCLUDED.written_by_id, written_by = EXCLUDED.written_by,
       written_by_access = EXCLUDED.written_by_access, written_at = now(), reviewed_by = EXCLUDED.reviewed_by,
       reviewed_at = EXCLUDED.reviewed_at
     RETURNING ${assessmentColumns}`,
    [input.studentId, input.formType, input.formVersion, JSON.stringify(input.answers), writer.id, writer.name, writer.access, reviewed],
  );
  return asAssessment(row!);
}

/** Marks the answers reviewed by `reviewer` (the answers stay the intern's words; the version counts the review). */
export async function markReviewed(tx: Queryable, studentId: string, formType: AssessmentFormType, reviewer: string): Promise<Assessment> {
  const [row] = await tx.query<Assessment>(
    `UPDATE student_assessments SET reviewed_by = $3, reviewed_at = now(), version = version + 1
      WHERE student_id = $1 AND form_type = $2 RETURNING ${assessmentColumns}`,
    [studentId, formType, reviewer],
  );
  return asAssessment(row!);
}

export async function studentExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM students WHERE id = $1', [id])).length > 0;
}

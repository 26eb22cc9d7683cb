/**
 * A guardian's copy of everything Quadra holds about one child (issue 51, LGPD art. 18 II and V): the record, its status
 * history, every guardian (the removed ones too), enrolments, every attendance mark with its reason, consents with the
 * term texts they were given on, the anamnese answers, the follow-up cases with their steps, causes, notes and outcome
 * (issue 50), the general roll's marks (issue 52), the documents with their files, and the child's access record.
 * Read in one transaction (one moment of the data); the ZIP is made by server/student-export-zip.ts.
 */
import type { AccessLogEntry, Guardian, Student, StudentDocument } from '../../src/api/contract.ts';
import type { Assessment, AssessmentForm, AssessmentFormType } from '../../src/api/assessment-contract.ts';
import type { FollowUpCase } from '../../src/api/cases-contract.ts';
import type { Consent, ConsentTerm } from '../../src/api/consents-contract.ts';
import type { ConsentPurpose, ConsentStateMap } from '../../src/api/consent-states.ts';
import type { Db, Queryable } from '../db/types.ts';
import { accessRecordOf } from './access-record.ts';
import { formVersion, studentAssessments } from './assessments.ts';
import { casesOfStudent } from './cases.ts';
import { consentHistory, consentTerms } from './consents.ts';
import { documentsWithFiles } from './documents.ts';
import { generalRollMarksOf, type GeneralRollMark } from './general-roll.ts';
import { guardiansEverOf } from './guardians.ts';
import { heldRoll } from './rules/frequency.ts';
import { readStudent } from './students.ts';

export type ExportedEnrolment = { classId: string; classTitle: string; activityName: string; from: string; to: string | null };
/** `counted`: the roll was held (not a day off nor a class not held), so the mark counts in the frequency. */
export type ExportedMark = {
  date: string;
  classId: string;
  classTitle: string;
  activityName: string;
  status: string;
  reason: string | null;
  note: string | null;
  counted: boolean;
};
export type ExportedInactivity = { from: string; until: string | null; reason: string | null };

export type StudentExport = {
  student: Student;
  statusHistory: ExportedInactivity[];
  guardians: (Guardian & { removedAt: string | null })[];
  enrolments: ExportedEnrolment[];
  attendance: ExportedMark[];
  /** The child's marks on the general roll (arrival at the centre), oldest first. */
  generalRoll: GeneralRollMark[];
  consents: { entries: Consent[]; current: ConsentStateMap; toRenew: ConsentPurpose[]; terms: ConsentTerm[] };
  /** Each set of answers with the form version it was written on (its questions' texts). */
  assessments: { assessment: Assessment; form: AssessmentForm | undefined }[];
  /** Follow-up cases, as the profile shows them (the open one first), with their steps, causes, notes and outcome. */
  cases: FollowUpCase[];
  documents: (StudentDocument & { content: Buffer })[];
  accessRecord: AccessLogEntry[];
};

const enrolmentsOf = (db: Queryable, studentId: string) =>
  db.query<ExportedEnrolment>(
    `SELECT e.class_id AS "classId", c.title AS "classTitle", a.name AS "activityName",
            to_char(e.enrolled_on, 'YYYY-MM-DD') AS "from", to_char(e.ended_on, 'YYYY-MM-DD') AS "to"
       FROM class_enrollments e JOIN classes c ON c.id = e.class_id JOIN activities a ON a.id = c.activity_id
      WHERE e.student_id = $1 ORDER BY e.enrolled_on, a.name, c.title`,
    [studentId],
  );

const marksOf = (db: Queryable, studentId: string) =>
  db.query<ExportedMark>(
    `SELECT to_char(e.date, 'YYYY-MM-DD') AS date, e.class_id AS "classId", c.title AS "classTitle", a.name AS "activityName",
            e.status, e.reason, e.note, ${heldRoll('r')} AS counted
       FROM attendance_entries e JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date = e.date
       JOIN classes c ON c.id = e.class_id JOIN activities a ON a.id = c.activity_id
      WHERE e.student_id = $1 ORDER BY e.date, a.name, c.title`,
    [studentId],
  );

const inactivityOf = (db: Queryable, studentId: string) =>
  db.query<ExportedInactivity>(
    `SELECT to_char(from_on, 'YYYY-MM-DD') AS "from", to_char(until_on, 'YYYY-MM-DD') AS until, reason
       FROM student_inactivity WHERE student_id = $1 ORDER BY from_on`,
    [studentId],
  );

/**
 * Everything about the student, or undefined when there is none. `formTypes`: the anamnese forms the reader's role
 * reads (formRights: the admin's and the coordinator's are both). `day`: the server's today (YYYY-MM-DD), as a case's
 * days open and lateness are read on its screens.
 */
export function readStudentExport(
  db: Db,
  studentId: string,
  formTypes: readonly AssessmentFormType[],
  day: string,
): Promise<StudentExport | undefined> {
  return db.transaction(async (tx) => {
    const student = await readStudent(tx, studentId);
    if (!student) return undefined;
    const history = await consentHistory(tx, studentId);
    const usedTerms = new Set(history.entries.map((entry) => `${entry.purpose}:${entry.termVersion}`));
    const terms = (await consentTerms(tx)).filter((term) => usedTerms.has(`${term.purpose}:${term.version}`));
    // One after another: a transaction is one connection.
    const assessments: StudentExport['assessments'] = [];
    for (const assessment of await studentAssessments(tx, studentId, formTypes)) {
      assessments.push({ assessment, form: await formVersion(tx, assessment.formType, assessment.formVersion) });
    }
    return {
      student,
      statusHistory: await inactivityOf(tx, studentId),
      guardians: await guardiansEverOf(tx, studentId),
      enrolments: await enrolmentsOf(tx, studentId),
      attendance: await marksOf(tx, studentId),
      generalRoll: await generalRollMarksOf(tx, studentId),
      consents: { ...history, terms },
      assessments,
      cases: await casesOfStudent(tx, studentId, day),
      documents: await documentsWithFiles(tx, studentId),
      accessRecord: await accessRecordOf(tx, studentId),
    };
  });
}

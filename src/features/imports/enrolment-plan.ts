/**
 * What the class list import will do, from what the file says (read-enrolments.ts), what the server found
 * (matches) and what the user chose in the preview (create the missing activities and classes or not, their details,
 * the day enrolments start): each row's status, the counts, and the batches sent with the new activities and classes
 * their rows need. Plain functions: tests call them.
 */
import type { activityAreas, activityFrequencies } from '../../api/contract.ts';
import type {
  EnrolmentMatch,
  EnrolmentMatchKey,
  ImportEnrolmentResultRow,
  ImportEnrolmentRow,
  ImportEnrolments,
  ImportNewActivity,
  ImportNewClass,
} from '../../api/enrolment-imports-contract.ts';
import type { EnrolmentStatus } from './enrolment-texts.ts';
import { pageOf, type Page, type PageRequest } from './preview-page.ts';
import type { EnrolmentProblem, EnrolmentRead, EnrolmentRow } from './read-enrolments.ts';
import type { RefusedRow } from './students-preview.ts';

/** A new activity as the preview completes it (the client id is given once, so a resend creates it once). */
export type ActivityDraft = {
  id: string;
  name: string;
  teacher: string;
  area: (typeof activityAreas)[number];
  frequency: (typeof activityFrequencies)[number];
};
export type ClassDraft = { id: string; title: string; activityKey: string; weekDay: string; schedule: string; level: string };

/** What the user chose in the preview: create the missing activities and classes or not, and their details. */
export type PlanChoice = {
  createMissing: boolean;
  activities: Readonly<Record<string, ActivityDraft>>;
  classes: Readonly<Record<string, ClassDraft>>;
};
export type Plan = PlanChoice & { read: EnrolmentRead; matches: ReadonlyMap<number, EnrolmentMatch> };

const NAME_LETTER = /\p{L}/u;

/** Whether a new activity has what Quadra needs of one (a teacher's name). */
export const activityComplete = (draft: ActivityDraft | undefined): boolean => !!draft && draft.name.trim() !== '' && NAME_LETTER.test(draft.teacher);

/** Whether a new class has what Quadra needs of one: an activity (complete, when new), a weekday, a time and a level. */
export function classComplete(plan: Pick<Plan, 'activities' | 'classes'>, key: string): boolean {
  const draft = plan.classes[key];
  if (!draft || !draft.title.trim() || !draft.activityKey || !draft.weekDay || !draft.schedule.trim() || !draft.level) return false;
  return draft.activityKey.startsWith('id:') || activityComplete(plan.activities[draft.activityKey]);
}

/** The problems a row has in this plan: its own, and its class's when that is new and not to be created or not complete. */
export function problemsOf(plan: Plan, row: EnrolmentRow): EnrolmentProblem[] {
  if (!row.classKey?.startsWith('new:')) return row.problems;
  if (!plan.createMissing) return [...row.problems, { code: 'class-unknown', field: 'className', value: row.className }];
  if (!classComplete(plan, row.classKey)) return [...row.problems, { code: 'class-incomplete', field: 'className', value: row.className }];
  return row.problems;
}

export function statusOf(plan: Plan, row: EnrolmentRow): EnrolmentStatus {
  if (problemsOf(plan, row).length > 0) return 'wrong';
  const match = plan.matches.get(row.row);
  if (!match) return 'new-child';
  return match.enrolled ? 'skip' : 'enrol';
}

export type EnrolmentCounts = Record<EnrolmentStatus, number>;
export function countPlan(plan: Plan): EnrolmentCounts {
  const counts: EnrolmentCounts = { enrol: 0, 'new-child': 0, skip: 0, wrong: 0 };
  for (const row of plan.read.rows) counts[statusOf(plan, row)] += 1;
  return counts;
}

const idOf = (key: string, plan: Pick<Plan, 'activities' | 'classes'>, kind: 'activities' | 'classes'): string =>
  key.startsWith('id:') ? key.slice(3) : plan[kind][key]!.id;

/** The rows to send (to enrol, with or without a new child), each with its class's id and its first day. */
export function rowsToSend(plan: Plan, defaultFrom: string): (ImportEnrolmentRow & { classKey: string })[] {
  return plan.read.rows.flatMap((row) =>
    ['enrol', 'new-child'].includes(statusOf(plan, row))
      ? [
          {
            row: row.row,
            student: row.student,
            ...(row.guardian ? { guardian: row.guardian } : {}),
            classId: idOf(row.classKey!, plan, 'classes'),
            from: row.from ?? defaultFrom,
            classKey: row.classKey!,
          },
        ]
      : [],
  );
}

/** One batch of rows, with the new classes its rows go into and the new activities of those classes. */
export function batchOf(plan: Plan, importId: string, rows: readonly (ImportEnrolmentRow & { classKey: string })[]): ImportEnrolments {
  const classKeys = [...new Set(rows.map((row) => row.classKey).filter((key) => key.startsWith('new:')))];
  const classes: ImportNewClass[] = classKeys.map((key) => {
    const draft = plan.classes[key]!;
    return {
      id: draft.id,
      title: draft.title.trim(),
      activityId: idOf(draft.activityKey, plan, 'activities'),
      weekDay: draft.weekDay as ImportNewClass['weekDay'],
      schedule: draft.schedule.trim(),
      level: draft.level as ImportNewClass['level'],
    };
  });
  const activityKeys = [...new Set(classKeys.map((key) => plan.classes[key]!.activityKey).filter((key) => key.startsWith('new:')))];
  const activities: ImportNewActivity[] = activityKeys.map((key) => {
    const { id, name, teacher, area, frequency } = plan.activities[key]!;
    return { id, name: name.trim(), teacher: teacher.trim(), area, frequency };
  });
  return {
    importId,
    ...(activities.length > 0 ? { activities } : {}),
    ...(classes.length > 0 ? { classes } : {}),
    rows: rows.map(({ row, student, guardian, classId, from }) => ({
      row,
      student,
      ...(guardian ? { guardian } : {}),
      classId,
      ...(from ? { from } : {}),
    })),
  };
}

/** The keys the server matches children by (and, for a class Quadra has, whether they are on its roster). */
export const enrolmentMatchKeys = (read: EnrolmentRead): EnrolmentMatchKey[] =>
  read.rows.flatMap(({ row, student, classKey }) =>
    student.fullName
      ? [
          {
            row,
            name: student.fullName,
            ...(student.registrationNumber ? { cpf: student.registrationNumber } : {}),
            ...(student.dateOfBirth ? { birthDate: student.dateOfBirth } : {}),
            ...(classKey?.startsWith('id:') ? { classId: classKey.slice(3) } : {}),
          },
        ]
      : [],
  );

/** A row of the preview's page: the child, the class, the first day, what happens and the problems in this plan. */
export type EnrolmentPreviewRow = Pick<EnrolmentRow, 'row' | 'where' | 'student' | 'activityName' | 'className'> & {
  status: EnrolmentStatus;
  newClass: boolean;
  from: string;
  problems: EnrolmentProblem[];
  matchName?: string;
};

export function enrolmentPage(plan: Plan, defaultFrom: string, request: PageRequest): Page<EnrolmentPreviewRow> {
  return pageOf(
    plan.read.rows,
    (row) => statusOf(plan, row) === 'wrong',
    request,
    (row) => {
      const match = plan.matches.get(row.row);
      return {
        row: row.row,
        where: row.where,
        student: row.student,
        activityName: row.activityName,
        className: row.className,
        status: statusOf(plan, row),
        newClass: !!row.classKey?.startsWith('new:'),
        from: row.from ?? defaultFrom,
        problems: problemsOf(plan, row),
        ...(match ? { matchName: match.name } : {}),
      };
    },
  );
}

/** After the write: the rows refused (wrong in the preview, or refused by the server) and those already in their class. */
export function enrolmentRefused(
  plan: Plan,
  results: readonly ImportEnrolmentResultRow[],
): { refused: RefusedRow<EnrolmentProblem>[]; skipped: number } {
  const byRow = new Map(results.map((result) => [result.row, result]));
  const refused: RefusedRow<EnrolmentProblem>[] = [];
  let skipped = 0;
  for (const row of plan.read.rows) {
    const result = byRow.get(row.row);
    const problems = problemsOf(plan, row);
    const { where, cells } = row;
    if (problems.length > 0) refused.push({ where, cells, problems });
    else if (result?.outcome === 'refused') refused.push({ where, cells, problems: [], refusal: result.reason ?? 'refused' });
    else if (result?.outcome === 'skipped' || statusOf(plan, row) === 'skip') skipped += 1;
  }
  return { refused, skipped };
}

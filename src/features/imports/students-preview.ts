/**
 * What the students import will do with each row (issue 54), from the rows read (read-rows.ts), the children the
 * server found (matches) and what the user chose for them (update or skip): each row's status, the counts, a page of
 * the preview, the rows each batch sends and, after the write, the rows refused. Held and run in the import's worker;
 * plain functions, tests call them.
 */
import type { ImportMatch, ImportMatchAction, ImportMatchKey, ImportRefusal, ImportRowResult, ImportStudentRow } from '../../api/imports-contract.ts';
import { pageOf, type Page, type PageRequest } from './preview-page.ts';
import type { Problem, ReadRow } from './read-rows.ts';

export type RowStatus = 'new' | 'update' | 'skip' | 'wrong';
export type Counts = Record<RowStatus, number>;
export type StudentsPreview = { rows: readonly ReadRow[]; matches: ReadonlyMap<number, ImportMatch> };

/** What the import will do with a row: nothing when it has a problem; with a child already registered, as chosen. */
export const statusOf = (row: Pick<ReadRow, 'problems'>, match: ImportMatch | undefined, onMatch: ImportMatchAction): RowStatus =>
  row.problems.length > 0 ? 'wrong' : match ? onMatch : 'new';

export function countRows(preview: StudentsPreview, onMatch: ImportMatchAction): Counts {
  const counts: Counts = { new: 0, update: 0, skip: 0, wrong: 0 };
  for (const row of preview.rows) counts[statusOf(row, preview.matches.get(row.row), onMatch)] += 1;
  return counts;
}

/** The keys the server matches children by: the rows with a CPF, or a name and a birth date. */
export const matchKeysOf = (rows: readonly ReadRow[]): ImportMatchKey[] =>
  rows.flatMap(({ row, student }) =>
    student.registrationNumber || (student.fullName && student.dateOfBirth)
      ? [
          {
            row,
            ...(student.registrationNumber ? { cpf: student.registrationNumber } : {}),
            name: student.fullName,
            ...(student.dateOfBirth ? { birthDate: student.dateOfBirth } : {}),
          },
        ]
      : [],
  );

/** A row of the preview's page: as it will be stored, what happens to it, its problems and the child it matches. */
export type StudentPreviewRow = Pick<ReadRow, 'row' | 'student' | 'guardian' | 'classNames' | 'problems'> & { status: RowStatus; matchName?: string };

export function studentsPage(preview: StudentsPreview, onMatch: ImportMatchAction, request: PageRequest): Page<StudentPreviewRow> {
  return pageOf(
    preview.rows,
    (row) => row.problems.length > 0,
    request,
    ({ row, student, guardian, classNames, problems }) => {
      const match = preview.matches.get(row);
      return {
        row,
        student,
        ...(guardian ? { guardian } : {}),
        classNames,
        problems,
        status: statusOf({ problems }, match, onMatch),
        ...(match ? { matchName: match.name } : {}),
      };
    },
  );
}

/** The rows the import sends (new, and to update when so chosen), as it sends them (without the preview's fields). */
export const rowsToSend = (preview: StudentsPreview, onMatch: ImportMatchAction): ImportStudentRow[] =>
  preview.rows.flatMap((row) =>
    ['new', 'update'].includes(statusOf(row, preview.matches.get(row.row), onMatch))
      ? [
          {
            row: row.row,
            student: row.student,
            ...(row.guardian ? { guardian: row.guardian } : {}),
            ...(row.classIds ? { classIds: row.classIds } : {}),
          },
        ]
      : [],
  );

/** A row the import did not write: where it is, its cells for the CSV, and its problems or the server's reason. */
export type RefusedRow<P = Problem> = { where: string; cells: string[]; problems: P[]; refusal?: ImportRefusal | 'refused' };

/** After the write: the rows refused (the preview's wrong ones and the server's refusals) and how many were skipped. */
export function studentsRefused(preview: StudentsPreview, results: readonly ImportRowResult[]): { refused: RefusedRow[]; skipped: number } {
  const byRow = new Map(results.map((result) => [result.row, result]));
  const refused: RefusedRow[] = [];
  let skipped = 0;
  for (const row of preview.rows) {
    const result = byRow.get(row.row);
    if (row.problems.length > 0) refused.push({ where: String(row.row), cells: row.cells, problems: row.problems });
    else if (result?.outcome === 'refused')
      refused.push({ where: String(row.row), cells: row.cells, problems: [], refusal: result.reason ?? 'refused' });
    // A row not sent (a match skipped on the preview) or skipped by the server.
    else if (!result || result.outcome === 'skipped') skipped += 1;
  }
  return { refused, skipped };
}

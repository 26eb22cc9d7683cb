/**
 * The import's worker: everything that grows with the file runs here, off the main thread, so a file of 10,000 rows
 * never freezes the page. It reads the file (parse-file.ts) and its rows through the mapping (read-rows.ts,
 * read-enrolments.ts), asks the server which children Quadra has (with the token the page gives it, as the sync's
 * worker does), and holds the rows: the page asks it for the counts and the page of rows it shows, the rows of each
 * batch it sends, and the rows refused after the write. It keeps the file's sheets between the steps: the mapping is
 * changed and the rows read again without sending the file back and forth.
 */
import type { EnrolmentMatch, ImportEnrolmentResultRow, ImportEnrolments } from '../../api/enrolment-imports-contract.ts';
import { findEnrolmentMatches } from '../../api/enrolment-imports.ts';
import {
  IMPORT_BATCH_MAX,
  IMPORT_MATCH_MAX,
  type ImportMatch,
  type ImportMatchAction,
  type ImportRowResult,
  type ImportStudents,
} from '../../api/imports-contract.ts';
import { findImportMatches } from '../../api/imports.ts';
import type { Options } from '../../lib/http.ts';
import type { EnrolmentMapped } from './enrolment-fields.ts';
import {
  batchOf,
  countPlan,
  enrolmentMatchKeys,
  enrolmentPage,
  enrolmentRefused,
  rowsToSend,
  type EnrolmentPreviewRow,
  type Plan,
  type PlanChoice,
} from './enrolment-plan.ts';
import type { MappedField } from './import-fields.ts';
import { parseFile, type Sheet } from './parse-file.ts';
import { matchInParts, type PageRequest } from './preview-page.ts';
import {
  columnsInFile,
  fieldsOfSheet,
  readEnrolmentRows,
  type CatalogChoice,
  type EnrolmentProblem,
  type EnrolmentRead,
  type NewActivityDraft,
  type NewClassDraft,
} from './read-enrolments.ts';
import { readRows, type ClassChoice, type Problem, type ReadRow } from './read-rows.ts';
import {
  countRows,
  matchKeysOf,
  rowsToSend as studentRowsToSend,
  studentsPage,
  studentsRefused,
  type RefusedRow,
  type StudentPreviewRow,
} from './students-preview.ts';

/** What the user chose in the preview: for children Quadra has (students), or the new classes and first day (classes). */
export type Choice = { kind: 'students'; onMatch: ImportMatchAction } | ({ kind: 'classes'; defaultFrom: string } & PlanChoice);

export type WorkerRequest =
  | { type: 'parse'; buffer: ArrayBuffer; fileName: string }
  | { type: 'read'; sheet: number; mapping: MappedField[]; classes: ClassChoice[]; token: string | null }
  /** A class list: the chosen sheets, their columns mapped by header (`headers`: every sheet's, each once). */
  | {
      type: 'read-enrolments';
      sheets: number[];
      headers: string[];
      mapping: EnrolmentMapped[];
      catalog: CatalogChoice;
      tabPerClass: boolean;
      token: string | null;
    }
  /** The children Quadra has asked for again (the server could not be reached). */
  | { type: 'match'; token: string | null }
  | ({ type: 'view'; choice: Choice } & PageRequest)
  | { type: 'batch'; choice: Choice; importId: string; from: number }
  | { type: 'refused'; choice: Choice; results: (ImportRowResult | ImportEnrolmentResultRow)[] };
/** A request and its answer carry the same number. */
export type Numbered<T> = T & { seq: number };
export type SheetSummary = { name: string; headers: string[]; rowCount: number };
export type WorkerAnswer =
  | { type: 'parsed'; sheets: SheetSummary[] }
  /** The rows are read and held; `matched`: whether the server said which children it has (false: it could not be reached). */
  | { type: 'read'; rows: number; matched: boolean; newClasses: NewClassDraft[]; newActivities: NewActivityDraft[] }
  | { type: 'view'; counts: Record<string, number>; toSend: number; rows: StudentPreviewRow[] | EnrolmentPreviewRow[]; page: number; pages: number }
  | { type: 'batch'; body: ImportStudents | ImportEnrolments }
  | { type: 'refused'; refused: RefusedRow<Problem | EnrolmentProblem>[]; skipped: number }
  | { type: 'failed'; reason: 'unreadable' | 'empty' };

let sheets: Sheet[] = [];
/** The rows read last, and the children the server found for them (null: not asked yet, or it could not be reached). */
let held:
  | { kind: 'students'; rows: ReadRow[]; matches: Map<number, ImportMatch> | null }
  | { kind: 'classes'; read: EnrolmentRead; matches: Map<number, EnrolmentMatch> | null }
  | null = null;
/** Bumped by every read: the matches of rows read before are dropped. */
let generation = 0;

const headerOf = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());
const auth = (token: string | null): Options => (token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** Asks the server for the children the held rows name; false when it could not be reached. */
async function match(token: string | null): Promise<boolean> {
  const current = held;
  const at = generation;
  if (!current) return false;
  try {
    if (current.kind === 'students') {
      const found = await matchInParts(matchKeysOf(current.rows), IMPORT_MATCH_MAX, (keys) => findImportMatches(keys, auth(token)));
      if (at === generation) current.matches = new Map(found.map((one) => [one.row, one]));
    } else {
      const found = await matchInParts(enrolmentMatchKeys(current.read), IMPORT_MATCH_MAX, (keys) => findEnrolmentMatches(keys, auth(token)));
      if (at === generation) current.matches = new Map(found.map((one) => [one.row, one]));
    }
    return true;
  } catch {
    return false;
  }
}

function readAnswer(matched: boolean): WorkerAnswer {
  const read = held?.kind === 'classes' ? held.read : undefined;
  return {
    type: 'read',
    rows: held?.kind === 'students' ? held.rows.length : (read?.rows.length ?? 0),
    matched,
    newClasses: read?.newClasses ?? [],
    newActivities: read?.newActivities ?? [],
  };
}

const planOf = (choice: Choice): Plan | undefined =>
  held?.kind === 'classes' && held.matches && choice.kind === 'classes' ? { ...choice, read: held.read, matches: held.matches } : undefined;

function view(choice: Choice, request: PageRequest): WorkerAnswer | undefined {
  if (held?.kind === 'students' && held.matches && choice.kind === 'students') {
    const preview = { rows: held.rows, matches: held.matches };
    const counts = countRows(preview, choice.onMatch);
    return {
      type: 'view',
      counts,
      toSend: counts.new + (choice.onMatch === 'update' ? counts.update : 0),
      ...studentsPage(preview, choice.onMatch, request),
    };
  }
  const plan = planOf(choice);
  if (!plan || choice.kind !== 'classes') return undefined;
  const counts = countPlan(plan);
  return { type: 'view', counts, toSend: counts.enrol + counts['new-child'], ...enrolmentPage(plan, choice.defaultFrom, request) };
}

function batch(choice: Choice, importId: string, from: number): WorkerAnswer | undefined {
  if (held?.kind === 'students' && held.matches && choice.kind === 'students') {
    const rows = studentRowsToSend({ rows: held.rows, matches: held.matches }, choice.onMatch).slice(from, from + IMPORT_BATCH_MAX);
    return { type: 'batch', body: { importId, onMatch: choice.onMatch, rows } };
  }
  const plan = planOf(choice);
  if (!plan || choice.kind !== 'classes') return undefined;
  return { type: 'batch', body: batchOf(plan, importId, rowsToSend(plan, choice.defaultFrom).slice(from, from + IMPORT_BATCH_MAX)) };
}

function refused(choice: Choice, results: Extract<WorkerRequest, { type: 'refused' }>['results']): WorkerAnswer | undefined {
  if (held?.kind === 'students' && held.matches)
    return { type: 'refused', ...studentsRefused({ rows: held.rows, matches: held.matches }, results as ImportRowResult[]) };
  const plan = planOf(choice);
  return plan && { type: 'refused', ...enrolmentRefused(plan, results as ImportEnrolmentResultRow[]) };
}

self.onmessage = async (event: MessageEvent<Numbered<WorkerRequest>>) => {
  const request = event.data;
  const answer = (message: WorkerAnswer | undefined) => self.postMessage({ ...(message ?? { type: 'failed', reason: 'empty' }), seq: request.seq });
  switch (request.type) {
    case 'parse':
      try {
        sheets = (await parseFile(request.buffer, request.fileName)).filter((sheet) => sheet.rows.length > 0);
      } catch {
        return answer({ type: 'failed', reason: 'unreadable' });
      }
      held = null;
      generation += 1;
      if (sheets.length === 0) return answer({ type: 'failed', reason: 'empty' });
      return answer({
        type: 'parsed',
        sheets: sheets.map(({ name, rows }) => ({ name, headers: rows[0]!.map(headerOf), rowCount: rows.length - 1 })),
      });
    case 'read': {
      const sheet = sheets[request.sheet];
      generation += 1;
      held = { kind: 'students', rows: sheet ? readRows(sheet.rows.slice(1), request.mapping, request.classes) : [], matches: null };
      return answer(readAnswer(await match(request.token)));
    }
    case 'read-enrolments': {
      const chosen = request.sheets.flatMap((index) => (sheets[index] ? [sheets[index]] : []));
      generation += 1;
      const read = readEnrolmentRows(
        chosen.map(({ name, rows }) => ({
          name,
          rows: rows.slice(1),
          fields: fieldsOfSheet(rows[0]!.map(headerOf), request.headers, request.mapping),
          ...(request.tabPerClass ? { columns: columnsInFile(rows[0]!.map(headerOf), request.headers) } : {}),
        })),
        request.catalog,
        request.tabPerClass,
      );
      held = { kind: 'classes', read, matches: null };
      return answer(readAnswer(await match(request.token)));
    }
    case 'match':
      return answer(readAnswer(await match(request.token)));
    case 'view':
      return answer(view(request.choice, request));
    case 'batch':
      return answer(batch(request.choice, request.importId, request.from));
    case 'refused':
      return answer(refused(request.choice, request.results));
  }
};

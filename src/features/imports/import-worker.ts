/**
 * The import's worker: reads the file (parse-file.ts) and its rows through the mapping (read-rows.ts) off the main
 * thread, so a file of 10,000 rows never freezes the page. It keeps the file's sheets between the two steps: the
 * mapping is changed and the rows read again without sending the file back and forth.
 */
import type { MappedField } from './import-fields.ts';
import { parseFile, type Sheet } from './parse-file.ts';
import { readRows, type ClassChoice, type ReadRow } from './read-rows.ts';
import type { EnrolmentMapped } from './enrolment-fields.ts';
import { fieldsOfSheet, readEnrolmentRows, type CatalogChoice, type EnrolmentRead } from './read-enrolments.ts';

export type WorkerRequest =
  | { type: 'parse'; buffer: ArrayBuffer; fileName: string }
  | { type: 'read'; sheet: number; mapping: MappedField[]; classes: ClassChoice[] }
  /** A class list: the chosen sheets, their columns mapped by header (`headers`: every sheet's, each once). */
  | { type: 'read-enrolments'; sheets: number[]; headers: string[]; mapping: EnrolmentMapped[]; catalog: CatalogChoice; tabPerClass: boolean };
/** A request and its answer carry the same number: the page takes the answer to its latest question only. */
export type Numbered<T> = T & { seq: number };
export type SheetSummary = { name: string; headers: string[]; rowCount: number };
export type WorkerAnswer =
  | { type: 'parsed'; sheets: SheetSummary[] }
  | { type: 'read'; rows: ReadRow[] }
  | { type: 'enrolments'; read: EnrolmentRead }
  | { type: 'failed'; reason: 'unreadable' | 'empty' };

let sheets: Sheet[] = [];

const headerOf = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());

self.onmessage = async (event: MessageEvent<Numbered<WorkerRequest>>) => {
  const request = event.data;
  const answer = (message: WorkerAnswer) => self.postMessage({ ...message, seq: request.seq });
  if (request.type === 'parse') {
    try {
      sheets = (await parseFile(request.buffer, request.fileName)).filter((sheet) => sheet.rows.length > 0);
    } catch {
      answer({ type: 'failed', reason: 'unreadable' });
      return;
    }
    if (sheets.length === 0) answer({ type: 'failed', reason: 'empty' });
    else answer({ type: 'parsed', sheets: sheets.map(({ name, rows }) => ({ name, headers: rows[0]!.map(headerOf), rowCount: rows.length - 1 })) });
    return;
  }
  if (request.type === 'read-enrolments') {
    const chosen = request.sheets.flatMap((index) => (sheets[index] ? [sheets[index]] : []));
    const read = readEnrolmentRows(
      chosen.map(({ name, rows }) => ({
        name,
        rows: rows.slice(1),
        fields: fieldsOfSheet(rows[0]!.map(headerOf), request.headers, request.mapping),
      })),
      request.catalog,
      request.tabPerClass,
    );
    answer({ type: 'enrolments', read });
    return;
  }
  const sheet = sheets[request.sheet];
  answer({ type: 'read', rows: sheet ? readRows(sheet.rows.slice(1), request.mapping, request.classes) : [] });
};

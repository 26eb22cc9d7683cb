/**
 * A persisted query as the rows it is kept in (row-persister.ts), and back. A long list is split into rows of its own,
 * and its JSON is written in slices with a pause between them (issue 18: a tap on the roll call paints while a sync of
 * thousands of students is saved): one JSON.stringify of a long list was a single long task; here each run of its
 * items is a slice of its own, and the page handles input in between. The rows joined are the same JSON as one
 * JSON.stringify of the query (key order aside), so restoring is a JSON.parse.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { yieldToPage } from '../lib/yield-to-page.ts';

export type SavedQuery = DehydratedState['queries'][number];

/** Items of a list stringified in one slice. */
const ITEMS_PER_SLICE = 500;
/** Work done before pausing, in ms. */
const SLICE_MS = 8;

/** Stands for a long list in the query's JSON until its items are put in. */
const LIST_PLACEHOLDER = '\u0000quadra-list\u0000';

/** Thrown when the device's data was forgotten meanwhile (sign-out): that save must not be written. */
export class StaleSave extends Error {}

/** Pauses once `sliceMs` of work were done since the last pause; throws StaleSave if `stale` says so after a pause. */
export function slicer(stale: () => boolean = () => false, sliceMs = SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await yieldToPage();
    if (stale()) throw new StaleSave('the device data was forgotten during the save');
    sliceStart = performance.now();
  };
}

/** Items of a long list per row of its own (a row is one put: a few hundred KB at most, not the 6 MB of 50,000 students). */
export const ITEMS_PER_ROW = 2_000;

/**
 * A query's rows: the query, and for a list longer than ITEMS_PER_ROW its items in parts of their own (the query's
 * `rows` then says how many, and its data is null until they are put back).
 */
type QueryRows = { head: string; parts: string[] };
type SavedQueryHead = SavedQuery & { rows?: number };

export async function queryToRows(query: SavedQuery, maybePause: () => Promise<void>): Promise<QueryRows> {
  const data: unknown = query.state.data;
  if (!Array.isArray(data) || data.length <= ITEMS_PER_SLICE) return { head: JSON.stringify(query), parts: [] };
  // A long list: its items in runs, the query around them once.
  const runs: string[] = [];
  for (let i = 0; i < data.length; i += ITEMS_PER_SLICE) {
    // One JSON.stringify per run, its brackets taken off (a call per item was several times slower).
    runs.push(JSON.stringify(data.slice(i, i + ITEMS_PER_SLICE)).slice(1, -1));
    await maybePause();
  }
  if (data.length <= ITEMS_PER_ROW) {
    const shell = JSON.stringify({ ...query, state: { ...query.state, data: LIST_PLACEHOLDER } });
    // A function as replacement: a name with "$&" in it must be written as it is.
    return { head: shell.replace(JSON.stringify(LIST_PLACEHOLDER), () => `[${runs.join(',')}]`), parts: [] };
  }
  const perRow = ITEMS_PER_ROW / ITEMS_PER_SLICE;
  const parts: string[] = [];
  for (let i = 0; i < runs.length; i += perRow) parts.push(`[${runs.slice(i, i + perRow).join(',')}]`);
  return { head: JSON.stringify({ ...query, state: { ...query.state, data: null }, rows: parts.length } satisfies SavedQueryHead), parts };
}

/** The query back from its rows (queryToRows), parsed. */
export function queryFromRows(head: string, parts: (string | undefined)[]): SavedQuery {
  const query = JSON.parse(head) as SavedQueryHead;
  if (query.rows === undefined) return query;
  const { rows, ...rest } = query;
  const data: unknown[] = [];
  for (let i = 0; i < rows; i += 1) {
    const part = parts[i];
    if (part === undefined) throw new Error(`a part of the saved list ${query.queryHash} is missing`);
    for (const item of JSON.parse(part) as unknown[]) data.push(item);
  }
  return { ...rest, state: { ...rest.state, data } };
}

/** The students import's requests (issue 54); their shapes are in imports-contract.ts. */
import { http, sendParsed, type Options } from '../lib/http.ts';
import {
  importMatchesSchema,
  importResultSchema,
  type ImportMatch,
  type ImportMatchKey,
  type ImportRowResult,
  type ImportStudents,
} from './imports-contract.ts';

/** Which rows name a child already in Quadra (asked from the import's worker, with the user's token in `options`). */
export async function findImportMatches(keys: ImportMatchKey[], options: Options = {}): Promise<ImportMatch[]> {
  return sendParsed('post', 'imports/students/matches', { keys }, importMatchesSchema, http, options);
}

/** Sends one batch; the same batch sent again (a lost answer) answers the same results and creates nothing twice. */
export async function sendImportBatch(batch: ImportStudents): Promise<ImportRowResult[]> {
  return (await sendParsed('post', 'imports/students', batch, importResultSchema)).results;
}

/** The class list import's requests (issue 54 item 2); their shapes are in enrolment-imports-contract.ts. */
import { http, sendParsed, type Options } from '../lib/http.ts';
import {
  enrolmentMatchesSchema,
  importEnrolmentResultSchema,
  type EnrolmentMatch,
  type EnrolmentMatchKey,
  type ImportEnrolmentResultRow,
  type ImportEnrolments,
} from './enrolment-imports-contract.ts';

/** Which rows name a child already in Quadra, and whether they are on the row's class's roster (asked as above). */
export async function findEnrolmentMatches(keys: EnrolmentMatchKey[], options: Options = {}): Promise<EnrolmentMatch[]> {
  return sendParsed('post', 'imports/enrolments/matches', { keys }, enrolmentMatchesSchema, http, options);
}

/** Sends one batch; sent again (a lost answer) it answers the same results and creates nothing twice. */
export async function sendEnrolmentBatch(batch: ImportEnrolments): Promise<ImportEnrolmentResultRow[]> {
  return (await sendParsed('post', 'imports/enrolments', batch, importEnrolmentResultSchema)).results;
}

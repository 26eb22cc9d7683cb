/**
 * Class rosters for the roll call (key ['classes', classId, 'students']). Today's roster of every class comes to the
 * device with the sync (offline/sync.ts), so every call page opens offline (the query cache is persisted). The roster of
 * another date (a past roll call: who was enrolled then) is ['classes', classId, 'students', date].
 */
import { queryOptions } from '@tanstack/react-query';
import type { StudentSummary } from './contract.ts';
import { getParsed, HTTPError, isUnknownRoute, RecordNotFoundError } from '../lib/http.ts';

export const rosterKeys = {
  one: (classId: string) => ['classes', classId, 'students'] as const,
  onDate: (classId: string, date: string) => ['classes', classId, 'students', date] as const,
};

/**
 * The class's students (on a date: the roster of that date). A server without the roster route (404 "Route ... not
 * found") gives all students instead; a 404 for the class itself (it does not exist) is a RecordNotFoundError: never
 * another list.
 */
// The contract loads with the answer (a class page's route starts this query in its loader, in the first load).
const listSchema = () => import('./contract.ts').then((contract) => contract.studentListSchema);

export async function fetchRoster(classId: string, date?: string): Promise<StudentSummary[]> {
  try {
    return await getParsed(`classes/${encodeURIComponent(classId)}/students${date ? `?date=${date}` : ''}`, listSchema);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) {
      if (await isUnknownRoute(error)) return getParsed('students', listSchema);
      throw new RecordNotFoundError('class');
    }
    throw error;
  }
}

export const rosterQueryOptions = (classId: string) => queryOptions({ queryKey: rosterKeys.one(classId), queryFn: () => fetchRoster(classId) });
export const rosterOnDateQueryOptions = (classId: string, date: string) =>
  queryOptions({ queryKey: rosterKeys.onDate(classId, date), queryFn: () => fetchRoster(classId, date) });

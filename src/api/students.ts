/**
 * The student list (SPEC §7): GET /students -> StudentSummary[] under the key ['students']. Other screens read and
 * invalidate this key through the query cache, so its key and shape stay stable.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StudentCreate, StudentStatusFilter, StudentSummary } from './contract.ts';
import { getParsed, getParsedShownFirst, readsAllowed } from '../lib/http.ts';
import { firstScreenRead } from '../lib/first-screen.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { refusalOf, type OutboxRow, type Refusal } from '../lib/db.ts';
import { setFilters, type StudentFilters } from './student-filters.ts';

export const studentKeys = {
  all: ['students'] as const,
  byStatus: (status: Exclude<StudentStatusFilter, 'active'>) => ['students', 'status', status] as const,
};

/** The list's schema, loaded with the contract's code on first use. */
const listSchema = () => import('./contract.ts').then((contract) => contract.studentListSchema);

export const studentsQueryOptions = () =>
  queryOptions({
    queryKey: studentKeys.all,
    // The students page's first screen: shown before its parse (lib/http.ts getParsedShownFirst).
    queryFn: async ({ queryKey }) => {
      await firstScreenShown;
      return getParsedShownFirst('students', listSchema, queryKey);
    },
  });

/** The inactive or all students (the active ones are the list above). */
export const studentsByStatusQueryOptions = (status: Exclude<StudentStatusFilter, 'active'>) =>
  queryOptions({
    queryKey: studentKeys.byStatus(status),
    queryFn: () => getParsed(`students?status=${status}`, listSchema),
  });

/** How many students a first screenful holds: more cards than the widest screen shows at once. */
export const FIRST_SCREENFUL = 30;
/** The list's first students only (GET /students?limit), kept in memory, never on the device. */
export const studentsFirstScreenKeys = { all: ['students-first-screen'] as const };

export const studentsFirstScreenQueryOptions = () =>
  queryOptions({
    queryKey: studentsFirstScreenKeys.all,
    queryFn: ({ queryKey }) => getParsedShownFirst(`students?limit=${FIRST_SCREENFUL}`, listSchema, queryKey),
    gcTime: 60_000,
    meta: { keptOnDevice: false }, // offline/query-client.ts isKeptOnDevice
    // Failed is failed: the whole list is waiting for it (a retry offline would pause, and hold the list with it).
    retry: false,
  });

/** Past this, the whole list is asked for even if the first screenful has not come. */
const FIRST_SCREEN_WAIT_MS = 3_000;
/** The whole list's request waits for this: a first screenful asked for and shown, or nothing to wait for. */
let firstScreenShown: Promise<unknown> = Promise.resolve();
let firstCardsPainted: (() => void) | undefined;

/** After a paint, the page's next idle moment: the frame shown (under load it reached the screen a frame later). */
const settled = () => new Promise<void>((resolve) => whenIdle(resolve, 300));

/** The students page's first screenful is painted (students-page.tsx): the whole list may be asked for now. */
export function firstScreenfulPainted(): void {
  firstCardsPainted?.();
}

/**
 * The students page's reads (issue 19). With no copy of the list on the device (a first visit), its first screenful
 * comes first (GET /students?limit: 2 KB), and the whole list (5,000 students are about 150 KB gzipped, a second or
 * more on a slow link) is asked for once those cards are painted (`firstScreenfulPainted`) and the page is idle: one
 * round trip later for the list, and the first cards on screen without sharing the link with it. At an idle moment
 * alone, the list sometimes left before the cards' render (the main thread idle while the page's code came), and right
 * after their paint, under load, its answer sometimes came before that frame reached the screen: Lighthouse then
 * counted its whole download in the page's LCP (3.7-4.2 s against 2.7-2.9, issue 57). With a copy on the device, or
 * for a screen that shows no first screenful (`firstScreenful: false`: the general roll), the list at once.
 */
export function prefetchStudents(queryClient: QueryClient, { firstScreenful = true } = {}): void {
  // The contract's code (16 KB) downloads beside the list's read when the list is not part of a first screen (which
  // shows its answer before parsing it: getParsedShownFirst). Offline without it: the list's own read says so.
  if (firstScreenRead()) listSchema().catch(() => undefined);
  const painted = new Promise<void>((resolve) => (firstCardsPainted = resolve));
  firstScreenShown = (async () => {
    await readsAllowed(); // the device's copy restored first
    if (!firstScreenful || queryClient.getQueryData(studentKeys.all) !== undefined) return;
    const shown = queryClient
      .prefetchQuery(studentsFirstScreenQueryOptions())
      // No cards to paint (the read failed, or no student yet): nothing to wait for.
      .then(() => (queryClient.getQueryData<StudentSummary[]>(studentsFirstScreenKeys.all)?.length ? painted.then(settled) : undefined));
    await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
    firstCardsPainted = undefined;
  })();
  void queryClient.prefetchQuery(studentsQueryOptions());
}

/** A registration still waiting in the outbox ('student.create'), as the list shows it. */
export type PendingStudent = { id: string; name: string; civilName?: string; failed: boolean } & StudentFilters & Refusal;

/** Reads the outbox rows of kind 'student.create' (payload: StudentCreate with the client id). */
export function pendingStudentsFromOutbox(rows: OutboxRow[]): PendingStudent[] {
  const pending: PendingStudent[] = [];
  for (const row of rows) {
    const payload = (row.payload ?? {}) as Partial<StudentCreate>;
    // Issue 52: the name shown is the social name when one was given.
    const name =
      typeof payload.socialName === 'string' && payload.socialName
        ? payload.socialName
        : typeof payload.fullName === 'string'
          ? payload.fullName
          : '';
    pending.push({
      id: typeof payload.id === 'string' ? payload.id : row.id,
      name,
      ...(name !== payload.fullName && typeof payload.fullName === 'string' ? { civilName: payload.fullName } : {}),
      // What the list filters by (issue 52).
      ...setFilters(payload),
      failed: row.state === 'failed',
      ...refusalOf(row),
    });
  }
  return pending;
}

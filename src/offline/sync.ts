/**
 * The sync pass (issue 18): brings down what the user's role uses (GET /sync: students, activities, classes, rosters,
 * the last rolls, users, the user's own record; then today's general roll) into the same persisted query cache the
 * screens read, so one copy is the truth and the screens read as they always did. After the first (full) sync it asks only for what changed since
 * its cursor. The download, JSON parsing and contract check run in a Web Worker (offline/sync-worker.ts); the merge
 * is small work on the main thread, applied in steps that let a tap through between them.
 */
// This module loads on demand (offline/sync-status.ts requestSync). The contract's schemas (zod) stay out of it: the
// worker checks the answer; only the main-thread fallback loads them.
import type { QueryKey } from '@tanstack/react-query';
import type { Activity, ClassGroup, Me, Roll, StudentSummary, SyncAnswer, SyncStudentColumns, User } from '../api/contract.ts';
import { instructorsOf, seesRollsOf } from '../api/permissions.ts';
import { joinStudentColumns, summariesFromColumns, SYNC_ROLL_DAYS, syncAnswerFromWire } from '../api/sync-columns.ts';
import { rollKeys } from '../api/attendance.ts';
import { rosterKeys } from '../api/rosters.ts';
import { activityKeys } from '../api/activities.ts';
import { classKeys } from '../api/classes.ts';
import { meKeys } from '../api/me.ts';
import { studentKeys } from '../api/students.ts';
import { userKeys } from '../api/users.ts';
import { currentToken, failureMessage, getParsed, HTTPError, notHandingOver, onHandover, readsAllowed } from '../lib/http.ts';
import { reportServerAnswer } from '../lib/server-status.ts';
import { yieldToPage } from '../lib/yield-to-page.ts';
import { dataGeneration, lastWriteAt, queryClient } from './query-client.ts';
import { slicer } from './query-rows.ts';
import { mergeSync, rollKey, rollUpdates, rostersOf, studentColumnsInOrder, type DeviceCopy, type MadeStudents } from './sync-merge.ts';
import { setSyncPhase, syncStateKey, type SyncState } from './sync-status.ts';
import type { SyncReply, SyncRequest } from './sync-worker.ts';

/**
 * What a device's copy is synced for: the version of the sync's rules (raise it when the server changes what a role's
 * sync holds, so devices holding more take a full sync) and the user's role. A role that narrows forgets the data at
 * once (role-narrowing.ts); one that widens (an instructor made a coordinator) fills in at the next sync.
 */
const SYNC_RULES = 2;
const syncScope = (me: Pick<Me, 'access'>): string => `${SYNC_RULES}:${me.access}`;

const localDay = (at: Date = new Date()): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

let running: Promise<void> | null = null;

/** One sync at a time: a call while one runs shares it. */
export function runSync({ full = false }: { full?: boolean } = {}): Promise<void> {
  running ??= sync(full).finally(() => {
    running = null;
  });
  return running;
}

async function sync(forceFull: boolean): Promise<void> {
  await readsAllowed();
  setSyncPhase({ phase: 'syncing' });
  try {
    const state = queryClient.getQueryData<SyncState | null>(syncStateKey) ?? undefined;
    let full = forceFull || !state || state.fullOn !== localDay();
    const generation = dataGeneration();
    let askedAt = Date.now();
    let answer = await download(full || !state ? 'sync' : `sync?since=${state.cursor}`);
    if (!full && syncScope(answer.me) !== state?.scope) {
      full = true;
      askedAt = Date.now();
      answer = await download('sync');
    }
    // The session ended meanwhile (sign-out): what was downloaded for it must not be written back.
    if (generation !== dataGeneration()) return setSyncPhase({ phase: 'idle' });
    await apply(answer, full ? undefined : state, generation, askedAt);
    if (generation === dataGeneration()) await keepTodaysGeneralRoll(answer.me);
    setSyncPhase({ phase: 'idle' });
  } catch (error) {
    setSyncPhase({ phase: 'failed', failure: await failureOf(error) });
  }
}

/**
 * Today's general roll (issue 52), read again with each sync by a user who may read it: a coordinator who lost the
 * signal at the court opens it with the marks the door had taken by the device's last sync. One day's roll, read whole
 * (GET /attendance/general/{date}, the screen's own query, so it is kept like a roll once opened); a failure leaves
 * the copy the device had, and the sync's outcome is its own.
 */
async function keepTodaysGeneralRoll(me: Pick<Me, 'permissions'>): Promise<void> {
  if (!me.permissions.includes('general-roll:read')) return;
  const { generalRollQueryOptions } = await import('../api/general-roll.ts');
  await queryClient.prefetchQuery(generalRollQueryOptions(localDay()));
}

async function failureOf(error: unknown): Promise<{ kind: 'offline' | 'unreachable' | 'refused'; message?: string }> {
  if (error instanceof HTTPError && error.response.status < 500) return { kind: 'refused', message: await failureMessage(error) };
  if (error instanceof WorkerFailure && error.status !== undefined && error.status < 500) return { kind: 'refused', message: error.message };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  return { kind: 'unreachable' };
}

class WorkerFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

let worker: Worker | undefined;
// A download under way is dropped: the page reloads as the new version in a moment, and syncs then.
onHandover(() => {
  worker?.terminate();
  worker = undefined;
});
async function download(path: string): Promise<SyncAnswer> {
  const onMainThread = async () => {
    const answer = syncAnswerFromWire(await getParsed(path, (await import('../api/contract.ts')).syncAnswerSchema));
    if (answer.changed.students) answer.changed.students = studentColumnsInOrder(answer.changed.students);
    return answer;
  };
  if (typeof Worker === 'undefined') return onMainThread();
  await notHandingOver(); // the worker's own script is a request too
  worker ??= new Worker(new URL('./sync-worker.ts', import.meta.url), { type: 'module' });
  const reply = await new Promise<Exclude<SyncReply, { studentsPart: unknown }>>((resolve) => {
    const target = worker!;
    let answer: SyncAnswer | undefined;
    let partsLeft = 0;
    const parts: SyncStudentColumns[] = [];
    const done = (result: Exclude<SyncReply, { studentsPart: unknown }>) => {
      target.removeEventListener('message', onMessage);
      target.removeEventListener('error', onError);
      resolve(result);
    };
    // Each part is its own message, read in its own task: a tap gets in between.
    const onMessage = ({ data }: MessageEvent<SyncReply>) => {
      if ('studentsPart' in data) {
        parts.push(data.studentsPart);
        partsLeft -= 1;
      } else if (!data.ok) return done(data);
      else {
        answer = data.answer as SyncAnswer;
        partsLeft = data.studentParts;
      }
      if (!answer || partsLeft > 0) return;
      if (parts.length > 0) answer.changed.students = joinStudentColumns(parts);
      done({ ok: true, answer, studentParts: 0 });
    };
    const onError = (event: ErrorEvent) => done({ ok: false, message: event.message || 'sync worker failed' });
    target.addEventListener('message', onMessage);
    target.addEventListener('error', onError);
    void currentToken().then((token) => target.postMessage({ path, token } satisfies SyncRequest));
  });
  // The worker's requests bypass the app's HTTP client: what they learnt of the server is said here (an answer, not a
  // network failure, which may be the worker's own script failing to load).
  if (reply.ok) {
    reportServerAnswer(200);
    return reply.answer as SyncAnswer;
  }
  if (reply.status !== undefined) reportServerAnswer(reply.status);
  // The token may have just expired, or the account been refused: the main thread's client knows what to do with that.
  if (reply.status === 401 || reply.status === 403) return onMainThread();
  throw new WorkerFailure(reply.message, reply.status);
}

/** The roots of the query keys a sync writes (rosters and rolls are under 'classes'). */
const SYNCED_ROOTS: readonly unknown[] = [meKeys.all[0], studentKeys.all[0], activityKeys.all[0], classKeys.all[0], userKeys.all[0]];

/**
 * The answer of a sync asked for at `askedAt`, merged into the cache. A copy the device received after that moment (a
 * screen read it while the sync was under way) is at least as new, and is kept. A write that began or ended meanwhile
 * may be missing from the answer: what the sync wrote is then read again (marked stale, the screens refetch).
 */
async function apply(answer: SyncAnswer, state: SyncState | undefined, generation: number, askedAt: number): Promise<void> {
  const ended = () => generation !== dataGeneration();
  const put = <T>(key: QueryKey, data: T) => {
    if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) > askedAt) return;
    queryClient.setQueryData(key, data);
  };
  const classIdsByStudent = await merge(answer, state, ended, put);
  if (!classIdsByStudent || ended()) return;
  if (lastWriteAt() >= askedAt) void queryClient.invalidateQueries({ predicate: (query) => SYNCED_ROOTS.includes(query.queryKey[0]) });
  queryClient.setQueryData<SyncState>(syncStateKey, {
    cursor: answer.cursor,
    syncedAt: Date.now(),
    fullOn: answer.full ? localDay() : (state?.fullOn ?? localDay()),
    classIdsByStudent,
    scope: syncScope(answer.me),
  });
}

/** The answer merged into the cache through `put`, in steps; the students' classes it leaves, or undefined if the session ended. */
async function merge(
  answer: SyncAnswer,
  state: SyncState | undefined,
  ended: () => boolean,
  put: <T>(key: QueryKey, data: T) => void,
): Promise<Record<string, string[]> | undefined> {
  // The answer's message was a task of its own (its copy into this thread): the merge starts in the next one.
  await yieldToPage();
  if (ended()) return undefined;
  const maybePause = slicer();
  const copy: DeviceCopy = { classIdsByStudent: state?.classIdsByStudent ?? {} };
  const students = queryClient.getQueryData<StudentSummary[]>(studentKeys.all);
  const activities = queryClient.getQueryData<Activity[]>(activityKeys.all);
  const classes = queryClient.getQueryData<ClassGroup[]>(classKeys.all);
  const users = queryClient.getQueryData<User[]>(userKeys.all);
  if (students) copy.students = students;
  if (activities) copy.activities = activities;
  if (classes) copy.classes = classes;
  if (users) copy.users = users;
  const made = answer.changed.students ? await madeInSlices(answer.changed.students, maybePause) : undefined;
  if (ended()) return undefined;
  // Both ways of downloading put the students in the copy's order (the worker, or download()'s main-thread fallback).
  const merged = mergeSync(state ? copy : undefined, answer, { studentsInOrder: true, made });
  // The classes whose rosters, rolls and grids the device keeps: those listed, and of those an instructor's own and the
  // ones that name no instructor (seesRollsOf). Whatever it holds of any other (archived, or handed to another
  // instructor) goes at the end of the merge, with a child's absences and their reasons.
  const kept = merged.classes
    ? new Set(merged.classes.filter((group) => seesRollsOf(answer.me, instructorsOf(group))).map((group) => group.id))
    : undefined;
  const seen = (classId: string) => !kept || kept.has(classId);
  // The merge (5,000 students made from their columns) was a task of its own, and the lists' puts another.
  await yieldToPage();
  if (ended()) return undefined;
  put(meKeys.all, answer.me);
  if (merged.activities) put(activityKeys.all, merged.activities);
  if (merged.classes) put(classKeys.all, merged.classes);
  if (merged.users) put(userKeys.all, merged.users);
  await yieldToPage();
  if (ended()) return undefined;
  if (merged.students) {
    put(studentKeys.all, merged.students);
    await yieldToPage();
    if (ended()) return undefined;
    for (const [classId, roster] of rostersOf(merged)) {
      if (!seen(classId)) continue;
      const cached = queryClient.getQueryData<StudentSummary[]>(rosterKeys.one(classId));
      if (!sameRoster(cached, roster)) put(rosterKeys.one(classId), withConsentsOf(roster, cached));
      await maybePause();
      if (ended()) return undefined;
    }
    await yieldToPage();
    if (ended()) return undefined;
  }
  const updates = rollUpdates(answer);
  if (answer.full && answer.changed.rolls) clearMissingRolls(updates);
  for (const [key, roll] of updates) {
    const at = key.lastIndexOf('/');
    if (!seen(key.slice(0, at))) continue;
    put<Roll | null>(rollKeys.one(key.slice(0, at), key.slice(at + 1)), roll);
    await maybePause();
    if (ended()) return undefined;
  }
  if (kept) forgetClassesNotKept(kept);
  if (answer.anonymised?.length) {
    await forgetAnonymised(answer.anonymised, maybePause);
    if (ended()) return undefined;
  }
  return merged.classIdsByStudent;
}

const STUDENTS_PER_SLICE = 500;

/**
 * An answer's students made from their columns a few hundred at a time, pausing as the merge does (`maybePause`): a
 * first visit's 5,000 in one go were most of a task of 27-40 ms after its first screen (Lighthouse's trace, issue 57).
 */
async function madeInSlices(columns: SyncStudentColumns, maybePause: () => Promise<void>): Promise<MadeStudents> {
  const made: MadeStudents = { summaries: [], classIds: {} };
  for (let from = 0; from < columns.ids.length; from += STUDENTS_PER_SLICE) {
    made.summaries.push(...summariesFromColumns(columns, made.classIds, from, Math.min(from + STUDENTS_PER_SLICE, columns.ids.length)));
    await maybePause();
  }
  return made;
}

/**
 * Every cached copy that names a student anonymised on the server (issue 51): their record, guardians, documents,
 * consents, an inactive list, an old month's grid. Removed (and so unsaved), so a screen reads it again, with the code
 * in place of the name. The synced students list is the merge's (an anonymised student is inactive: not in it).
 */
async function forgetAnonymised(ids: readonly string[], maybePause: () => Promise<void>): Promise<void> {
  // Each id as JSON writes it, quotes included: an id is never found inside a longer one.
  const quoted = ids.map((id) => JSON.stringify(id));
  for (const query of queryClient.getQueryCache().getAll()) {
    const key = query.queryKey;
    if (key.length === 1 && (key[0] === studentKeys.all[0] || key[0] === syncStateKey[0])) continue;
    const text = JSON.stringify(key) + (query.state.data === undefined ? '' : JSON.stringify(query.state.data));
    if (quoted.some((id) => text.includes(id))) queryClient.removeQueries({ queryKey: key, exact: true });
    await maybePause();
  }
}

/** Every cached query under a class the device no longer keeps (its rosters, rolls, month grids): removed, and so unsaved. */
function forgetClassesNotKept(kept: ReadonlySet<string>): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: classKeys.all })) {
    const classId = query.queryKey[1];
    if (typeof classId === 'string' && !kept.has(classId)) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}

/**
 * The sync's students carry no consents: a roster it rebuilds keeps each child's consents from the roster the device
 * read from the server (the roll call's image flag, issue 51), until that roster is read again.
 */
function withConsentsOf(roster: StudentSummary[], cached: StudentSummary[] | undefined): StudentSummary[] {
  if (!cached?.some((student) => student.consents)) return roster;
  const consents = new Map(cached.map((student) => [student.id, student.consents]));
  return roster.map((student) => {
    const kept = consents.get(student.id);
    return kept ? { ...student, consents: kept } : student;
  });
}

function sameRoster(a: StudentSummary[] | undefined, b: StudentSummary[]): boolean {
  if (!a || a.length !== b.length) return false;
  return a.every((student, i) => student.id === b[i]!.id && student.name === b[i]!.name && student.frequencyPercent === b[i]!.frequencyPercent);
}

/**
 * A full sync lists every roll of the window: a saved roll of the window it does not list was removed on the server.
 * The server counts the window's days from its own today (UTC on the embedded database), which can be the device's
 * tomorrow (an evening in Brazil): the device's window is a day shorter, so it never clears a roll the server kept.
 */
function clearMissingRolls(updates: Map<string, Roll | null>): void {
  const oldest = localDay(new Date(Date.now() - (SYNC_ROLL_DAYS - 1) * 86_400_000));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['classes'] })) {
    const [, classId, kind, date] = query.queryKey as [string, string, string, string];
    if (kind !== 'attendance' || typeof date !== 'string' || date < oldest) continue;
    const key = rollKey({ classId, date });
    if (!updates.has(key) && query.state.data) updates.set(key, null);
  }
}

/**
 * A sync's answer is a picture of the server taken when it was asked for. What the device learnt after that moment
 * must survive it: a copy a screen read meanwhile is kept, and after a write that began or ended meanwhile what the
 * sync wrote is read again (the answer may predate the write).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/offline/sync.ts';
import { noteWrite, queryClient } from '../../../src/offline/query-client.ts';
import { rosterKeys } from '../../../src/api/rosters.ts';
import { studentKeys } from '../../../src/api/students.ts';
import { syncStateKey, type SyncState } from '../../../src/offline/sync-status.ts';

const me = { id: 'u1', email: 'ana@example.org', full_name: 'Ana', access: 'admin', permissions: [] };
const ana = { id: 's1', name: 'Ana Souza', frequencyPercent: 90 };
const bruno = { id: 's2', name: 'Bruno Lima', frequencyPercent: 50 };

/** A full sync's answer (Ana alone, in class c1), held until `release` is called. */
function holdSyncAnswer(rolls: unknown[] = []): { asked: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const askedPromise = new Promise<void>((resolve) => (asked = resolve));
  const answer = {
    cursor: '7',
    full: true,
    changed: { students: { ids: [ana.id], names: [ana.name], frequencyPercent: [ana.frequencyPercent], classIds: ['c1'], classes: [[0]] } },
    removed: {},
    me,
  };
  if (rolls.length > 0) Object.assign(answer.changed, { rolls });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url).pathname;
      if (path !== '/api/sync') return new Response('{}', { status: 404 });
      asked();
      await released;
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { asked: askedPromise, release };
}

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('a sync and what happened while it was under way', () => {
  it('with nothing else going on, writes its answer: the list, the rosters, its cursor, all fresh', async () => {
    const { asked, release } = holdSyncAnswer();
    const sync = runSync({ full: true });
    await asked;
    release();
    await sync;
    expect(queryClient.getQueryData(studentKeys.all)).toEqual([ana]);
    expect(queryClient.getQueryData(rosterKeys.one('c1'))).toEqual([ana]);
    expect(queryClient.getQueryData<SyncState>(syncStateKey)?.cursor).toBe('7');
    expect(queryClient.getQueryState(studentKeys.all)?.isInvalidated).toBe(false);
  });

  it('keeps a roster a screen read after the sync was asked for (an enrolment the answer predates)', async () => {
    const { asked, release } = holdSyncAnswer();
    const sync = runSync({ full: true });
    await asked;
    await later();
    queryClient.setQueryData(rosterKeys.one('c1'), [ana, bruno]);
    release();
    await sync;
    expect(queryClient.getQueryData(rosterKeys.one('c1'))).toEqual([ana, bruno]);
    // What no screen read meanwhile is the sync's.
    expect(queryClient.getQueryData(studentKeys.all)).toEqual([ana]);
  });

  it('after a write sent while it was under way, marks what it wrote to be read again', async () => {
    const { asked, release } = holdSyncAnswer();
    const sync = runSync({ full: true });
    await asked;
    await later();
    noteWrite();
    release();
    await sync;
    expect(queryClient.getQueryData(studentKeys.all)).toEqual([ana]);
    expect(queryClient.getQueryState(studentKeys.all)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(rosterKeys.one('c1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<SyncState>(syncStateKey)?.cursor).toBe('7');
  });

  it('lets a tap through while it writes many rolls: a task queued at its first roll runs before its last', async () => {
    const rolls = Array.from({ length: 200 }, (_, i) => ({
      classId: `c${i}`,
      date: '2026-11-20',
      takenBy: 'Ana',
      takenAt: '2026-11-20T12:00:00Z',
      entries: [{ studentId: ana.id, status: 'PRESENT' }],
    }));
    // Every reading of the clock a millisecond on: the merge pauses every few writes, as it would on a slow tablet.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const { asked, release } = holdSyncAnswer(rolls);
    const rollsWritten = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['classes'] })
        .filter((query) => query.queryKey[2] === 'attendance').length;
    let writtenWhenTheTapRan: number | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'added' || event.query.queryKey[2] !== 'attendance' || writtenWhenTheTapRan !== undefined) return;
      writtenWhenTheTapRan = -1;
      setTimeout(() => (writtenWhenTheTapRan = rollsWritten()), 0);
    });
    const sync = runSync({ full: true });
    await asked;
    release();
    await sync;
    unsubscribe();
    vi.restoreAllMocks();
    expect(rollsWritten()).toBe(200);
    expect(writtenWhenTheTapRan).toBeGreaterThan(0);
    expect(writtenWhenTheTapRan).toBeLessThan(200);
  });
});

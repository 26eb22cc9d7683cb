/**
 * What a device keeps is what its user may see now: an instructor's device keeps nothing of another instructor's
 * classes (rosters, rolls, month grids), and a sync for another scope (a role that widened, new rules) is a full one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/offline/sync.ts';
import { queryClient } from '../../../src/offline/query-client.ts';
import { rosterKeys } from '../../../src/api/rosters.ts';
import { gridKeys } from '../../../src/api/attendance-grid.ts';
import { rollKeys } from '../../../src/api/attendance.ts';
import { syncStateKey, type SyncState } from '../../../src/offline/sync-status.ts';

const instructor = { id: 'u1', email: 'ana@example.org', full_name: 'Ana', access: 'instrutor', permissions: [] };
const group = (id: string, instructorId: string | null) => ({
  id,
  title: id,
  weekDay: 'SEGUNDA',
  schedule: '08:00',
  level: 'INICIANTE',
  activityId: 'a1',
  instructorId,
  archived: false,
  version: 1,
});
const ana = { id: 's1', name: 'Ana Souza', frequencyPercent: 90 };

/** Answers the sync requests in turn, and notes what was asked. */
function answerSyncs(...answers: unknown[]): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      if (url.pathname !== '/api/sync') return new Response('{}', { status: 404 });
      asked.push(url.search);
      return new Response(JSON.stringify(answers[Math.min(asked.length - 1, answers.length - 1)]), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return asked;
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("an instructor's device after a sync", () => {
  it("holds no roster, roll or month grid of another instructor's class, and the rosters of its own", async () => {
    queryClient.setQueryData(gridKeys.month('c2', '2026-11'), { classId: 'c2', dates: [], students: [{ id: 's1', name: 'Ana Souza' }] });
    queryClient.setQueryData(rosterKeys.one('c2'), [ana]);
    queryClient.setQueryData(rollKeys.one('c2', '2026-11-20'), { classId: 'c2', date: '2026-11-20', entries: [] });
    answerSyncs({
      cursor: '7',
      full: true,
      changed: {
        classes: [group('c1', null), group('c2', 'u2')],
        students: { ids: [ana.id], names: [ana.name], frequencyPercent: [ana.frequencyPercent], classIds: ['c1', 'c2'], classes: [[0, 1]] },
      },
      removed: {},
      me: instructor,
    });
    await runSync({ full: true });
    expect(queryClient.getQueryData(rosterKeys.one('c1'))).toEqual([ana]);
    expect(queryClient.getQueryData(rosterKeys.one('c2'))).toBeUndefined();
    expect(queryClient.getQueryData(gridKeys.month('c2', '2026-11'))).toBeUndefined();
    expect(queryClient.getQueryData(rollKeys.one('c2', '2026-11-20'))).toBeUndefined();
  });

  it('takes a full sync when a delta comes for another scope (the role widened)', async () => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    queryClient.setQueryData<SyncState>(syncStateKey, { cursor: '5', syncedAt: 1, fullOn: day, classIdsByStudent: {}, scope: '2:instrutor' });
    const coordinator = { ...instructor, access: 'coordenador' };
    const empty = { ids: [], names: [], frequencyPercent: [], classIds: [], classes: [] };
    const asked = answerSyncs(
      { cursor: '6', full: false, changed: {}, removed: {}, me: coordinator },
      { cursor: '6', full: true, changed: { students: empty }, removed: {}, me: coordinator },
    );
    await runSync();
    expect(asked).toEqual(['?since=5', '']);
    expect(queryClient.getQueryData<SyncState>(syncStateKey)).toMatchObject({ cursor: '6', scope: '2:coordenador' });
  });
});

describe('a full sync and the rolls it does not list', () => {
  it("keeps the roll at the window's edge, which the server may count out by its own (UTC) day, and clears one inside it", async () => {
    const dayBack = (days: number) => {
      const at = new Date(Date.now() - days * 86_400_000);
      return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    };
    const roll = (date: string) => ({ classId: 'c1', date, takenBy: 'x', takenAt: `${date}T10:00:00.000Z`, entries: [] });
    queryClient.setQueryData(rollKeys.one('c1', dayBack(60)), roll(dayBack(60)));
    queryClient.setQueryData(rollKeys.one('c1', dayBack(10)), roll(dayBack(10)));
    answerSyncs({
      cursor: '8',
      full: true,
      changed: { rolls: [], classes: [group('c1', null)] },
      removed: {},
      me: { ...instructor, access: 'coordenador' },
    });
    await runSync({ full: true });
    expect(queryClient.getQueryData(rollKeys.one('c1', dayBack(60)))).toMatchObject({ date: dayBack(60) });
    expect(queryClient.getQueryData(rollKeys.one('c1', dayBack(10)))).toBeNull();
  });
});

/**
 * A child anonymised on the server (issue 51) leaves every copy a device keeps at its next sync: their record, their
 * guardians, an inactive list or an old month's grid that names them. Nothing else goes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/offline/sync.ts';
import { queryClient } from '../../../src/offline/query-client.ts';
import { gridKeys } from '../../../src/api/attendance-grid.ts';
import { studentKeys } from '../../../src/api/students.ts';

const coordinator = { id: 'u1', email: 'rita@example.org', full_name: 'Rita', access: 'coordenador', permissions: [] };
const ana = { id: 's1', name: 'Ana Souza', frequencyPercent: 90 };
const gone = 's2';

function answerSync(answer: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      if (url.pathname !== '/api/sync') return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('a device after a sync that names an anonymised student', () => {
  it("forgets every copy that names them (record, guardians, an inactive list, an old grid) and keeps the others'", async () => {
    queryClient.setQueryData(['students', gone], { id: gone, fullName: 'Zuleica Quintanilha' });
    queryClient.setQueryData(['students', gone, 'responsibles'], [{ id: 'g1', name: 'Berenice Quintanilha' }]);
    queryClient.setQueryData(['students', { status: 'inactive' }], [{ id: gone, name: 'Zuleica Quintanilha', frequencyPercent: 50 }]);
    queryClient.setQueryData(gridKeys.month('c1', '2020-03'), { classId: 'c1', dates: [], students: [{ id: gone, name: 'Zuleica Quintanilha' }] });
    queryClient.setQueryData(['students', ana.id], { id: ana.id, fullName: ana.name });
    queryClient.setQueryData(['students', 's22'], { id: 's22', fullName: 'Someone whose id starts the same' });
    queryClient.setQueryData(gridKeys.month('c1', '2026-11'), { classId: 'c1', dates: [], students: [{ id: ana.id, name: ana.name }] });
    answerSync({
      cursor: '7',
      full: true,
      changed: { students: { ids: [ana.id], names: [ana.name], frequencyPercent: [ana.frequencyPercent], classIds: [], classes: [[]] } },
      removed: {},
      anonymised: [gone],
      me: coordinator,
    });
    await runSync({ full: true });

    expect(queryClient.getQueryData(['students', gone])).toBeUndefined();
    expect(queryClient.getQueryData(['students', gone, 'responsibles'])).toBeUndefined();
    expect(queryClient.getQueryData(['students', { status: 'inactive' }])).toBeUndefined();
    expect(queryClient.getQueryData(gridKeys.month('c1', '2020-03'))).toBeUndefined();
    expect(queryClient.getQueryData(['students', ana.id])).toEqual({ id: ana.id, fullName: ana.name });
    expect(queryClient.getQueryData(['students', 's22'])).toBeDefined();
    expect(queryClient.getQueryData(gridKeys.month('c1', '2026-11'))).toBeDefined();
    expect(queryClient.getQueryData(studentKeys.all)).toEqual([ana]);
  });
});

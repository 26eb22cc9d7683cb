/**
 * A roll, an enrolment or a student's status the server has accepted makes home's alerts and the months' reports outdated: they are
 * asked again when next shown (a saved roll left "no roll in the last 7 days" on home until a reload).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import { drainOutbox } from '../../../src/offline/outbox.ts';
import { queryClient } from '../../../src/offline/query-client.ts';
import { enqueueRoll, registerAttendanceHandlers } from '../../../src/api/attendance.ts';
import { enqueueEnrolment, registerStudentRecordHandlers } from '../../../src/api/student-records.ts';
import { reportKeys } from '../../../src/api/reports.ts';

const figures = [reportKeys.alerts, reportKeys.alertsFirst, reportKeys.frequency('2026-11'), reportKeys.frequency('2026-10')];
const outdated = () => figures.map((key) => queryClient.getQueryState(key)?.isInvalidated);

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
  );
}

beforeEach(async () => {
  await db.outbox.clear();
  queryClient.clear();
  for (const key of figures) queryClient.setQueryData(key, { kept: true });
});
afterEach(() => vi.unstubAllGlobals());

describe("home's alerts and the reports after a write", () => {
  it('are outdated once a roll reaches the server', async () => {
    registerAttendanceHandlers();
    const roll = { takenBy: 'Ana', takenAt: '2026-11-20T10:00:00.000Z', entries: [{ studentId: 's1', status: 'ABSENT' as const }] };
    answer({ ...roll, classId: 'c1', date: '2026-11-20' });
    expect(outdated()).toEqual([false, false, false, false]);
    await enqueueRoll({ classId: 'c1', date: '2026-11-20', roll });
    await drainOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect(outdated()).toEqual([true, true, true, true]);
  });

  it('are outdated once an enrolment reaches the server (the rosters behind the percentages changed)', async () => {
    registerStudentRecordHandlers();
    answer({ classId: 'c1', from: '2026-11-20' });
    await enqueueEnrolment('start', { studentId: 's1', classId: 'c1', date: '2026-11-20' });
    await drainOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect(outdated()).toEqual([true, true, true, true]);
  });
});

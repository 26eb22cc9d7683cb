// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/api/contract.ts';
import { arrivalsReportSchema, generalMonthSchema, generalRollSchema, type GeneralRollInput } from '../../../src/api/general-roll-contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let classId: string;
/** Three children of one class's roster, active on every date of these tests. */
let kids: [string, string, string];
/** A child deactivated before these dates. */
let inactive: string;

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.db.query<{ class_id: string }>(
    `SELECT e.class_id FROM class_enrollments e JOIN students s ON s.id = e.student_id
      WHERE s.active AND e.ended_on IS NULL GROUP BY e.class_id HAVING count(*) >= 3 ORDER BY e.class_id LIMIT 1`,
  );
  classId = row!.class_id;
  const roster = await server.db.query<{ student_id: string }>(
    `SELECT e.student_id FROM class_enrollments e JOIN students s ON s.id = e.student_id
      WHERE e.class_id = $1 AND s.active AND e.ended_on IS NULL AND e.enrolled_on <= '2026-09-01'
        AND NOT EXISTS (SELECT 1 FROM student_inactivity i WHERE i.student_id = s.id)
      ORDER BY e.student_id LIMIT 3`,
    [classId],
  );
  kids = roster.map((r) => r.student_id) as [string, string, string];
  expect(kids).toHaveLength(3);
  const created = await server.app.inject({ method: 'POST', url: '/api/students', payload: { fullName: 'Criança Desligada' } });
  inactive = created.json<{ id: string }>().id;
  const status = await server.app.inject({
    method: 'POST',
    url: `/api/students/${inactive}/status`,
    payload: { active: false, date: '2026-01-01', reason: 'Mudou de cidade', version: 1 },
  });
  expect(status.statusCode).toBe(200);
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const url = (date: string) => `/api/attendance/general/${date}`;
const put = (date: string, payload: GeneralRollInput) => server.app.inject({ method: 'PUT', url: url(date), payload });
const read = async (date: string) => generalRollSchema.parse((await server.app.inject(url(date))).json());
const roll = (marks: Record<string, 'PRESENT' | 'ABSENT'>, takenAt: string, basedOn?: string | null): GeneralRollInput => ({
  takenBy: 'Recepção',
  takenAt,
  entries: Object.entries(marks).map(([studentId, status]) => ({ studentId, status })),
  ...(basedOn === undefined ? {} : { basedOn }),
});

describe('the general roll of a day', () => {
  it('is empty until saved, saved and read back, a resend is no correction, a correction is', async () => {
    const date = '2026-09-05';
    const before = await read(date);
    expect(before).toMatchObject({ date, entries: [], arrivedInClass: [] });
    expect(before.takenAt).toBeUndefined();

    const first = roll({ [kids[0]]: 'PRESENT', [kids[1]]: 'ABSENT' }, '2026-09-05T11:00:00.000Z', null);
    const saved = await put(date, first);
    expect(saved.statusCode).toBe(200);
    expect(generalRollSchema.parse(saved.json())).toMatchObject({
      takenAt: '2026-09-05T11:00:00.000Z',
      firstTakenAt: '2026-09-05T11:00:00.000Z',
      correctedAt: null,
      entries: first.entries,
    });
    // The same save again (its answer lost): accepted, and not a correction.
    const again = await put(date, first);
    expect(again.statusCode).toBe(200);
    expect(generalRollSchema.parse(again.json()).correctedAt).toBeNull();

    const correction = roll({ [kids[0]]: 'PRESENT', [kids[1]]: 'PRESENT' }, '2026-09-05T12:00:00.000Z', '2026-09-05T11:00:00.000Z');
    expect((await put(date, correction)).statusCode).toBe(200);
    expect(await read(date)).toMatchObject({
      takenAt: '2026-09-05T12:00:00.000Z',
      firstTakenAt: '2026-09-05T11:00:00.000Z',
      correctedAt: '2026-09-05T12:00:00.000Z',
      entries: correction.entries,
    });
  });

  it("refuses a save taken on an older general roll than the server's (409 with the roll as it is now)", async () => {
    const date = '2026-09-06';
    expect((await put(date, roll({ [kids[0]]: 'PRESENT' }, '2026-09-06T11:00:00.000Z', null))).statusCode).toBe(200);
    // Another tablet, offline since before that save, saves its own roll of the day.
    const stale = await put(date, roll({ [kids[0]]: 'ABSENT' }, '2026-09-06T11:30:00.000Z', null));
    expect(stale.statusCode).toBe(409);
    const error = apiErrorSchema.parse(stale.json());
    expect(error.code).toBe('stale-version');
    expect(generalRollSchema.parse(error.current)).toMatchObject({
      takenAt: '2026-09-06T11:00:00.000Z',
      entries: [{ studentId: kids[0], status: 'PRESENT' }],
    });
    expect((await read(date)).entries).toEqual([{ studentId: kids[0], status: 'PRESENT' }]);
    // "Keep mine": the same marks based on the roll as it is now go through.
    expect((await put(date, roll({ [kids[0]]: 'ABSENT' }, '2026-09-06T11:30:00.000Z', '2026-09-06T11:00:00.000Z'))).statusCode).toBe(200);
  });

  it('refuses a child not active on that date, a child twice, and a date after today', async () => {
    const date = '2026-09-07';
    const stranger = await put(date, roll({ [kids[0]]: 'PRESENT', [inactive]: 'PRESENT' }, '2026-09-07T11:00:00.000Z'));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<{ message: string }>().message).toContain(inactive);
    const twice = await put(date, {
      takenBy: 'x',
      takenAt: '2026-09-07T11:00:00.000Z',
      entries: [
        { studentId: kids[0], status: 'PRESENT' },
        { studentId: kids[0], status: 'ABSENT' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const future = await put('2199-01-01', roll({ [kids[0]]: 'PRESENT' }, '2026-09-07T11:00:00.000Z'));
    expect(apiErrorSchema.parse(future.json()).code).toBe('roll-date-future');
    expect((await read(date)).takenAt).toBeUndefined();
    // Active on an earlier date (deactivated on 2026-01-01): on that day's roll.
    expect((await put('2025-12-01', roll({ [inactive]: 'PRESENT' }, '2025-12-01T11:00:00.000Z'))).statusCode).toBe(200);
  });
});

describe('the general roll against a class roll of the same day', () => {
  it('shows a child present in the class roll as arrived, and an absent mark for them changes nothing', async () => {
    const date = '2026-09-08';
    const classRoll = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${classId}/attendance/${date}`,
      payload: {
        takenBy: 'Instrutor',
        takenAt: '2026-09-08T14:00:00.000Z',
        entries: [
          { studentId: kids[0], status: 'PRESENT' },
          { studentId: kids[1], status: 'ABSENT' },
        ],
      },
    });
    expect(classRoll.statusCode).toBe(200);
    expect((await read(date)).arrivedInClass).toEqual([kids[0]]);

    // The reception's roll, taken offline before the class roll arrived, has kids[0] not arrived.
    const saved = await put(date, roll({ [kids[0]]: 'ABSENT', [kids[1]]: 'ABSENT', [kids[2]]: 'PRESENT' }, '2026-09-08T09:00:00.000Z', null));
    expect(saved.statusCode).toBe(200);
    expect(generalRollSchema.parse(saved.json()).arrivedInClass).toEqual([kids[0]]);

    // The month counts kids[0] (class roll) and kids[2] (general roll) as arrived that day; kids[1] not.
    const month = generalMonthSchema.parse((await server.app.inject('/api/attendance/general?month=2026-09')).json());
    const day = month.dates.indexOf(date);
    expect(day).toBeGreaterThanOrEqual(0);
    const cell = (id: string) => month.students.find((s) => s.id === id)?.cells[day] ?? null;
    expect(cell(kids[0])).toBe('C');
    expect(cell(kids[1])).toBeNull();
    expect(cell(kids[2])).toBe('P');
    expect(month.totals[day]).toEqual({ date, arrived: 2 });

    // The reports count the same arrivals per day (one rule): 2 that day, 1 of them marked at the general roll.
    const arrivals = arrivalsReportSchema.parse((await server.app.inject('/api/reports/arrivals?month=2026-09')).json());
    expect(arrivals.days.find((d) => d.date === date)).toEqual({ date, arrived: 2, atGeneralRoll: 1 });
    expect(arrivals.days.map(({ date: d, arrived: n }) => ({ date: d, arrived: n }))).toEqual(month.totals);
    // A day with a general roll on which no one arrived is listed, with none.
    const empty = '2026-09-09';
    expect((await put(empty, roll({ [kids[1]]: 'ABSENT' }, '2026-09-09T09:00:00.000Z', null))).statusCode).toBe(200);
    const after = arrivalsReportSchema.parse((await server.app.inject('/api/reports/arrivals?month=2026-09')).json());
    expect(after.days.find((d) => d.date === empty)).toEqual({ date: empty, arrived: 0, atGeneralRoll: 0 });
    expect((await server.app.inject('/api/reports/arrivals?month=2026-13')).statusCode).toBe(400);
  });

  it('records a read on the children it shows arrived, and a save on every child on it', async () => {
    const date = '2026-09-08';
    const rows = async (studentId: string, kind: string) =>
      (
        await server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM access_log WHERE student_id = $1 AND kind = $2 AND route LIKE '/attendance/general%'",
          [studentId, kind],
        )
      )[0]!.n;
    const [arrived, notArrived] = [await rows(kids[2], 'read'), await rows(kids[1], 'read')];
    await read(date);
    expect(await rows(kids[2], 'read')).toBe(arrived + 1);
    expect(await rows(kids[1], 'read')).toBe(notArrived);
    expect(await rows(kids[1], 'write')).toBeGreaterThan(0);
  });
});

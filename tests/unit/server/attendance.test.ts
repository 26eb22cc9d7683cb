// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, rollDaySchema, rollSchema, studentSummarySchema, type RollInput } from '../../../src/api/contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, TESTS_CLOCK, type TestServer } from './support/test-server.ts';

let server: TestServer;
let classId: string;
let roster: string[];
let outsider: string;
/** The server's clock for the rule on a roll's date; every other test leaves it after all their dates. */
let clock = TESTS_CLOCK;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  const [row] = await server.db.query<{ class_id: string }>(
    'SELECT class_id FROM class_enrollments GROUP BY class_id HAVING count(*) >= 3 ORDER BY class_id LIMIT 1',
  );
  classId = row!.class_id;
  roster = (
    await server.db.query<{ student_id: string }>('SELECT student_id FROM class_enrollments WHERE class_id = $1 ORDER BY student_id', [classId])
  ).map((r) => r.student_id);
  const [other] = await server.db.query<{ id: string }>(
    'SELECT id FROM students WHERE id NOT IN (SELECT student_id FROM class_enrollments WHERE class_id = $1) LIMIT 1',
    [classId],
  );
  outsider = other!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const url = (date: string, cls = classId) => `/api/classes/${cls}/attendance/${date}`;
const put = (date: string, payload: unknown, cls = classId) => server.app.inject({ method: 'PUT', url: url(date, cls), payload: payload as object });
const roll = (statuses: Array<'PRESENT' | 'ABSENT'>, takenBy = 'Carlos Eduardo Nascimento'): RollInput => ({
  takenBy,
  takenAt: '2026-11-20T09:35:00.000Z',
  entries: statuses.map((status, i) => ({ studentId: roster[i]!, status })),
});
const rollRows = async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM attendance_entries'))[0]!.n;
const frequencyOf = async (studentId: string) =>
  z
    .array(studentSummarySchema)
    .parse((await server.app.inject('/api/students')).json())
    .find((s) => s.id === studentId)!.frequencyPercent;

describe('PUT /api/classes/:classId/attendance/:date', () => {
  it("refuses a roll dated after today (the server's UTC day plus one, for devices ahead of it), storing nothing", async () => {
    clock = new Date('2026-12-07T23:30:00Z');
    try {
      const before = await rollRows();
      const refused = await put('2026-12-09', roll(['PRESENT']));
      expect(refused.statusCode).toBe(400);
      expect(apiErrorSchema.parse(refused.json())).toMatchObject({ code: 'roll-date-future' });
      expect((await server.app.inject(url('2026-12-09'))).statusCode).toBe(404);
      expect(await rollRows()).toBe(before);
      // Already the 8th east of UTC (New Zealand is UTC+13): accepted.
      expect((await put('2026-12-08', roll(['PRESENT']))).statusCode).toBe(200);
    } finally {
      clock = TESTS_CLOCK;
    }
  });

  it('refuses a save taken on an older state of the roll (another device saved since), and takes a replay of its own save', async () => {
    const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const first = { ...roll(['PRESENT', 'PRESENT']), takenAt: at(0), basedOn: null };
    expect((await put('2026-11-24', first)).statusCode).toBe(200);
    // A second device corrects it, having seen the first save.
    const correction = { ...roll(['ABSENT', 'PRESENT'], 'Outra Instrutora'), takenAt: at(5), basedOn: at(0) };
    expect((await put('2026-11-24', correction)).statusCode).toBe(200);
    // The first device, offline since its save, sends a change taken on its own save: refused, with the roll as it is.
    const stale = await put('2026-11-24', { ...roll(['PRESENT', 'ABSENT']), takenAt: at(9), basedOn: at(0) });
    expect(stale.statusCode).toBe(409);
    const body = apiErrorSchema.parse(stale.json());
    expect(body.code).toBe('stale-version');
    expect(rollSchema.parse(body.current)).toMatchObject({ takenAt: at(5), takenBy: 'Outra Instrutora' });
    // Nobody knew of a roll: refused too, since there is one.
    expect((await put('2026-11-24', { ...roll(['PRESENT']), takenAt: at(10), basedOn: null })).statusCode).toBe(409);
    // The correction sent again (its answer was lost): its own save is there, so it goes through.
    expect((await put('2026-11-24', correction)).statusCode).toBe(200);
    // A further correction from that device, which never heard back and replaced its waiting save: it names the save
    // it replaced, which is the day's roll, so it goes through; naming another does not.
    const further = { ...roll(['PRESENT', 'PRESENT'], 'Outra Instrutora'), takenAt: at(7), basedOn: at(0) };
    expect((await put('2026-11-24', { ...further, supersedes: [at(3)] })).statusCode).toBe(409);
    expect((await put('2026-11-24', { ...further, supersedes: [at(3), at(5)] })).statusCode).toBe(200);
    // With no basedOn (the API's other clients), no check.
    expect((await put('2026-11-24', { ...roll(['PRESENT']), takenAt: at(11) })).statusCode).toBe(200);
  });

  it('saves the whole roll of a day and answers it; GET returns the same', async () => {
    const input = roll(['PRESENT', 'ABSENT', 'PRESENT']);
    const response = await put('2026-12-01', input);
    expect(response.statusCode).toBe(200);
    const saved = rollSchema.parse(response.json());
    expect(saved).toEqual({
      ...input,
      classId,
      date: '2026-12-01',
      firstTakenBy: input.takenBy,
      firstTakenAt: input.takenAt,
      correctedBy: null,
      correctedAt: null,
    });
    const again = await server.app.inject(url('2026-12-01'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved);
  });

  it('normalises takenAt to UTC', async () => {
    const response = await put('2026-12-02', { ...roll(['PRESENT']), takenAt: '2026-12-02T08:00:00-03:00' });
    expect(response.json()).toMatchObject({ takenAt: '2026-12-02T11:00:00.000Z' });
  });

  it('replaces the earlier roll of that day (a retry or correction never duplicates), keeping who took it first and who corrected it', async () => {
    const first = roll(['PRESENT', 'PRESENT', 'PRESENT']);
    await put('2026-12-03', first);
    const retried = (await put('2026-12-03', first)).json<Record<string, unknown>>();
    expect(retried).toMatchObject({ correctedBy: null, correctedAt: null });
    const corrected = { ...roll(['ABSENT', 'PRESENT'], 'Juliana Ferreira Lima'), takenAt: '2026-12-04T10:00:00.000Z' };
    const response = await put('2026-12-03', corrected);
    expect(response.json()).toEqual({
      ...corrected,
      classId,
      date: '2026-12-03',
      firstTakenBy: first.takenBy,
      firstTakenAt: first.takenAt,
      correctedBy: 'Juliana Ferreira Lima',
      correctedAt: '2026-12-04T10:00:00.000Z',
    });
    expect((await server.app.inject(url('2026-12-03'))).json()).toEqual(response.json());
    const [row] = await server.db.query<{ n: number }>("SELECT count(*) AS n FROM attendance_entries WHERE class_id = $1 AND date = '2026-12-03'", [
      classId,
    ]);
    expect(row!.n).toBe(2);
  });

  it('changes frequencyPercent in GET /api/students (days present / roll days of the student’s classes)', async () => {
    const student = roster[0]!;
    const [counts] = await server.db.query<{ days: number; present: number }>(
      `SELECT count(*) AS days, count(*) FILTER (WHERE a.status = 'PRESENT') AS present
         FROM class_enrollments e
         JOIN attendance_rolls r ON r.class_id = e.class_id
         LEFT JOIN attendance_entries a ON a.class_id = r.class_id AND a.date = r.date AND a.student_id = e.student_id
        WHERE e.student_id = $1 AND (r.date >= e.enrolled_on OR a.student_id IS NOT NULL)`,
      [student],
    );
    expect(await frequencyOf(student)).toBe(Math.round((1000 * counts!.present) / counts!.days) / 10);
    await put('2026-12-04', roll(['ABSENT']));
    const expected = Math.round((1000 * counts!.present) / (counts!.days + 1)) / 10;
    expect(await frequencyOf(student)).toBe(expected);
    await put('2026-12-04', roll(['PRESENT']));
    expect(await frequencyOf(student)).toBe(Math.round((1000 * (counts!.present + 1)) / (counts!.days + 1)) / 10);
  });

  it('a student with no roll yet is at 0%', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/api/students', payload: { fullName: 'Novo Aluno' } });
    expect(await frequencyOf(created.json<{ id: string }>().id)).toBe(0);
  });

  const bad: Array<[string, () => [string, unknown, string?], number, RegExp]> = [
    [
      'a student not enrolled in the class',
      () => ['2026-12-05', { ...roll(['PRESENT']), entries: [{ studentId: outsider, status: 'PRESENT' }] }],
      400,
      /not enrolled/,
    ],
    [
      'the same student twice',
      () => [
        '2026-12-05',
        {
          ...roll(['PRESENT']),
          entries: [
            { studentId: roster[0], status: 'PRESENT' },
            { studentId: roster[0], status: 'ABSENT' },
          ],
        },
      ],
      400,
      /once/,
    ],
    ['an unknown status', () => ['2026-12-05', { ...roll(['PRESENT']), entries: [{ studentId: roster[0], status: 'LATE' }] }], 400, /status/],
    ['no entries', () => ['2026-12-05', { ...roll([]) }], 400, /entries/],
    ['takenAt without an offset', () => ['2026-12-05', { ...roll(['PRESENT']), takenAt: '2026-12-05 10:00' }], 400, /takenAt/],
    ['an impossible date in the path', () => ['2026-02-30', roll(['PRESENT'])], 400, /date/],
    ['a date not in ISO form', () => ['05-12-2026', roll(['PRESENT'])], 400, /date/],
    ['an unknown class', () => ['2026-12-05', roll(['PRESENT']), 'no-such-class'], 404, /Class not found/],
  ];
  it.each(bad)('rejects %s, writing nothing', async (_label, make, status, message) => {
    const [date, payload, cls] = make();
    const before = await rollRows();
    const response = await put(date, payload, cls);
    expect(response.statusCode).toBe(status);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toMatch(message);
    expect(await rollRows()).toBe(before);
  });

  it('a rejected correction leaves the earlier roll of that day untouched', async () => {
    const first = (await put('2026-12-06', roll(['PRESENT', 'ABSENT']))).json();
    const rejected = await put('2026-12-06', { ...roll(['ABSENT']), entries: [{ studentId: outsider, status: 'ABSENT' }] });
    expect(rejected.statusCode).toBe(400);
    expect((await server.app.inject(url('2026-12-06'))).json()).toEqual(first);
  });
});

describe('GET /api/classes/:classId/attendance/:date', () => {
  it('answers 404 when no roll was saved that day, and for an unknown class', async () => {
    const none = await server.app.inject(url('2030-01-01'));
    expect(none.statusCode).toBe(404);
    expect(z.strictObject(apiErrorSchema.shape).parse(none.json()).message).toBe('Roll of 2030-01-01 not found');
    expect((await server.app.inject(url('2026-12-01', 'no-such-class'))).statusCode).toBe(404);
  });
});

describe('GET /api/classes/:classId/attendance', () => {
  it('lists the saved days oldest first with present and absent counts', async () => {
    await put('2026-12-10', roll(['PRESENT', 'ABSENT', 'ABSENT']));
    const response = await server.app.inject(`/api/classes/${classId}/attendance`);
    expect(response.statusCode).toBe(200);
    const days = z.array(rollDaySchema).parse(response.json());
    expect(days.at(-1)).toEqual({ date: '2026-12-10', present: 1, absent: 2, justified: 0 });
    expect(days.find((d) => d.date === '2026-12-03')).toEqual({ date: '2026-12-03', present: 1, absent: 1, justified: 0 });
    const dates = days.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(days.length).toBeGreaterThan(6); // the seed's weekly rolls plus this file's
  });

  it('answers 404 for an unknown class', async () => {
    expect((await server.app.inject('/api/classes/no-such-class/attendance')).statusCode).toBe(404);
  });
});

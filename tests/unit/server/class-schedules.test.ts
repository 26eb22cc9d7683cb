// @vitest-environment node
/**
 * Classes as the programme runs them (issue 52 item 4): several weekdays with times, a first and a last day, several
 * instructors. Existing classes are kept by the migration; the programme's original client (v2.0.0) still reads
 * `weekDay`, `schedule` and `instructorId`, and its writes with only those still work; the "class without a roll"
 * alert follows the schedule.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../../server/db/migrate.ts';
import { today } from '../../../server/data/rules/roster.ts';
import { parseScheduleTimes } from '../../../src/api/class-schedule.ts';
import { attendanceAlertsSchema, classSchema, type ClassGroup } from '../../../src/api/contract.ts';
import { openTestDb } from './support/test-db.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

const MIGRATION = '022_class_schedules.sql';

describe('migration 022', () => {
  it(
    'keeps every existing class: its weekday and schedule become its one meeting (times where they read as times), its instructor the first',
    async () => {
      const test = await openTestDb({ empty: true });
      const before = await mkdtemp(join(tmpdir(), 'quadra-022-'));
      try {
        for (const name of await readdir(MIGRATIONS_DIR)) if (name < MIGRATION) await cp(join(MIGRATIONS_DIR, name), join(before, name));
        await migrate(test.db, before);
        await test.db.run("INSERT INTO activities (id, name, teacher, area, frequency) VALUES ('a1', 'Futsal', 'Prof', 'Esportes', 'Semanal')");
        await test.db.run("INSERT INTO users (id, full_name, access, email) VALUES ('u1', 'Ana', 'instrutor', 'ana@example.org')");
        const old = [
          ['c1', 'SEGUNDA', '08:00 - 09:30', 'u1'],
          ['c2', 'QUARTA', '8h às 9h30', null],
          ['c3', 'SEXTA', '14h-15h', null],
          ['c4', 'SABADO', 'Manhã', null],
          ['c5', 'TERCA', '10:00 - 09:00', null],
          ['c6', 'DOMINGO', '25:00 - 26:00', null],
        ] as const;
        for (const [id, weekDay, schedule, instructor] of old) {
          await test.db.run(
            `INSERT INTO classes (id, title, week_day, schedule, level, activity_id, instructor_id, version) VALUES ($1, $1, $2, $3, 'INICIANTE', 'a1', $4, 3)`,
            [id, weekDay, schedule, instructor],
          );
        }
        expect(await migrate(test.db)).toEqual([MIGRATION, ...(await readdir(MIGRATIONS_DIR)).filter((name) => name > MIGRATION).sort()]);

        const rows = await test.db.query<{ id: string; meetings: unknown; note: string; instructors: string[]; version: number }>(
          'SELECT id, meetings, schedule_note AS note, instructor_ids AS instructors, version FROM classes ORDER BY id',
        );
        expect(rows).toEqual([
          { id: 'c1', meetings: [{ weekDay: 'SEGUNDA', start: '08:00', end: '09:30' }], note: '', instructors: ['u1'], version: 3 },
          { id: 'c2', meetings: [{ weekDay: 'QUARTA', start: '08:00', end: '09:30' }], note: '', instructors: [], version: 3 },
          { id: 'c3', meetings: [{ weekDay: 'SEXTA', start: '14:00', end: '15:00' }], note: '', instructors: [], version: 3 },
          { id: 'c4', meetings: [{ weekDay: 'SABADO', start: null, end: null }], note: 'Manhã', instructors: [], version: 3 },
          { id: 'c5', meetings: [{ weekDay: 'TERCA', start: null, end: null }], note: '10:00 - 09:00', instructors: [], version: 3 },
          { id: 'c6', meetings: [{ weekDay: 'DOMINGO', start: null, end: null }], note: '25:00 - 26:00', instructors: [], version: 3 },
        ]);
        // The app reads the original client's writes with the same rule.
        for (const [, , schedule] of old) {
          const row = rows.find((r) => r.id === old.find((o) => o[2] === schedule)![0])!;
          const [meeting] = row.meetings as { start: string | null; end: string | null }[];
          expect(parseScheduleTimes(schedule), schedule).toEqual(meeting!.start ? { start: meeting!.start, end: meeting!.end } : null);
        }
      } finally {
        await rm(before, { recursive: true, force: true });
        await test.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});

let server: TestServer;
let activityId: string;
let instructors: string[];
beforeAll(async () => {
  server = await startTestServer();
  activityId = (await server.app.inject('/api/activities')).json<{ id: string }[]>()[0]!.id;
  instructors = (await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' ORDER BY id LIMIT 3")).map((u) => u.id);
}, SETUP_TIMEOUT_MS);
afterAll(() => server?.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) => server.app.inject({ method, url, payload });
const twoWeekdays = [
  { weekDay: 'SEGUNDA', start: '08:00', end: '09:30' },
  { weekDay: 'QUARTA', start: '14:00', end: '15:30' },
] as const;

describe('a class of several weekdays and instructors', () => {
  it('is saved with its meetings, dates and instructors, and answers the original client’s fields derived from them', async () => {
    const id = randomUUID();
    const created = await send('POST', '/api/classes', {
      id,
      title: 'Capoeira duas vezes',
      activityId,
      level: 'INICIANTE',
      weekDay: 'SEGUNDA',
      schedule: 'ignored when meetings are sent',
      meetings: twoWeekdays,
      startsOn: '2026-03-02',
      endsOn: '2026-11-30',
      instructorIds: [instructors[0], instructors[1]],
    });
    expect(created.statusCode).toBe(201);
    expect(classSchema.parse(created.json())).toMatchObject({
      weekDay: 'SEGUNDA',
      schedule: 'Seg 08:00 - 09:30, Qua 14:00 - 15:30',
      instructorId: instructors[0],
      meetings: twoWeekdays,
      startsOn: '2026-03-02',
      endsOn: '2026-11-30',
      instructorIds: [instructors[0], instructors[1]],
      scheduleNote: '',
    });
  });

  it('refuses a meeting that ends before it starts, a bad time, dates out of order, an unknown instructor (400)', async () => {
    const base = { title: 'Turma', activityId, level: 'INICIANTE', weekDay: 'SEGUNDA', schedule: '08:00 - 09:00' };
    for (const payload of [
      { ...base, meetings: [{ weekDay: 'SEGUNDA', start: '10:00', end: '09:00' }] },
      { ...base, meetings: [{ weekDay: 'SEGUNDA', start: '8:00', end: '09:00' }] },
      { ...base, meetings: [{ weekDay: 'MONDAY', start: '08:00', end: '09:00' }] },
      { ...base, meetings: [] },
      { ...base, startsOn: '2026-05-01', endsOn: '2026-04-30' },
      { ...base, instructorIds: ['nobody'] },
    ]) {
      expect((await send('POST', '/api/classes', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe("the original client's writes", () => {
  async function twiceAWeek(): Promise<ClassGroup> {
    const created = await send('POST', '/api/classes', {
      title: 'Judô',
      activityId,
      level: 'INICIANTE',
      weekDay: 'SEGUNDA',
      schedule: '-',
      meetings: twoWeekdays,
      startsOn: '2026-03-02',
      instructorIds: [instructors[0], instructors[1]],
    });
    return classSchema.parse(created.json());
  }
  /** Exactly what the original client sends: the fields it reads, nothing else. */
  const original = (group: ClassGroup) => ({
    title: group.title,
    activityId: group.activityId,
    weekDay: group.weekDay,
    schedule: group.schedule,
    level: group.level,
    instructorId: group.instructorId,
    version: group.version,
  });

  it('keep the meetings, dates and instructors when they send back what the class answers (an edit of the title)', async () => {
    const group = await twiceAWeek();
    const edited = await send('PUT', `/api/classes/${group.id}`, { ...original(group), title: 'Judô infantil' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Judô infantil',
      meetings: twoWeekdays,
      startsOn: '2026-03-02',
      instructorIds: [instructors[0], instructors[1]],
      version: 2,
    });
  });

  it('make the one meeting from a new weekday or schedule (times read, or the text kept), and put a new instructor first', async () => {
    const group = await twiceAWeek();
    const moved = await send('PUT', `/api/classes/${group.id}`, {
      ...original(group),
      weekDay: 'SEXTA',
      schedule: '18h às 19h30',
      instructorId: instructors[2],
    });
    expect(moved.json()).toMatchObject({
      weekDay: 'SEXTA',
      schedule: '18:00 - 19:30',
      meetings: [{ weekDay: 'SEXTA', start: '18:00', end: '19:30' }],
      instructorId: instructors[2],
      instructorIds: [instructors[2], instructors[1]],
    });
    const vague = await send('PUT', `/api/classes/${group.id}`, {
      ...original(classSchema.parse(moved.json())),
      schedule: 'A combinar',
      instructorId: null,
    });
    expect(vague.json()).toMatchObject({
      weekDay: 'SEXTA',
      schedule: 'A combinar',
      scheduleNote: 'A combinar',
      meetings: [{ weekDay: 'SEXTA', start: null, end: null }],
      instructorId: null,
      instructorIds: [],
    });
    // The same write sent again (a resend after a lost answer, at the old version) is no conflict.
    const again = await send('PUT', `/api/classes/${group.id}`, {
      ...original(classSchema.parse(moved.json())),
      schedule: 'A combinar',
      instructorId: null,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ version: 3 });
  });

  it('create a class of one meeting, as before', async () => {
    const created = await send('POST', '/api/classes', {
      title: 'Xadrez',
      activityId,
      weekDay: 'TERCA',
      schedule: '09:00 - 10:00',
      level: 'INICIANTE',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      weekDay: 'TERCA',
      schedule: '09:00 - 10:00',
      instructorId: null,
      meetings: [{ weekDay: 'TERCA', start: '09:00', end: '10:00' }],
      instructorIds: [],
    });
  });
});

describe('the "class without a roll" alert', () => {
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const codes = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'] as const;
  const weekDayOf = (date: string) => codes[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

  it('lists each of a two-weekday class’s days without a roll, and none before its first day or after its last', async () => {
    const day = today();
    const [monday, thursday] = [addDays(day, -2), addDays(day, -5)];
    const meetings = [
      { weekDay: weekDayOf(monday), start: '08:00', end: '09:00' },
      { weekDay: weekDayOf(thursday), start: '08:00', end: '09:00' },
    ];
    const make = async (dates: { startsOn?: string; endsOn?: string }) => {
      const created = await send('POST', '/api/classes', {
        title: `Alerta ${randomUUID().slice(0, 4)}`,
        activityId,
        level: 'INICIANTE',
        weekDay: meetings[0]!.weekDay,
        schedule: '-',
        meetings,
        ...dates,
      });
      const { id } = created.json<{ id: string }>();
      const student = randomUUID();
      await server.db.run('INSERT INTO students (id, full_name) VALUES ($1, $2)', [student, 'Criança Alerta']);
      await server.db.run("INSERT INTO class_enrollments (class_id, student_id, enrolled_on) VALUES ($1, $2, '2020-01-01')", [id, student]);
      return id;
    };
    const both = await make({});
    const started = await make({ startsOn: addDays(thursday, 1) });
    const ended = await make({ endsOn: addDays(thursday, 1) });
    const alerts = attendanceAlertsSchema.parse((await server.app.inject('/api/attendance/alerts')).json());
    const daysOf = (id: string) => alerts.missingRolls.filter((m) => m.classId === id).map((m) => m.date);
    expect(daysOf(both).sort()).toEqual([thursday, monday].sort());
    expect(daysOf(started)).toEqual([monday]);
    expect(daysOf(ended)).toEqual([thursday]);
  });
});

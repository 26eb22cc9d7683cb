// @vitest-environment node
/**
 * The maintained attendance counts (issue 23) are always what a recount from the rolls gives: random sequences of roll
 * saves, corrections, justified absences, rolls that leave someone off, enrolments begun and ended, deactivations and
 * reactivations, through the API, then the kept counts against attendanceCountsSql over the same students. Seeded and
 * replayable (QUADRA_COUNTS_SEED).
 * The same sequences (with renames) hold the kept students list, patched with only the students each write changed
 * (student-list-cache.ts), to the list read whole by a server that keeps none.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { attendanceCountsSql } from '../../../server/data/rules/frequency.ts';
import { notMarkedKept, notMarkedRecounted } from './support/rolls-recounted.ts';
import { TESTS_CLOCK, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
/** The same database, without a kept students list: every list it answers is read whole. */
let uncached: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer();
  uncached = await buildServer({
    db: server.db,
    distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    cacheStudentList: false,
    now: () => TESTS_CLOCK,
  });
  await uncached.ready();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await uncached.close();
  await server.close();
});

const SEED = Number(process.env.QUADRA_COUNTS_SEED ?? 20_261_125);
const DAYS = ['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31', '2025-04-07'];
const STUDENTS = 4;
const CLASSES = 2;

type Op =
  | { kind: 'roll'; group: number; day: number; marks: Array<'P' | 'A' | 'J' | 'O' | '-'> }
  | { kind: 'enrol'; group: number; student: number; day: number }
  | { kind: 'end'; group: number; student: number; day: number }
  | { kind: 'status'; student: number; active: boolean; day: number }
  | { kind: 'rename'; student: number; name: string };

const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('roll' as const),
      group: index(CLASSES),
      day: index(DAYS.length),
      marks: fc.array(fc.constantFrom('P', 'A', 'J', 'O', '-'), { minLength: STUDENTS, maxLength: STUDENTS }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('enrol' as const), group: index(CLASSES), student: index(STUDENTS), day: index(DAYS.length) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('end' as const), group: index(CLASSES), student: index(STUDENTS), day: index(DAYS.length) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('status' as const), student: index(STUDENTS), active: fc.boolean(), day: index(DAYS.length) }),
  },
  {
    weight: 1,
    // Names that sort before, among and after the seed's, so a rename moves the student in the list.
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      student: index(STUDENTS),
      name: fc.constantFrom('Aaron Lima', 'Maria Souza', 'Zuleica Reis'),
    }),
  },
);

async function world(): Promise<{ classes: string[]; students: string[] }> {
  const activityId = randomUUID();
  await server.db.run(`INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, 'Judô', 'Sensei', 'Esporte', 'Semanal')`, [
    activityId,
  ]);
  const classes: string[] = [];
  for (let i = 0; i < CLASSES; i += 1) {
    const id = randomUUID();
    classes.push(id);
    await server.db.run(
      `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, '[{"weekDay":"SEGUNDA","start":"09:00","end":"10:00"}]', 'Básico', $3)`,
      [id, `Judô ${i}`, activityId],
    );
  }
  const students: string[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: { id: randomUUID(), fullName: `Contagem ${i} ${randomUUID().slice(0, 6)}` },
    });
    students.push(created.json<{ id: string }>().id);
  }
  return { classes, students };
}

async function apply(step: Op, { classes, students }: { classes: string[]; students: string[] }): Promise<void> {
  const inject = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload: unknown) => server.app.inject({ method, url, payload: payload as object });
  if (step.kind === 'enrol') await inject('PUT', `/api/classes/${classes[step.group]}/students/${students[step.student]}`, { from: DAYS[step.day] });
  else if (step.kind === 'end')
    await inject('DELETE', `/api/classes/${classes[step.group]}/students/${students[step.student]}`, { to: DAYS[step.day] });
  else if (step.kind === 'status')
    await inject('POST', `/api/students/${students[step.student]}/status`, { active: step.active, date: DAYS[step.day], reason: 'teste' });
  else if (step.kind === 'rename') {
    const { version } = (await server.app.inject(`/api/students/${students[step.student]}`)).json<{ version: number }>();
    expect((await inject('PUT', `/api/students/${students[step.student]}`, { fullName: step.name, version })).statusCode).toBe(200);
  } else {
    const classId = classes[step.group]!;
    const date = DAYS[step.day]!;
    const roster = new Set((await server.app.inject(`/api/classes/${classId}/students?date=${date}`)).json<Array<{ id: string }>>().map((s) => s.id));
    const entries = students.flatMap((studentId, i) => {
      const mark = step.marks[i]!;
      if (!roster.has(studentId) || mark === '-') return [];
      if (mark === 'J') return [{ studentId, status: 'JUSTIFIED', reason: 'HEALTH' }];
      if (mark === 'O') return [{ studentId, status: 'JUSTIFIED', reason: 'OTHER', note: 'chuva' }];
      return [{ studentId, status: mark === 'P' ? 'PRESENT' : 'ABSENT' }];
    });
    if (entries.length === 0) return;
    const saved = await inject('PUT', `/api/classes/${classId}/attendance/${date}`, { takenBy: 'prop', takenAt: new Date().toISOString(), entries });
    expect(saved.statusCode).toBe(200);
  }
}

type CountRow = { student_id: string; class_id: string; days: number; present: number; absent: number; justified: number };
const sorted = (rows: CountRow[]) =>
  rows
    .filter((row) => row.days !== 0 || row.present !== 0 || row.absent !== 0 || row.justified !== 0)
    .map((row) => `${row.student_id} ${row.class_id} ${row.days} ${row.present} ${row.absent} ${row.justified}`)
    .sort();

/** The kept counts of these students, per class and per month, are what a recount from the rolls gives. */
async function expectCountsAsRecounted(students: string[]): Promise<void> {
  const kept = await server.db.query<CountRow>(
    'SELECT student_id, class_id, days, present, absent, justified FROM attendance_counts WHERE student_id = ANY($1)',
    [students],
  );
  const recounted = await server.db.query<CountRow>(
    `SELECT student_id, class_id, days, present, absent, justified FROM (${attendanceCountsSql({ perClass: true, student: (column) => `${column} = ANY($1)` })}) c`,
    [students],
  );
  expect(kept.every((row) => row.days >= 0 && row.present >= 0 && row.absent >= 0 && row.justified >= 0)).toBe(true);
  expect(sorted(kept)).toEqual(sorted(recounted));
  // And per calendar month.
  const keptMonths = await server.db.query<CountRow>(
    `SELECT student_id, class_id || ' ' || to_char(month, 'YYYY-MM') AS class_id, days, present, absent, justified
         FROM attendance_month_counts WHERE student_id = ANY($1)`,
    [students],
  );
  const recountedMonths = await server.db.query<CountRow>(
    `SELECT student_id, class_id || ' ' || to_char(month, 'YYYY-MM') AS class_id, days, present, absent, justified
         FROM (${attendanceCountsSql({ perClass: true, perMonth: true, student: (column) => `${column} = ANY($1)` })}) c`,
    [students],
  );
  expect(sorted(keptMonths)).toEqual(sorted(recountedMonths));
}

const lists = ['/api/students', '/api/students?status=inactive', '/api/students?status=all'];

describe('the maintained attendance counts', () => {
  it('equal a recount from the rolls after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (steps) => {
        const ids = await world();
        // Kept lists to patch: every variant read once before the writes.
        for (const url of lists) await server.app.inject(url);
        for (const step of steps) await apply(step, ids);
        for (const url of lists) expect((await server.app.inject(url)).json(), url).toEqual((await uncached.inject(url)).json());
        await expectCountsAsRecounted(ids.students);
        // And the rolls to complete the database keeps (migration 027): each roll's roster children it leaves off.
        expect(await notMarkedKept(server.db, ids.classes)).toEqual(await notMarkedRecounted(server.db, ids.classes));
      }),
      { seed: SEED, numRuns: 25, endOnFailure: true },
    );
  }, 120_000);

  it('stay right when rolls of several classes, corrections of one roll and an enrolment change run at once', async () => {
    // On PostgreSQL (CI runs this file there too) these transactions really overlap: rolls of different classes side
    // by side, two saves of one class's roll one after the other, the recount alone (attendance-counts.ts locks).
    const a = await world();
    const b = await world();
    const classes = [...a.classes, ...b.classes];
    const students = [...a.students, ...b.students];
    for (const classId of classes)
      for (const studentId of students)
        await server.app.inject({ method: 'PUT', url: `/api/classes/${classId}/students/${studentId}`, payload: { from: DAYS[0] } });
    const roll = (classId: string, date: string, absentFrom: number) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/classes/${classId}/attendance/${date}`,
        payload: {
          takenBy: 'concurrent',
          takenAt: new Date().toISOString(),
          entries: students.map((studentId, i) => ({ studentId, status: i >= absentFrom ? 'ABSENT' : 'PRESENT' })),
        },
      });
    const answers = await Promise.all([
      ...classes.flatMap((classId) => DAYS.slice(0, 3).flatMap((date) => [roll(classId, date, 2), roll(classId, date, 5)])),
      server.app.inject({ method: 'DELETE', url: `/api/classes/${classes[0]}/students/${students[1]}`, payload: { to: DAYS[2] } }),
      server.app.inject({ method: 'POST', url: `/api/students/${students[6]}/status`, payload: { active: false, date: DAYS[1], reason: 'teste' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((code) => code >= 300 && code !== 400)).toEqual([]);
    await expectCountsAsRecounted(students);
    expect(await notMarkedKept(server.db, classes)).toEqual(await notMarkedRecounted(server.db, classes));
  }, 60_000);
});

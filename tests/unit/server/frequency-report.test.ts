// @vitest-environment node
/**
 * The monthly frequency report (issue 17, /relatorios): per class and per activity, with the one frequency rule
 * (present / (roll days - justified)) over the month's rolls, on a hand-checked fixture month.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, frequencyReportSchema, type AttendanceEntry } from '../../../src/api/contract.ts';
import { today } from '../../../server/data/rules/roster.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

async function makeActivity(name: string): Promise<string> {
  const id = randomUUID();
  await server.db.run(`INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, $2, 'Mestre', 'Esporte', 'Semanal')`, [id, name]);
  return id;
}

/** A class of the activity with students enrolled from `from` (default long ago); answers the class's and students' ids. */
async function makeClass(activityId: string, title: string, weekDay: string, students: Array<{ name: string; from?: string }>) {
  const classId = randomUUID();
  await server.db.run(
    `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, jsonb_build_array(jsonb_build_object('weekDay', $3::text, 'start', '14:00', 'end', '15:00')), 'Básico', $4)`,
    [classId, title, weekDay, activityId],
  );
  const ids: string[] = [];
  for (const student of students) {
    const id = randomUUID();
    ids.push(id);
    await server.db.run('INSERT INTO students (id, full_name) VALUES ($1, $2)', [id, student.name]);
    await server.db.run('INSERT INTO class_enrollments (class_id, student_id, enrolled_on) VALUES ($1, $2, $3)', [
      classId,
      id,
      student.from ?? '2020-01-01',
    ]);
  }
  return { classId, ids };
}

async function put(classId: string, date: string, entries: AttendanceEntry[]): Promise<void> {
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/classes/${classId}/attendance/${date}`,
    payload: { takenBy: 'Carlos Eduardo Nascimento', takenAt: `${date}T17:00:00.000Z`, entries },
  });
  expect(response.statusCode).toBe(200);
}
const P = (studentId: string): AttendanceEntry => ({ studentId, status: 'PRESENT' });
const A = (studentId: string): AttendanceEntry => ({ studentId, status: 'ABSENT' });
const J = (studentId: string): AttendanceEntry => ({ studentId, status: 'JUSTIFIED', reason: 'HEALTH' });

async function report(month?: string) {
  const response = await server.app.inject(`/api/reports/frequency${month ? `?month=${month}` : ''}`);
  expect(response.statusCode).toBe(200);
  return frequencyReportSchema.parse(response.json());
}

describe('GET /api/reports/frequency', () => {
  // Hand-checked fixture, March 2025 (other months' rolls must stay out):
  //   Capoeira / Segunda (Mondays 3, 10, 17; Ana, Bruno, Carla on the roster all month):
  //     3rd: Ana P, Bruno A, Carla P; 10th: Ana P, Bruno J, Carla A; 17th: Ana P, Bruno P (Carla not on the roll:
  //     not marked, no roll day for her, issue 56)
  //     roll days 3 + 3 + 2 = 8, present 5, absent 2, justified 1: 5 / (8 - 1) = 71.4 %
  //   Capoeira / Quarta (Wednesdays 5, 12; Davi, and Eva enrolled from the 12th; an April roll left out):
  //     5th: Davi P; 12th: Davi P, Eva A
  //     roll days 2 + 1 = 3, present 2, absent 1: 2 / 3 = 66.7 %
  //   Capoeira: 5 rolls, roll days 11, present 7, absent 3, justified 1: 7 / (11 - 1) = 70 %
  //     (over the summed counts, not the mean of its classes' figures, 69.1)
  //   Natação / Terça: a roll in April only: not in March's report.
  let capoeira: string, natacao: string, segunda: string, quarta: string, terca: string;
  beforeAll(async () => {
    capoeira = await makeActivity(`Capoeira ${randomUUID().slice(0, 6)}`);
    natacao = await makeActivity(`Natação ${randomUUID().slice(0, 6)}`);
    const s = await makeClass(capoeira, 'Segunda', 'SEGUNDA', [{ name: 'Ana' }, { name: 'Bruno' }, { name: 'Carla' }]);
    const q = await makeClass(capoeira, 'Quarta', 'QUARTA', [{ name: 'Davi' }, { name: 'Eva', from: '2025-03-12' }]);
    const t = await makeClass(natacao, 'Terça', 'TERCA', [{ name: 'Fábio' }]);
    [segunda, quarta, terca] = [s.classId, q.classId, t.classId];
    const [ana, bruno, carla] = s.ids as [string, string, string];
    const [davi, eva] = q.ids as [string, string];
    await put(segunda, '2025-03-03', [P(ana), A(bruno), P(carla)]);
    await put(segunda, '2025-03-10', [P(ana), J(bruno), A(carla)]);
    await put(segunda, '2025-03-17', [P(ana), P(bruno)]);
    await put(quarta, '2025-03-05', [P(davi)]);
    await put(quarta, '2025-03-12', [P(davi), A(eva)]);
    await put(quarta, '2025-04-02', [A(davi), A(eva)]);
    await put(terca, '2025-04-01', [P(t.ids[0]!)]);
  });

  it("answers each class's and activity's month with hand-checked figures", async () => {
    const answer = await report('2025-03');
    expect(answer.month).toBe('2025-03');
    const mine = answer.classes.filter((c) => c.activityId === capoeira || c.activityId === natacao);
    expect(mine).toEqual([
      {
        classId: quarta,
        className: 'Quarta',
        activityId: capoeira,
        activityName: expect.stringMatching(/^Capoeira/),
        present: 2,
        absent: 1,
        justified: 0,
        rolls: 2,
        rollDays: 3,
        frequencyPercent: 66.7,
      },
      {
        classId: segunda,
        className: 'Segunda',
        activityId: capoeira,
        activityName: expect.stringMatching(/^Capoeira/),
        present: 5,
        absent: 2,
        justified: 1,
        rolls: 3,
        rollDays: 8,
        frequencyPercent: 71.4,
      },
    ]);
    expect(answer.activities.filter((a) => a.activityId === capoeira || a.activityId === natacao)).toEqual([
      {
        activityId: capoeira,
        activityName: expect.stringMatching(/^Capoeira/),
        present: 7,
        absent: 3,
        justified: 1,
        rolls: 5,
        rollDays: 11,
        frequencyPercent: 70,
      },
    ]);
  });

  it("takes only the asked month's rolls", async () => {
    const april = await report('2025-04');
    expect(april.classes.filter((c) => [segunda, quarta, terca].includes(c.classId)).map((c) => [c.className, c.frequencyPercent])).toEqual([
      ['Quarta', 0],
      ['Terça', 100],
    ]);
    expect((await report('2025-05')).classes.filter((c) => [segunda, quarta, terca].includes(c.classId))).toEqual([]);
  });

  it('answers the current month without a month', async () => {
    expect((await report()).month).toBe(today().slice(0, 7));
  });

  it('refuses a month that is not YYYY-MM with 400', async () => {
    const response = await server.app.inject('/api/reports/frequency?month=2025-13');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).message).toMatch(/month/i);
  });
});

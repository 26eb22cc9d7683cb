// @vitest-environment node
/**
 * Days that were not held (issue 50): the programme calendar's days off and a roll saved as "class not held" are no
 * roll day for anyone: no absence, no frequency change, no "class without roll" alert, and the month grid shows them.
 * The property: a day not held (either kind) never changes anyone's percentage, whatever else happened.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDaySchema, calendarSchema } from '../../../src/api/calendar-contract.ts';
import { attendanceAlertsSchema, attendanceGridSchema, rollSchema, type AttendanceEntry } from '../../../src/api/contract.ts';
import { today } from '../../../server/data/rules/roster.ts';
import { attendanceCountsSql, frequencySql } from '../../../server/data/rules/frequency.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ attendanceMinPercent: 75 });
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const weekDays = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'] as const;
const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekDayOf = (date: string) => weekDays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

async function makeClass(names: string[], weekDay = 'SEGUNDA'): Promise<{ classId: string; ids: string[] }> {
  const activityId = randomUUID();
  const classId = randomUUID();
  await server.db.run(`INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, 'Futsal', 'Prof', 'Esporte', 'Semanal')`, [
    activityId,
  ]);
  await server.db.run(
    `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, jsonb_build_array(jsonb_build_object('weekDay', $3::text, 'start', '09:00', 'end', '10:00')), 'Básico', $4)`,
    [classId, `Futsal ${classId.slice(0, 4)}`, weekDay, activityId],
  );
  const ids: string[] = [];
  for (const name of names) {
    const id = randomUUID();
    ids.push(id);
    await server.db.run('INSERT INTO students (id, full_name) VALUES ($1, $2)', [id, name]);
    await server.db.run(`INSERT INTO class_enrollments (class_id, student_id, enrolled_on) VALUES ($1, $2, '2020-01-01')`, [classId, id]);
  }
  return { classId, ids };
}

const put = (classId: string, date: string, body: object, takenAt = `${date}T17:00:00.000Z`) =>
  server.app.inject({ method: 'PUT', url: `/api/classes/${classId}/attendance/${date}`, payload: { takenBy: 'Ana', takenAt, ...body } });
const setDayOff = (date: string, name = 'Feriado', kind = 'HOLIDAY') =>
  server.app.inject({ method: 'PUT', url: `/api/calendar/${date}`, payload: { kind, name } });
const removeDayOff = (date: string) => server.app.inject({ method: 'DELETE', url: `/api/calendar/${date}` });
const P = (studentId: string): AttendanceEntry => ({ studentId, status: 'PRESENT' });
const A = (studentId: string): AttendanceEntry => ({ studentId, status: 'ABSENT' });

/** Each student's figures over every class, as the kept counts have them and as a recount gives them. */
async function figures(students: string[]) {
  const kept = await server.db.query<{ student_id: string; f: string }>(
    `SELECT student_id, sum(days) || ' ' || sum(present) || ' ' || sum(absent) || ' ' || sum(justified) AS f
       FROM attendance_counts WHERE student_id = ANY($1) GROUP BY student_id`,
    [students],
  );
  const recounted = await server.db.query<{ student_id: string; percent: number; days: number }>(
    `SELECT c.student_id, ${frequencySql('c')} AS percent, c.days FROM (${attendanceCountsSql({ student: (column) => `${column} = ANY($1)` })}) c`,
    [students],
  );
  const byStudent = (id: string) => ({
    kept: kept.find((row) => row.student_id === id)?.f.replace(/^0 0 0 0$/, '') ?? '',
    percent: recounted.find((row) => row.student_id === id)?.percent ?? 0,
    days: recounted.find((row) => row.student_id === id)?.days ?? 0,
  });
  return students.map(byStudent);
}

describe('the programme calendar', () => {
  it('sets, lists by year and removes a day off; a bad date or kind is refused', async () => {
    const set = await setDayOff('2031-04-21', 'Tiradentes');
    expect(set.statusCode).toBe(200);
    expect(calendarDaySchema.parse(set.json())).toMatchObject({ date: '2031-04-21', kind: 'HOLIDAY', name: 'Tiradentes' });
    expect((await setDayOff('2031-07-14', 'Recesso de julho', 'RECESS')).statusCode).toBe(200);
    expect((await setDayOff('2032-01-01', 'Confraternização Universal')).statusCode).toBe(200);
    const year = calendarSchema.parse((await server.app.inject('/api/calendar?year=2031')).json());
    expect(year.map((day) => [day.date, day.kind])).toEqual([
      ['2031-04-21', 'HOLIDAY'],
      ['2031-07-14', 'RECESS'],
    ]);
    // Renamed in place, then removed; removing it again is a 404.
    expect((await setDayOff('2031-04-21', 'Dia de Tiradentes')).json()).toMatchObject({ name: 'Dia de Tiradentes' });
    expect((await removeDayOff('2031-04-21')).statusCode).toBe(204);
    expect((await removeDayOff('2031-04-21')).statusCode).toBe(404);
    expect((await setDayOff('2031-02-30')).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'PUT', url: '/api/calendar/2031-05-01', payload: { kind: 'PARTY', name: 'x' } })).statusCode).toBe(400);
    expect((await server.app.inject('/api/calendar?year=31')).statusCode).toBe(400);
  });
});

describe('a class not held', () => {
  it('is saved with its reason instead of marks, read back, and counts for no one', async () => {
    const { classId, ids } = await makeClass(['Bia Chuva', 'Caio Chuva']);
    const [bia, caio] = ids as [string, string];
    expect((await put(classId, '2030-03-04', { entries: [P(bia), A(caio)] })).statusCode).toBe(200);
    const saved = await put(classId, '2030-03-11', { notHeld: { reason: 'WEATHER' } });
    expect(saved.statusCode).toBe(200);
    expect(rollSchema.parse(saved.json())).toMatchObject({ entries: [], notHeld: { reason: 'WEATHER' } });
    expect(rollSchema.parse((await server.app.inject(`/api/classes/${classId}/attendance/2030-03-11`)).json()).notHeld).toEqual({
      reason: 'WEATHER',
    });
    // One roll day each, not two: Bia 100 %, Caio 0 %.
    expect(await figures(ids)).toEqual([
      { kept: '1 1 0 0', percent: 100, days: 1 },
      { kept: '1 0 1 0', percent: 0, days: 1 },
    ]);
    // A roll of marks saved over it later counts again; saved as not held again, it stops counting.
    expect((await put(classId, '2030-03-11', { entries: [A(bia), A(caio)] }, '2030-03-11T18:00:00.000Z')).statusCode).toBe(200);
    expect((await figures(ids)).map((f) => f.days)).toEqual([2, 2]);
    const again = await put(classId, '2030-03-11', { notHeld: { reason: 'OTHER', note: 'Quadra alagada' } }, '2030-03-11T19:00:00.000Z');
    expect(again.json()).toMatchObject({ entries: [], notHeld: { reason: 'OTHER', note: 'Quadra alagada' } });
    expect((await figures(ids)).map((f) => f.percent)).toEqual([100, 0]);
    // The month grid shows the day as not held, with its reason, and no one's cell.
    const month = attendanceGridSchema.parse((await server.app.inject(`/api/classes/${classId}/attendance?month=2030-03`)).json());
    expect(month.dates).toEqual(['2030-03-04', '2030-03-11']);
    expect(month.rolls[1]).toMatchObject({ date: '2030-03-11', notHeld: { reason: 'OTHER', note: 'Quadra alagada' } });
    expect(month.rolls[0]!.notHeld).toBeUndefined();
    expect(month.students.map((s) => [s.cells, s.rollDays])).toEqual([
      [['P', null], 1],
      [['A', null], 1],
    ]);
  });

  it('is refused with marks too, without a reason, or with a note on a reason other than OTHER', async () => {
    const { classId, ids } = await makeClass(['Duda Regra']);
    expect((await put(classId, '2030-03-04', { notHeld: { reason: 'VENUE' }, entries: [P(ids[0]!)] })).statusCode).toBe(400);
    expect((await put(classId, '2030-03-04', { notHeld: {} })).statusCode).toBe(400);
    expect((await put(classId, '2030-03-04', { notHeld: { reason: 'EVENT', note: 'festa' } })).statusCode).toBe(400);
    expect((await put(classId, '2030-03-04', {})).statusCode).toBe(400);
  });

  it('has the same versions and conflicts as a roll: a stale save is refused with the day as it is now', async () => {
    const { classId, ids } = await makeClass(['Eva Conflito']);
    const first = await put(classId, '2030-03-18', { notHeld: { reason: 'INSTRUCTOR_ABSENT' }, basedOn: null });
    expect(first.statusCode).toBe(200);
    const stale = await put(classId, '2030-03-18', { entries: [P(ids[0]!)], basedOn: null }, '2030-03-18T18:00:00.000Z');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { notHeld: { reason: 'INSTRUCTOR_ABSENT' }, entries: [] } });
  });
});

describe('a calendar day off', () => {
  it('takes the rolls saved on it out of everyone’s figures, and gives them back when removed', async () => {
    const { classId, ids } = await makeClass(['Flor Feriado', 'Gil Feriado']);
    const [flor, gil] = ids as [string, string];
    expect((await put(classId, '2030-05-06', { entries: [P(flor), P(gil)] })).statusCode).toBe(200);
    expect((await put(classId, '2030-05-13', { entries: [A(flor), A(gil)] })).statusCode).toBe(200);
    expect((await figures(ids)).map((f) => f.percent)).toEqual([50, 50]);
    expect((await setDayOff('2030-05-13', 'Recesso', 'RECESS')).statusCode).toBe(200);
    expect(await figures(ids)).toEqual([
      { kept: '1 1 0 0', percent: 100, days: 1 },
      { kept: '1 1 0 0', percent: 100, days: 1 },
    ]);
    const month = attendanceGridSchema.parse((await server.app.inject(`/api/classes/${classId}/attendance?month=2030-05`)).json());
    expect(month.rolls[1]).toMatchObject({ date: '2030-05-13', dayOff: 'Recesso' });
    expect(month.students.map((s) => s.frequencyPercent)).toEqual([100, 100]);
    expect((await removeDayOff('2030-05-13')).statusCode).toBe(204);
    expect((await figures(ids)).map((f) => f.percent)).toEqual([50, 50]);
  });

  it('raises no "class without roll" alert, and a day not held neither breaks nor makes a run of absences', async () => {
    const day = today();
    const offDay = addDays(day, -3);
    const missing = await makeClass(['Hugo Feriado'], weekDayOf(offDay));
    const before = attendanceAlertsSchema.parse((await server.app.inject('/api/attendance/alerts')).json());
    expect(before.missingRolls.some((m) => m.classId === missing.classId && m.date === offDay)).toBe(true);
    expect((await setDayOff(offDay, 'Feriado municipal')).statusCode).toBe(200);
    const after = attendanceAlertsSchema.parse((await server.app.inject('/api/attendance/alerts')).json());
    expect(after.missingRolls.some((m) => m.classId === missing.classId && m.date === offDay)).toBe(false);
    expect((await removeDayOff(offDay)).statusCode).toBe(204);

    // Absent, not held, absent, absent: three absences in a row (the day not held is no roll day).
    const streak = await makeClass(['Iris Sequência']);
    const iris = streak.ids[0]!;
    expect((await put(streak.classId, addDays(day, -3), { entries: [A(iris)] })).statusCode).toBe(200);
    expect((await put(streak.classId, addDays(day, -2), { notHeld: { reason: 'WEATHER' } })).statusCode).toBe(200);
    expect((await put(streak.classId, addDays(day, -1), { entries: [A(iris)] })).statusCode).toBe(200);
    expect((await put(streak.classId, day, { entries: [A(iris)] })).statusCode).toBe(200);
    const alerts = attendanceAlertsSchema.parse((await server.app.inject('/api/attendance/alerts')).json());
    expect(alerts.absenceStreaks.find((s) => s.studentId === iris)).toMatchObject({ absences: 3, since: addDays(day, -3) });
    // A class not held lists no one, yet it is no roll to complete (issue 56's "not marked" is of held rolls only).
    expect(alerts.rollsToComplete?.some((r) => r.classId === streak.classId)).toBe(false);
  });
});

describe('the frequency rule (property)', () => {
  const DAYS = ['2029-09-03', '2029-09-10', '2029-09-17', '2029-09-24'];
  const EXTRA = '2029-09-05';
  const marks = fc.array(fc.constantFrom('P', 'A', 'J', '-'), { minLength: 3, maxLength: 3 });
  const history = fc.array(fc.record({ day: fc.integer({ min: 0, max: DAYS.length - 1 }), marks }), { minLength: 0, maxLength: 6 });
  const entriesOf = (students: string[], row: string[]) =>
    students.flatMap((studentId, i) => {
      const mark = row[i];
      if (mark === '-') return [];
      if (mark === 'J') return [{ studentId, status: 'JUSTIFIED', reason: 'HEALTH' }];
      return [{ studentId, status: mark === 'P' ? 'PRESENT' : 'ABSENT' }];
    });

  it('a day not held never changes a percentage', async () => {
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('not-held', 'day-off-before', 'day-off-after'),
        marks,
        async (rolls, at, kind, extraMarks) => {
          const worlds = [await makeClass(['Um', 'Dois', 'Três']), await makeClass(['Um', 'Dois', 'Três'])];
          const play = async ({ classId, ids }: { classId: string; ids: string[] }, withExtra: boolean) => {
            const extra = async () => {
              if (kind === 'not-held') expect((await put(classId, EXTRA, { notHeld: { reason: 'EVENT' } })).statusCode).toBe(200);
              else {
                if (kind === 'day-off-before') expect((await setDayOff(EXTRA)).statusCode).toBe(200);
                const entries = entriesOf(ids, extraMarks);
                if (entries.length > 0) expect((await put(classId, EXTRA, { entries })).statusCode).toBe(200);
                if (kind === 'day-off-after') expect((await setDayOff(EXTRA)).statusCode).toBe(200);
              }
            };
            for (const [i, roll] of rolls.entries()) {
              if (withExtra && i === at) await extra();
              const entries = entriesOf(ids, roll.marks);
              if (entries.length > 0) {
                const saved = await put(classId, DAYS[roll.day]!, { entries }, new Date(Date.UTC(2029, 8, 30, 0, 0, i)).toISOString());
                expect(saved.statusCode).toBe(200);
              }
            }
            if (withExtra && at >= rolls.length) await extra();
          };
          await play(worlds[0]!, false);
          await play(worlds[1]!, true);
          const [without, withDay] = [await figures(worlds[0]!.ids), await figures(worlds[1]!.ids)];
          await removeDayOff(EXTRA);
          expect(withDay).toEqual(without);
        },
      ),
      { seed: 20_261_128, numRuns: 30, endOnFailure: true },
    );
  }, 120_000);
});

// @vitest-environment node
/**
 * The kept rolls to complete (migration 027, rolls_not_marked) never drift from the rule: after each write that can
 * change who a roll leaves off (a roll saved and corrected, an enrolment begun late and ended, a deactivation and a
 * reactivation, a day not held, a calendar holiday set and removed, a class archived, an enrolment changed straight in
 * SQL), the kept counts equal a recount of every roster child against the marks, and the list home and an instructor
 * read equals the list recounted (tests/unit/server/support/rolls-recounted.ts). The random sequences of
 * attendance-counts.test.ts hold them to the same recount.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollsToComplete } from '../../../server/data/rolls-to-complete.ts';
import { notMarkedKept, notMarkedRecounted, rollsToCompleteRecounted } from './support/rolls-recounted.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const MONDAYS = ['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24'] as const;
/** The day the lists are read as of: the window (30 days) holds every Monday above. */
const AS_OF = '2025-03-25';

async function makeClass(names: string[]): Promise<{ classId: string; ids: string[] }> {
  const activityId = randomUUID();
  const classId = randomUUID();
  await server.db.run(`INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, 'Vôlei', 'Prof', 'Esporte', 'Semanal')`, [activityId]);
  await server.db.run(
    `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, '[{"weekDay":"SEGUNDA","start":"09:00","end":"10:00"}]', 'Básico', $3)`,
    [classId, `Vôlei ${classId.slice(0, 4)}`, activityId],
  );
  const ids: string[] = [];
  for (const name of names) {
    const created = await server.app.inject({ method: 'POST', url: '/api/students', payload: { id: randomUUID(), fullName: name } });
    const id = created.json<{ id: string }>().id;
    ids.push(id);
    await enrol(classId, id, '2025-01-06');
  }
  return { classId, ids };
}

const enrol = async (classId: string, studentId: string, from: string) =>
  expect(
    (await server.app.inject({ method: 'PUT', url: `/api/classes/${classId}/students/${studentId}`, payload: { from } })).statusCode,
  ).toBeLessThan(300);
const roll = async (classId: string, date: string, present: string[], takenAt = `${date}T12:00:00.000Z`) =>
  expect(
    (
      await server.app.inject({
        method: 'PUT',
        url: `/api/classes/${classId}/attendance/${date}`,
        payload: { takenBy: 'Ana', takenAt, entries: present.map((studentId) => ({ studentId, status: 'PRESENT' })) },
      })
    ).statusCode,
  ).toBe(200);

/** The kept counts equal the recount, and the read list equals the recounted one; answers this class's list. */
async function listed(classId: string): Promise<Array<[string, number]>> {
  expect(await notMarkedKept(server.db, [classId])).toEqual(await notMarkedRecounted(server.db, [classId]));
  const read = await rollsToComplete(server.db, AS_OF);
  expect(read).toEqual(await rollsToCompleteRecounted(server.db, AS_OF));
  return read.filter((row) => row.classId === classId).map((row) => [row.date, row.notMarked]);
}

describe('the kept rolls to complete', () => {
  it('follow corrections, enrolments, deactivations, days not held and the calendar', async () => {
    const { classId, ids } = await makeClass(['Ana Saque', 'Bia Bloqueio', 'Caio Levantador']);
    const [ana, bia, caio] = ids as [string, string, string];
    // Four rolls that mark only Ana: each leaves Bia and Caio off.
    for (const date of MONDAYS) await roll(classId, date, [ana]);
    expect(await listed(classId)).toEqual(MONDAYS.map((date) => [date, 2]).reverse());

    // A correction marks Bia on the first: one left.
    await roll(classId, MONDAYS[0], [ana, bia], `${MONDAYS[0]}T20:00:00.000Z`);
    // A late enrolment, dated back to before the rolls: Davi is on every roster and on no roll.
    const davi = (await server.app.inject({ method: 'POST', url: '/api/students', payload: { id: randomUUID(), fullName: 'Davi Líbero' } })).json<{
      id: string;
    }>().id;
    await enrol(classId, davi, '2025-03-10');
    expect(await listed(classId)).toEqual([
      [MONDAYS[3], 3],
      [MONDAYS[2], 3],
      [MONDAYS[1], 3],
      [MONDAYS[0], 1],
    ]);

    // Caio's enrolment ends on the 17th (his first day off the roster): the 17th and 24th no longer wait for him.
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/classes/${classId}/students/${caio}`, payload: { to: MONDAYS[2] } })).statusCode,
    ).toBe(200);
    // Bia deactivated from the 24th: off that roster too; reactivated on the 24th itself, back on it.
    const status = async (active: boolean, date: string) => {
      const { version } = (await server.app.inject(`/api/students/${bia}`)).json<{ version: number }>();
      return server.app.inject({ method: 'POST', url: `/api/students/${bia}/status`, payload: { active, date, reason: 'Mudou de turno', version } });
    };
    expect((await status(false, MONDAYS[3])).statusCode).toBe(200);
    expect(await listed(classId)).toEqual([
      [MONDAYS[3], 1],
      [MONDAYS[2], 2],
      [MONDAYS[1], 3],
      [MONDAYS[0], 1],
    ]);
    expect((await status(true, MONDAYS[3])).statusCode).toBe(200);
    expect(await listed(classId)).toEqual([
      [MONDAYS[3], 2],
      [MONDAYS[2], 2],
      [MONDAYS[1], 3],
      [MONDAYS[0], 1],
    ]);

    // The 10th saved as "class not held": no roll day for anyone, nothing to complete (its roster, unmarked, is kept).
    const notHeld = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${classId}/attendance/${MONDAYS[1]}`,
      payload: { takenBy: 'Ana', takenAt: `${MONDAYS[1]}T21:00:00.000Z`, notHeld: { reason: 'WEATHER' } },
    });
    expect(notHeld.statusCode).toBe(200);
    // The 17th a holiday: off the list while it is one, back with its count once it is not.
    const holiday = await server.app.inject({ method: 'PUT', url: `/api/calendar/${MONDAYS[2]}`, payload: { kind: 'HOLIDAY', name: 'Feriado' } });
    expect(holiday.statusCode).toBeLessThan(300);
    expect(await listed(classId)).toEqual([
      [MONDAYS[3], 2],
      [MONDAYS[0], 1],
    ]);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/calendar/${MONDAYS[2]}` })).statusCode).toBeLessThan(300);
    expect(await listed(classId)).toEqual([
      [MONDAYS[3], 2],
      [MONDAYS[2], 2],
      [MONDAYS[0], 1],
    ]);

    // Every child marked on the 24th: complete, its kept row gone.
    await roll(classId, MONDAYS[3], [ana, bia, davi], `${MONDAYS[3]}T22:00:00.000Z`);
    expect(await listed(classId)).toEqual([
      [MONDAYS[2], 2],
      [MONDAYS[0], 1],
    ]);

    // Whoever writes the rows keeps the counts: Davi's enrolment moved to the 24th straight in SQL.
    await server.db.run('UPDATE class_enrollments SET enrolled_on = $3 WHERE class_id = $1 AND student_id = $2', [classId, davi, MONDAYS[3]]);
    expect(await listed(classId)).toEqual([
      [MONDAYS[2], 1],
      [MONDAYS[0], 1],
    ]);

    // An archived class has nothing to complete on home; its counts are still kept.
    await server.db.run('UPDATE classes SET archived = true WHERE id = $1', [classId]);
    expect(await listed(classId)).toEqual([]);
    expect(await notMarkedKept(server.db, [classId])).toHaveLength(3);
  });
});

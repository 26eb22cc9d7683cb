// @vitest-environment node
/**
 * A class with several instructors (issue 52 item 4): each sees it as their own, with the rules an instructor has for
 * their own class (its roster, its rolls, its children on their device), and one taken off it loses it at their next
 * sync while the other keeps it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firebaseTokenVerifier } from '../../../server/auth.ts';
import type { ClassGroup, SyncAnswer, SyncAnswerWire } from '../../../src/api/contract.ts';
import { studentsFromColumns, syncAnswerFromWire } from '../../../src/api/sync-columns.ts';
import { emulatorClient, EMULATOR_PROJECT_ID } from '../../support/auth-emulator.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from '../server/support/test-server.ts';

const host = inject('authEmulatorHost');
const emulator = emulatorClient(host);
const run = randomUUID().slice(0, 8);
let server: TestServer;
const people = ['ana', 'bia', 'caio', 'coord'] as const;
type Person = (typeof people)[number];
const tokens = {} as Record<Person, string>;
const userIds = {} as Record<Person, string>;

const bearer = (who: Person) => ({ authorization: `Bearer ${tokens[who]}` });
const syncAs = async (who: Person, since?: string): Promise<SyncAnswer> =>
  syncAnswerFromWire((await server.app.inject({ url: `/api/sync${since ? `?since=${since}` : ''}`, headers: bearer(who) })).json<SyncAnswerWire>());
const syncedStudents = (answer: SyncAnswer) => (answer.changed.students ? studentsFromColumns(answer.changed.students).map((s) => s.id) : []);

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const verifyToken = await firebaseTokenVerifier({ projectId: EMULATOR_PROJECT_ID, checkRevoked: true });
  server = await startTestServer({ verifyToken, adminEmails: [`first.admin.${run}@example.org`] });
  for (const who of people) {
    const email = `${who}.${run}@example.org`;
    userIds[who] = randomUUID();
    await server.db.run('INSERT INTO users (id, full_name, access, email) VALUES ($1, $2, $3, $4)', [
      userIds[who],
      `Staff ${who}`,
      who === 'coord' ? 'coordenador' : 'instrutor',
      email,
    ]);
    tokens[who] = (await emulator.signUpVerified(email)).idToken;
  }
  // Every class someone else's (a class that names no instructor is everyone's).
  const someone = (
    await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' AND email NOT LIKE $1 LIMIT 1", [`%.${run}@%`])
  )[0]!;
  await server.db.run('UPDATE classes SET instructor_ids = ARRAY[$1::text]', [someone.id]);
}, SETUP_TIMEOUT_MS);
afterAll(() => server?.close());

describe('a class with two instructors', () => {
  it('is each one’s own: roster, roll and sync; the one taken off it loses it at the next sync, the other keeps it', async () => {
    const [shared] = await server.db.query<{ id: string; title: string; activityId: string; level: string }>(
      `SELECT c.id, c.title, c.activity_id AS "activityId", c.level FROM classes c JOIN class_enrollments e ON e.class_id = c.id
        WHERE e.ended_on IS NULL GROUP BY c.id HAVING count(*) >= 2 ORDER BY c.id LIMIT 1`,
    );
    const version = (await server.app.inject({ url: '/api/classes', headers: bearer('coord') }))
      .json<ClassGroup[]>()
      .find((group) => group.id === shared!.id)!.version!;
    // The coordinator gives it two weekdays and two instructors, as the class form sends it.
    const edited = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${shared!.id}`,
      headers: bearer('coord'),
      payload: {
        title: shared!.title,
        activityId: shared!.activityId,
        level: shared!.level,
        weekDay: 'SEGUNDA',
        schedule: 'Seg 08:00 - 09:00, Qua 14:00 - 15:30',
        instructorId: userIds.ana,
        meetings: [
          { weekDay: 'SEGUNDA', start: '08:00', end: '09:00' },
          { weekDay: 'QUARTA', start: '14:00', end: '15:30' },
        ],
        instructorIds: [userIds.ana, userIds.bia],
        startsOn: null,
        endsOn: null,
        version,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ instructorId: userIds.ana, instructorIds: [userIds.ana, userIds.bia], weekDay: 'SEGUNDA' });

    const roster = (who: Person) => server.app.inject({ url: `/api/classes/${shared!.id}/students`, headers: bearer(who) });
    expect((await roster('ana')).statusCode).toBe(200);
    expect((await roster('bia')).statusCode).toBe(200);
    expect((await roster('caio')).statusCode).toBe(403);

    // The second instructor takes a roll of it, as the first could.
    const children = (await roster('bia')).json<{ id: string }[]>().map((child) => child.id);
    const rollDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const roll = (who: Person) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/classes/${shared!.id}/attendance/${rollDate}`,
        headers: bearer(who),
        payload: { takenBy: who, takenAt: `${rollDate}T10:00:00.000Z`, entries: children.map((studentId) => ({ studentId, status: 'PRESENT' })) },
      });
    expect((await roll('bia')).statusCode).toBe(200);
    expect((await roll('caio')).statusCode).toBe(403);

    // Both devices hold its children and its roll; the third instructor's does not.
    const [ana, bia, caio] = await Promise.all([syncAs('ana'), syncAs('bia'), syncAs('caio')]);
    const holds = (answer: SyncAnswer) => ({
      children: children.every((id) => syncedStudents(answer).includes(id)),
      roll: (answer.changed.rolls ?? []).some((r) => r.classId === shared!.id && r.date === rollDate),
      group: (answer.changed.classes ?? []).find((group) => group.id === shared!.id)?.instructorIds,
    });
    expect(holds(ana)).toEqual({ children: true, roll: true, group: [userIds.ana, userIds.bia] });
    expect(holds(bia)).toEqual({ children: true, roll: true, group: [userIds.ana, userIds.bia] });
    expect(holds(caio).children || holds(caio).roll).toBe(false);

    // Bia is taken off it (the class as answered, with the list of instructors changed): her next delta removes its
    // children and roll; Ana's names nothing removed.
    const now = (await server.app.inject({ url: '/api/classes', headers: bearer('coord') })).json<ClassGroup[]>().find((g) => g.id === shared!.id)!;
    const off = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${shared!.id}`,
      headers: bearer('coord'),
      payload: { ...now, id: undefined, archived: undefined, scheduleNote: undefined, instructorIds: [userIds.ana] },
    });
    expect(off.statusCode).toBe(200);
    const [biaDelta, anaDelta] = await Promise.all([syncAs('bia', bia.cursor), syncAs('ana', ana.cursor)]);
    expect(biaDelta.removed.students ?? []).toEqual(expect.arrayContaining(children));
    expect(biaDelta.removed.rolls ?? []).toContainEqual({ classId: shared!.id, date: rollDate });
    expect(anaDelta.removed.students ?? []).toEqual([]);
    expect((await roster('bia')).statusCode).toBe(403);
    expect((await roster('ana')).statusCode).toBe(200);
  });
});

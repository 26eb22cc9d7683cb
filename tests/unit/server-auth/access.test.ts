// @vitest-environment node
/**
 * Who gets in, and what each role may do, with sign-in required (FIREBASE_PROJECT_ID) and tokens from the Auth
 * emulator. The route-by-role table is generated from the server's own list of routes and their rules, so a new route
 * is tested here the day it is added.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { firebaseTokenVerifier } from '../../../server/auth.ts';
import { accessLevels, rollsToCompleteSchema, type AccessLevel, type SyncAnswer, type SyncAnswerWire } from '../../../src/api/contract.ts';
import { onRoster, today } from '../../../server/data/rules/roster.ts';
import { PUBLIC, roleMatrix, type Permission } from '../../../src/api/permissions.ts';
import { studentsFromColumns, syncAnswerFromWire } from '../../../src/api/sync-columns.ts';
import { emulatorClient, EMULATOR_PROJECT_ID } from '../../support/auth-emulator.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from '../server/support/test-server.ts';

const host = inject('authEmulatorHost');
const emulator = emulatorClient(host);
const run = randomUUID().slice(0, 8);
const bootstrapEmail = `first.admin.${run}@example.org`;
let server: TestServer;
const tokens = {} as Record<AccessLevel, string>;
const emails = {} as Record<AccessLevel, string>;
let ids: { student: string; guardian: string; user: string; class: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const count = async (table: string) => Number((await server.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

async function addStaff(email: string, access: AccessLevel, active = true): Promise<void> {
  await server.db.run('INSERT INTO users (id, full_name, access, email, active) VALUES ($1, $2, $3, $4, $5)', [
    randomUUID(),
    `Staff ${access}`,
    access,
    email,
    active,
  ]);
}

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const verifyToken = await firebaseTokenVerifier({ projectId: EMULATOR_PROJECT_ID, checkRevoked: true });
  server = await startTestServer({ verifyToken, adminEmails: [bootstrapEmail] });
  await Promise.all(
    accessLevels.map(async (access) => {
      emails[access] = `${access}.${run}@example.org`;
      await addStaff(emails[access], access);
      tokens[access] = (await emulator.signUpVerified(emails[access])).idToken;
    }),
  );
  const [student] = await server.db.query<{ id: string }>('SELECT student_id AS id FROM guardians ORDER BY id LIMIT 1');
  const [guardian] = await server.db.query<{ id: string }>('SELECT id FROM guardians WHERE student_id = $1 LIMIT 1', [student!.id]);
  const [user] = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' ORDER BY id LIMIT 1");
  const [group] = await server.db.query<{ id: string }>('SELECT class_id AS id FROM class_enrollments LIMIT 1');
  ids = { student: student!.id, guardian: guardian!.id, user: user!.id, class: group!.id };
}, SETUP_TIMEOUT_MS);
afterAll(() => server?.close());

/** A concrete URL for a route pattern: real records where the path names one. */
function urlOf(pattern: string): string {
  return pattern
    .replace(/^\/api\/(students)\/:id/, `/api/$1/${ids.student}`)
    .replace(/^\/api\/responsibles\/:id/, `/api/responsibles/${ids.guardian}`)
    .replace(/^\/api\/users\/:id/, `/api/users/${ids.user}`)
    .replace(':classId', ids.class)
    .replace(':studentId', ids.student)
    .replace(':date', '2026-01-05')
    .replace(/:\w+/g, randomUUID());
}

describe('every route, for every role, as the matrix says', () => {
  it('lets a role through exactly where its row of the matrix allows, and refuses the rest with 403 before any work', async () => {
    const rules = server.app.routeRules.filter((entry) => entry.method !== 'HEAD');
    expect(rules.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    const studentsBefore = await count('students');
    for (const { method, url, rule } of rules) {
      for (const access of accessLevels) {
        const allowed = rule === PUBLIC || roleMatrix[access].includes(rule as Permission);
        const response = await server.app.inject({
          method: method as 'GET',
          url: urlOf(url),
          headers: bearer(tokens[access]),
          // Writes are sent empty: an allowed role gets a validation answer, a refused one never gets that far.
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const refused = response.statusCode === 403 && response.json<{ code?: string }>().code === 'forbidden';
        if (allowed === refused || response.statusCode === 401) wrong.push(`${access} ${method} ${url} (${rule}): ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await count('students')).toBe(studentsBefore);
  });

  it('stops a refused request at its refusal, however long the access record takes to be written: nothing is done', async () => {
    // The record is written before an answer leaves (an asynchronous hook): a slow one must not let the request go on.
    const run = server.db.run.bind(server.db);
    const slowRecord = vi.spyOn(server.db, 'run').mockImplementation(async (sql, params) => {
      if (sql.includes('INSERT INTO access_log')) await new Promise((resolve) => setTimeout(resolve, 50));
      return run(sql, params);
    });
    try {
      const before = await count('activities');
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/activities',
        headers: bearer(tokens.instrutor),
        payload: { id: randomUUID(), name: 'Atividade Recusada', teacher: 'Ninguém', area: 'Esportes', frequency: 'Semanal' },
      });
      expect(response.statusCode).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await count('activities')).toBe(before);
    } finally {
      slowRecord.mockRestore();
    }
  });

  it("answers GET /api/me with the user's record and their row of the matrix", async () => {
    const me = (await server.app.inject({ url: '/api/me', headers: bearer(tokens.instrutor) })).json<Record<string, unknown>>();
    expect(me).toMatchObject({ email: emails.instrutor, access: 'instrutor', permissions: [...roleMatrix.instrutor] });
    expect(me.openMode).toBeUndefined();
  });
  it('syncs to each role only the parts its row of the matrix may read', async () => {
    for (const access of accessLevels) {
      const answer = (await server.app.inject({ url: '/api/sync', headers: bearer(tokens[access]) })).json<{ changed: Record<string, unknown> }>();
      const can = (permission: Permission) => roleMatrix[access].includes(permission);
      expect(Object.keys(answer.changed).sort(), access).toEqual(
        [
          ...(can('students:list') ? ['students'] : []),
          ...(can('activities:read') ? ['activities'] : []),
          ...(can('classes:read') ? ['classes'] : []),
          ...(can('attendance:read') ? ['rolls'] : []),
          ...(can('users:read') ? ['users'] : []),
        ].sort(),
      );
    }
  });
});

describe("an instructor's device", () => {
  it('holds the rolls of their own classes and of those that name no instructor, not of classes of another instructor', async () => {
    const [other] = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' AND email <> $1 ORDER BY id LIMIT 1", [
      emails.instrutor,
    ]);
    const [{ id: mine } = { id: '' }] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [emails.instrutor]);
    const [theirs, own] = await server.db.query<{ id: string }>(
      'SELECT DISTINCT class_id AS id FROM attendance_rolls WHERE date >= current_date - 60 ORDER BY class_id LIMIT 2',
    );
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [other!.id, theirs!.id]);
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [mine, own!.id]);
    try {
      const rollsOf = async (access: AccessLevel) =>
        new Set(
          (await server.app.inject({ url: '/api/sync', headers: bearer(tokens[access]) }))
            .json<{ changed: { rolls: { classId: string }[] } }>()
            .changed.rolls.map((roll) => roll.classId),
        );
      const instructor = await rollsOf('instrutor');
      expect(instructor.has(own!.id)).toBe(true);
      expect(instructor.has(theirs!.id)).toBe(false);
      expect((await rollsOf('coordenador')).has(theirs!.id)).toBe(true);
    } finally {
      await server.db.run('UPDATE classes SET instructor_ids = ARRAY[]::text[] WHERE id = ANY($1)', [[theirs!.id, own!.id]]);
    }
  });
});

describe("an instructor's students", () => {
  const syncAs = async (access: AccessLevel, since?: string) =>
    syncAnswerFromWire(
      (await server.app.inject({ url: `/api/sync${since ? `?since=${since}` : ''}`, headers: bearer(tokens[access]) })).json<SyncAnswerWire>(),
    );
  const syncedIds = (answer: SyncAnswer) => (answer.changed.students ? studentsFromColumns(answer.changed.students).map((s) => s.id) : []);

  it('are those of the classes whose rolls they see, in the list, its first screenful, the rosters and the sync, and follow a class that changes hands', async () => {
    const [{ id: mine } = { id: '' }] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [emails.instrutor]);
    const [other] = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' AND email <> $1 ORDER BY id LIMIT 1", [
      emails.instrutor,
    ]);
    const before = await server.db.query<{ id: string; instructor: string | null }>('SELECT id, instructor_ids[1] AS instructor FROM classes');
    const [own] = await server.db.query<{ id: string }>(
      'SELECT class_id AS id FROM class_enrollments WHERE ended_on IS NULL GROUP BY class_id HAVING count(*) >= 2 ORDER BY class_id LIMIT 1',
    );
    // Every class another instructor's but one, this instructor's.
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL)', [other!.id]);
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [mine, own!.id]);
    try {
      const expected = (
        await server.db.query<{ id: string }>(
          `SELECT DISTINCT e.student_id AS id FROM class_enrollments e JOIN students s ON s.id = e.student_id
            WHERE e.class_id = $1 AND s.active AND (e.ended_on IS NULL OR e.ended_on > current_date)`,
          [own!.id],
        )
      )
        .map((row) => row.id)
        .sort();
      expect(expected.length).toBeGreaterThanOrEqual(2);
      const listOf = async (access: AccessLevel, query = '') =>
        (await server.app.inject({ url: `/api/students${query}`, headers: bearer(tokens[access]) })).json<{ id: string }[]>().map((s) => s.id);
      expect((await listOf('instrutor')).sort()).toEqual(expected);
      expect(await listOf('instrutor', '?limit=1')).toHaveLength(1);
      expect(expected).toContain((await listOf('instrutor', '?limit=1'))[0]);
      expect((await listOf('coordenador')).length).toBeGreaterThan(expected.length);

      const [theirs] = await server.db.query<{ id: string }>('SELECT id FROM classes WHERE id <> $1 ORDER BY id LIMIT 1', [own!.id]);
      const roster = (id: string, access: AccessLevel = 'instrutor') =>
        server.app.inject({ url: `/api/classes/${id}/students`, headers: bearer(tokens[access]) });
      expect((await roster(own!.id)).statusCode).toBe(200);
      const refused = await roster(theirs!.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
      expect((await roster(theirs!.id, 'coordenador')).statusCode).toBe(200);

      // A roll of the class, in the sync's window: it goes and comes with the class.
      const rollDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const taken = await server.app.inject({
        method: 'PUT',
        url: `/api/classes/${own!.id}/attendance/${rollDate}`,
        headers: bearer(tokens.coordenador),
        payload: { takenBy: 'x', takenAt: `${rollDate}T10:00:00.000Z`, entries: expected.map((studentId) => ({ studentId, status: 'PRESENT' })) },
      });
      expect(taken.statusCode).toBe(200);
      const rollsOf = (answer: SyncAnswer) => (answer.changed.rolls ?? []).filter((roll) => roll.classId === own!.id && roll.date === rollDate);

      const full = await syncAs('instrutor');
      expect(syncedIds(full).sort()).toEqual(expected);
      // Their classes are this instructor's only: another instructor's class (and who is in it) stays off the device.
      const syncedClasses = new Set(studentsFromColumns(full.changed.students!).flatMap((student) => student.classIds));
      expect([...syncedClasses]).toEqual([own!.id]);
      expect(rollsOf(full)).toHaveLength(1);
      // The class goes to the other instructor: its students and rolls leave this instructor's device at the next sync.
      await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [other!.id, own!.id]);
      const gone = await syncAs('instrutor', full.cursor);
      expect(syncedIds(gone)).toEqual([]);
      expect([...(gone.removed.students ?? [])].sort()).toEqual(expect.arrayContaining(expected));
      expect(gone.removed.rolls).toContainEqual({ classId: own!.id, date: rollDate });
      // And back: they come again.
      await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [mine, own!.id]);
      const back = await syncAs('instrutor', gone.cursor);
      expect(syncedIds(back).sort()).toEqual(expected);
      expect(rollsOf(back)).toHaveLength(1);

      // Another instructor's class edited, one of its children edited, a roll of it taken: a delta names none of them
      // (not even as removed) to this instructor, whose device never held them.
      const [elsewhere] = await server.db.query<{ id: string; student: string }>(
        `SELECT e.class_id AS id, min(e.student_id) AS student FROM class_enrollments e
          WHERE e.class_id <> $1 AND e.student_id NOT IN (SELECT student_id FROM class_enrollments WHERE class_id = $1)
          GROUP BY e.class_id ORDER BY e.class_id LIMIT 1`,
        [own!.id],
      );
      const strangers = (
        await server.db.query<{ id: string }>('SELECT student_id AS id FROM class_enrollments WHERE class_id = $1', [elsewhere!.id])
      ).map((row) => row.id);
      await server.db.run("UPDATE classes SET title = title || ' ' WHERE id = $1", [elsewhere!.id]);
      await server.db.run("UPDATE students SET school_name = 'Outra escola' WHERE id = $1", [elsewhere!.student]);
      const otherRoll = await server.app.inject({
        method: 'PUT',
        url: `/api/classes/${elsewhere!.id}/attendance/${rollDate}`,
        headers: bearer(tokens.coordenador),
        payload: { takenBy: 'x', takenAt: `${rollDate}T10:00:00.000Z`, entries: [{ studentId: elsewhere!.student, status: 'PRESENT' }] },
      });
      expect(otherRoll.statusCode).toBe(200);
      const quiet = await syncAs('instrutor', back.cursor);
      const named = [...syncedIds(quiet), ...(quiet.removed.students ?? [])];
      expect(named.filter((id) => strangers.includes(id) && !expected.includes(id))).toEqual([]);
      expect((quiet.removed.rolls ?? []).filter((roll) => roll.classId === elsewhere!.id)).toEqual([]);
      // A coordinator's delta has them all.
      const coordinator = await syncAs('coordenador', back.cursor);
      expect(syncedIds(coordinator)).toContain(elsewhere!.student);

      // A class that named no instructor, given to another: this instructor saw it, so its children leave their device.
      await server.db.run('UPDATE classes SET instructor_ids = ARRAY[]::text[] WHERE id = $1', [elsewhere!.id]);
      const opened = await syncAs('instrutor', quiet.cursor);
      expect(syncedIds(opened)).toContain(elsewhere!.student);
      await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [other!.id, elsewhere!.id]);
      const closed = await syncAs('instrutor', opened.cursor);
      expect(closed.removed.students ?? []).toContain(elsewhere!.student);
      expect(closed.removed.rolls ?? []).toContainEqual({ classId: elsewhere!.id, date: rollDate });
    } finally {
      for (const row of before)
        await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [row.instructor, row.id]);
    }
  });
});

describe("a student's record", () => {
  it("gives the frequency's detail (per class, justified absences) only to a role that reads attendance", async () => {
    const read = async (access: AccessLevel) =>
      (await server.app.inject({ url: `/api/students/${ids.student}`, headers: bearer(tokens[access]) })).json<Record<string, unknown>>();
    const office = await read('administrativo');
    expect(office).toHaveProperty('frequencyPercent');
    expect(office).not.toHaveProperty('frequency');
    expect(await read('coordenador')).toHaveProperty('frequency');
  });
});

describe("an instructor's view of archived and deactivated", () => {
  it('leaves out a deactivated child and the classes of an archived activity or class: not listed, their roster and grid refused', async () => {
    const [mine] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [emails.instrutor]);
    // Two classes of this instructor's, of two activities, each with children only in it.
    const groups = await server.db.query<{ id: string; activity: string; student: string }>(
      `SELECT c.id, c.activity_id AS activity, min(e.student_id) AS student FROM classes c JOIN class_enrollments e ON e.class_id = c.id
        WHERE e.ended_on IS NULL AND e.student_id NOT IN (SELECT student_id FROM class_enrollments WHERE class_id <> c.id)
        GROUP BY c.id, c.activity_id ORDER BY c.id`,
    );
    const [one, two] = [groups[0]!, groups.find((group) => group.activity !== groups[0]!.activity)!];
    const before = await server.db.query<{ id: string; instructor: string | null }>('SELECT id, instructor_ids[1] AS instructor FROM classes');
    const others = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' AND email <> $1 LIMIT 1", [
      emails.instrutor,
    ]);
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL)', [others[0]!.id]);
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = ANY($2)', [mine!.id, [one.id, two.id]]);
    const listed = async (query = '') =>
      (await server.app.inject({ url: `/api/students${query}`, headers: bearer(tokens.instrutor) })).json<{ id: string }[]>().map((s) => s.id);
    const refused = async (url: string) => (await server.app.inject({ url, headers: bearer(tokens.instrutor) })).statusCode;
    try {
      expect(await listed()).toEqual(expect.arrayContaining([one.student, two.student]));
      // A deactivated child: on no roster, so off the list whatever its filter.
      await server.db.run('UPDATE students SET active = false WHERE id = $1', [one.student]);
      expect(await listed()).not.toContain(one.student);
      expect(await listed('?status=inactive')).toEqual([]);
      expect(await listed('?status=all')).not.toContain(one.student);
      await server.db.run('UPDATE students SET active = true WHERE id = $1', [one.student]);
      // An archived activity takes its classes' children off the list; its class's roster and grid are refused.
      await server.db.run('UPDATE activities SET archived = true WHERE id = $1', [two.activity]);
      expect(await listed()).not.toContain(two.student);
      expect(await refused(`/api/classes/${two.id}/students`)).toBe(403);
      expect(await refused(`/api/classes/${two.id}/attendance?month=2026-09`)).toBe(403);
      await server.db.run('UPDATE activities SET archived = false WHERE id = $1', [two.activity]);
      // An archived class, the same; its rolls leave the instructor's device too (a justified absence's reason with them).
      const rollDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const taken = await server.app.inject({
        method: 'PUT',
        url: `/api/classes/${one.id}/attendance/${rollDate}`,
        headers: bearer(tokens.coordenador),
        payload: { takenBy: 'x', takenAt: `${rollDate}T10:00:00.000Z`, entries: [{ studentId: one.student, status: 'JUSTIFIED', reason: 'HEALTH' }] },
      });
      expect(taken.statusCode).toBe(200);
      const syncAs = async (since?: string) =>
        syncAnswerFromWire(
          (await server.app.inject({ url: `/api/sync${since ? `?since=${since}` : ''}`, headers: bearer(tokens.instrutor) })).json<SyncAnswerWire>(),
        );
      const rollOf = (rolls: readonly { classId: string; date: string }[] | undefined) =>
        (rolls ?? []).filter((roll) => roll.classId === one.id && roll.date === rollDate);
      const synced = await syncAs();
      expect(rollOf(synced.changed.rolls)).toHaveLength(1);
      await server.db.run('UPDATE classes SET archived = true WHERE id = $1', [one.id]);
      expect(rollOf((await syncAs(synced.cursor)).removed.rolls)).toHaveLength(1);
      expect(rollOf((await syncAs()).changed.rolls)).toHaveLength(0);
      expect(await listed()).not.toContain(one.student);
      expect(await refused(`/api/classes/${one.id}/students`)).toBe(403);
      expect(await refused(`/api/classes/${two.id}/students`)).toBe(200);
      // A coordinator still reads the archived class's roster (its history is theirs).
      expect((await server.app.inject({ url: `/api/classes/${one.id}/students`, headers: bearer(tokens.coordenador) })).statusCode).toBe(200);
    } finally {
      await server.db.run('UPDATE classes SET archived = false WHERE id = $1', [one.id]);
      await server.db.run('UPDATE activities SET archived = false WHERE id = $1', [two.activity]);
      await server.db.run('UPDATE students SET active = true WHERE id = $1', [one.student]);
      for (const row of before)
        await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [row.instructor, row.id]);
    }
  });
});

describe("an instructor's rolls", () => {
  it("are those of their own classes and of classes that name none: another instructor's class is refused, read or write", async () => {
    const [other] = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' AND email <> $1 ORDER BY id LIMIT 1", [
      emails.instrutor,
    ]);
    const [theirs] = await server.db.query<{ id: string; student: string }>(
      'SELECT class_id AS id, min(student_id) AS student FROM class_enrollments GROUP BY class_id ORDER BY class_id LIMIT 1',
    );
    await server.db.run('UPDATE classes SET instructor_ids = array_remove(ARRAY[$1::text], NULL) WHERE id = $2', [other!.id, theirs!.id]);
    try {
      const as = (access: AccessLevel, method: 'GET' | 'PUT', url: string) =>
        server.app.inject({
          method,
          url,
          headers: bearer(tokens[access]),
          ...(method === 'PUT'
            ? { payload: { takenBy: 'x', takenAt: '2026-09-15T10:00:00.000Z', entries: [{ studentId: theirs!.student, status: 'PRESENT' }] } }
            : {}),
        });
      const roll = `/api/classes/${theirs!.id}/attendance/2026-09-15`;
      for (const [method, url] of [
        ['GET', roll],
        ['PUT', roll],
        ['GET', `/api/classes/${theirs!.id}/attendance?month=2026-09`],
      ] as const) {
        const refused = await as('instrutor', method, url);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'forbidden' });
        expect([200, 404], `coordinator ${method} ${url}`).toContain((await as('coordenador', method, url)).statusCode);
      }
    } finally {
      await server.db.run('UPDATE classes SET instructor_ids = ARRAY[]::text[] WHERE id = $1', [theirs!.id]);
    }
  });

  it('name the signed-in user as who took them, whatever the device sent', async () => {
    const [group] = await server.db.query<{ id: string; student: string }>(
      'SELECT class_id AS id, min(student_id) AS student FROM class_enrollments GROUP BY class_id ORDER BY class_id LIMIT 1',
    );
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${group!.id}/attendance/2026-09-16`,
      headers: bearer(tokens.instrutor),
      payload: {
        takenBy: 'someone.else@example.org',
        takenAt: '2026-09-16T10:00:00.000Z',
        entries: [{ studentId: group!.student, status: 'PRESENT' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ takenBy: emails.instrutor, firstTakenBy: emails.instrutor });
  });

  it('to complete are listed to the instructor for their own classes only, and to the coordination for every class (issue 56)', async () => {
    const day = today();
    // Two classes with two students at least on today's roster: one the instructor's, one another instructor's.
    const groups = await server.db.query<{ id: string; student: string }>(
      `SELECT e.class_id AS id, min(e.student_id) AS student FROM class_enrollments e JOIN classes c ON c.id = e.class_id AND NOT c.archived
        JOIN activities a ON a.id = c.activity_id AND NOT a.archived
        WHERE ${onRoster('e', '$1::date')} GROUP BY e.class_id HAVING count(*) >= 2 ORDER BY e.class_id LIMIT 2`,
      [day],
    );
    const [own, elsewhere] = groups as [{ id: string; student: string }, { id: string; student: string }];
    const [instructor] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [emails.instrutor]);
    const [other] = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' AND email <> $1 ORDER BY id LIMIT 1", [
      emails.instrutor,
    ]);
    await server.db.run('UPDATE classes SET instructor_ids = ARRAY[$1::text] WHERE id = $2', [instructor!.id, own.id]);
    await server.db.run('UPDATE classes SET instructor_ids = ARRAY[$1::text] WHERE id = $2', [other!.id, elsewhere.id]);
    try {
      // Today's roll of each marks one child: the others of its roster are not marked.
      for (const group of [own, elsewhere]) {
        const saved = await server.app.inject({
          method: 'PUT',
          url: `/api/classes/${group.id}/attendance/${day}`,
          headers: bearer(tokens.coordenador),
          payload: { takenBy: 'x', takenAt: new Date().toISOString(), entries: [{ studentId: group.student, status: 'PRESENT' }] },
        });
        expect(saved.statusCode).toBe(200);
      }
      const listed = async (access: AccessLevel) => {
        const answer = await server.app.inject({ url: '/api/attendance/rolls-to-complete', headers: bearer(tokens[access]) });
        expect(answer.statusCode, access).toBe(200);
        const { rolls } = rollsToCompleteSchema.parse(answer.json());
        return rolls.filter((roll) => roll.date === day && (roll.classId === own.id || roll.classId === elsewhere.id)).map((roll) => roll.classId);
      };
      expect(await listed('instrutor')).toEqual([own.id]);
      expect((await listed('coordenador')).sort()).toEqual([own.id, elsewhere.id].sort());
    } finally {
      await server.db.run('UPDATE classes SET instructor_ids = ARRAY[]::text[] WHERE id = ANY ($1::text[])', [[own.id, elsewhere.id]]);
    }
  });
});

describe('who gets in', () => {
  it('refuses a verified account that is not a user of Quadra: 403 not-registered, nothing read or written', async () => {
    const stranger = await emulator.signUpVerified(`stranger.${randomUUID()}@gmail.com`);
    const before = await count('students');
    const read = await server.app.inject({ url: '/api/students', headers: bearer(stranger.idToken) });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'not-registered' });
    const write = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: bearer(stranger.idToken),
      payload: { fullName: 'Intruso' },
    });
    expect(write.statusCode).toBe(403);
    expect(await count('students')).toBe(before);
  });

  it('refuses a registered user whose e-mail is not verified: 403 email-unverified', async () => {
    const email = `unverified.${randomUUID()}@example.org`;
    await addStaff(email, 'coordenador');
    const account = await emulator.signUp(email);
    const response = await server.app.inject({ url: '/api/me', headers: bearer(account.idToken) });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('email-unverified');
  });

  it('refuses a deactivated user, from their next request on', async () => {
    const email = `leaving.${randomUUID()}@example.org`;
    await addStaff(email, 'administrativo');
    const account = await emulator.signUpVerified(email);
    expect((await server.app.inject({ url: '/api/students', headers: bearer(account.idToken) })).statusCode).toBe(200);
    const [row] = await server.db.query<Record<string, unknown>>('SELECT id, full_name, email, access, version FROM users WHERE email = $1', [email]);
    const adminToken = tokens.admin;
    const deactivated = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${String(row!.id)}`,
      headers: bearer(adminToken),
      payload: { full_name: row!.full_name, email, access: row!.access, active: false, version: row!.version },
    });
    expect(deactivated.statusCode).toBe(200);
    const next = await server.app.inject({ url: '/api/students', headers: bearer(account.idToken) });
    expect(next.statusCode).toBe(403);
    expect(next.json<{ code: string }>().code).toBe('deactivated');
  });

  it('links the sign-in account to the user row at the first sign-in', async () => {
    const email = `linked.${randomUUID()}@example.org`;
    await addStaff(email, 'psicologo');
    const account = await emulator.signUpVerified(email);
    await server.app.inject({ url: '/api/me', headers: bearer(account.idToken) });
    const [row] = await server.db.query<{ firebase_uid: string }>('SELECT firebase_uid FROM users WHERE email = $1', [email]);
    expect(row!.firebase_uid).toBe(account.uid);
  });

  it('makes an e-mail of ADMIN_EMAILS an admin at its first sign-in, once', async () => {
    const account = await emulator.signUpVerified(bootstrapEmail, 'Primeira Admin');
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        server.app.inject({ url: '/api/me', headers: bearer(account.idToken) }).then((r) => r.json<{ access: string; full_name: string }>()),
      ),
    );
    expect(first).toMatchObject({ access: 'admin', full_name: 'Primeira Admin' });
    expect(second).toMatchObject({ access: 'admin' });
    const rows = await server.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [bootstrapEmail]);
    expect(rows).toHaveLength(1);
    // Anyone else still needs to be added by that admin.
    const other = await emulator.signUpVerified(`not.admin.${randomUUID()}@example.org`);
    expect((await server.app.inject({ url: '/api/me', headers: bearer(other.idToken) })).statusCode).toBe(403);
  });
});

describe('the access record', () => {
  it("keeps who read a student's guardians, and only admins and coordinators may read it", async () => {
    const read = await server.app.inject({ url: `/api/students/${ids.student}/responsibles`, headers: bearer(tokens.psicologo) });
    expect(read.statusCode).toBe(200);
    // An entry is written after its answer is sent: look until it is there.
    await vi.waitFor(async () => {
      const log = await server.app.inject({ url: `/api/students/${ids.student}/access-log`, headers: bearer(tokens.coordenador) });
      expect(log.statusCode).toBe(200);
      expect(log.json<Array<Record<string, unknown>>>().find((entry) => entry.userEmail === emails.psicologo)).toMatchObject({
        userName: 'Staff psicologo',
        kind: 'read',
        route: '/students/:id/responsibles',
      });
    });
    for (const access of ['psicologo', 'instrutor', 'administrativo'] as const) {
      expect((await server.app.inject({ url: `/api/students/${ids.student}/access-log`, headers: bearer(tokens[access]) })).statusCode).toBe(403);
    }
  });
});

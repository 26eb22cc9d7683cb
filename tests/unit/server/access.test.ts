// @vitest-environment node
/**
 * Access in open mode (no FIREBASE_PROJECT_ID): every route has a rule, everyone is the built-in admin, admins manage
 * users, and the access record keeps who read a child's data and who wrote. The verifying mode is in server-auth/.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRules, type RouteRuleEntry } from '../../../server/access.ts';
import { buildServer } from '../../../server/app.ts';
import { permissions, PUBLIC, roleMatrix } from '../../../src/api/permissions.ts';
import { ACCESS_LOG_PAGE } from '../../../src/api/contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

type User = {
  id: string;
  full_name: string;
  email: string;
  access: string;
  active: boolean;
  version: number;
  phone: string | null;
  formation: string | null;
};
type LogEntry = { at: string; userEmail: string; userName: string | null; kind: string; method: string; route: string; status: number };

const anyStudentId = async () => (await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 1'))[0]!.id;

describe('the rule table', () => {
  it('gives every /api route a rule of the matrix, and the server will not start with a route that has none', async () => {
    const rules = server.app.routeRules;
    expect(rules.length).toBeGreaterThan(20);
    for (const { method, url, rule } of rules) expect(rule === PUBLIC || permissions.includes(rule as never), `${method} ${url}`).toBe(true);
    const app = Fastify();
    const start = async () => {
      await app.register(async (scope) => {
        requireRules(scope, [] as RouteRuleEntry[]);
        scope.get('/open', () => 'nothing guards me');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/open has no access rule/);
  });

  it("gives admin every permission but writing and reviewing a child's anamnese, and never a permission outside the list", () => {
    // The anamnese's answers are the psychosocial team's to write (issue 52): the admin reads them and edits the forms.
    const notAdmins = ['assessments:write', 'assessments:review'];
    expect([...roleMatrix.admin].sort()).toEqual(permissions.filter((permission) => !notAdmins.includes(permission)).sort());
    for (const granted of Object.values(roleMatrix)) for (const permission of granted) expect(permissions).toContain(permission);
    expect(roleMatrix.instrutor).not.toContain('guardians:read');
    expect(roleMatrix.instrutor).not.toContain('documents:read');
    expect(roleMatrix.instrutor).not.toContain('students:read');
    expect(roleMatrix.coordenador).not.toContain('users:write');
  });
});

describe('open mode', () => {
  it("GET /api/me answers the built-in admin, with the admin's permissions, and says it is open mode", async () => {
    const me = (await server.app.inject('/api/me')).json<{ access: string; permissions: string[]; openMode: boolean }>();
    expect(me.access).toBe('admin');
    expect(me.openMode).toBe(true);
    expect(me.permissions.sort()).toEqual([...roleMatrix.admin].sort());
  });
});

describe('user management', () => {
  const newUser = () => ({
    id: randomUUID(),
    full_name: 'Luana Prado',
    email: `luana.${randomUUID()}@example.org`,
    phone: '(81) 99999-0000',
    access: 'instrutor',
  });

  it('adds a user once, however often the same request is sent, and refuses a second user with the same e-mail', async () => {
    const body = newUser();
    const first = await server.app.inject({ method: 'POST', url: '/api/users', payload: body });
    expect(first.statusCode).toBe(201);
    expect(first.json<User>()).toMatchObject({ id: body.id, email: body.email, access: 'instrutor', active: true, version: 1 });
    const again = await server.app.inject({ method: 'POST', url: '/api/users', payload: body });
    expect(again.statusCode).toBe(200);
    const clash = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { ...body, id: randomUUID(), email: body.email.toUpperCase() },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ code: string }>().code).toBe('email-taken');
    const listed = (await server.app.inject('/api/users')).json<User[]>().filter((user) => user.email === body.email);
    expect(listed).toHaveLength(1);
  });

  it('refuses a user with an unknown access level or no valid e-mail', async () => {
    for (const payload of [
      { ...newUser(), access: 'superuser' },
      { ...newUser(), email: 'not-an-email' },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/users', payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('changes access and deactivates, refuses a stale version with 409, and keeps the last active admin', async () => {
    const body = newUser();
    const created = (await server.app.inject({ method: 'POST', url: '/api/users', payload: body })).json<User>();
    const change = { full_name: created.full_name, email: created.email, access: 'coordenador', active: false, version: created.version };
    const changed = await server.app.inject({ method: 'PUT', url: `/api/users/${created.id}`, payload: change });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<User>()).toMatchObject({ access: 'coordenador', active: false, version: 2 });
    const stale = await server.app.inject({ method: 'PUT', url: `/api/users/${created.id}`, payload: { ...change, active: true } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('stale-version');

    const admins = (await server.app.inject('/api/users')).json<User[]>().filter((user) => user.access === 'admin' && user.active);
    for (const [index, admin] of admins.entries()) {
      const demote = await server.app.inject({
        method: 'PUT',
        url: `/api/users/${admin.id}`,
        payload: { full_name: admin.full_name, email: admin.email, access: 'instrutor', active: true },
      });
      expect(demote.statusCode, admin.email).toBe(index === admins.length - 1 ? 409 : 200);
    }
  });

  it('answers 404 for a user that does not exist', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${randomUUID()}`,
      payload: { full_name: 'Ninguém', email: 'ninguem@example.org', access: 'instrutor', active: true },
    });
    expect(response.statusCode).toBe(404);
  });
});

const accessLogCount = async () => Number((await server.db.query<{ n: number }>('SELECT count(*) AS n FROM access_log'))[0]!.n);

describe('the access record', () => {
  it("records a read of a student's guardians once, with who, what and which student, newest first", async () => {
    const studentId = await anyStudentId();
    const before = (await server.app.inject(`/api/students/${studentId}/access-log`)).json<LogEntry[]>();
    await server.app.inject(`/api/students/${studentId}/responsibles`);
    const log = (await server.app.inject(`/api/students/${studentId}/access-log`)).json<LogEntry[]>();
    // The guardians read, and before it the first look at the record itself (reading who saw a child's data is a read
    // too; a look is recorded once its answer is ready, so the second look is not in its own answer).
    expect(log.length).toBe(before.length + 2);
    expect(log[0]).toMatchObject({ userEmail: 'open-mode@localhost', kind: 'read', method: 'GET', route: '/students/:id/responsibles', status: 200 });
    expect(log[1]).toMatchObject({ kind: 'read', method: 'GET', route: '/students/:id/access-log', status: 200 });
    expect(Date.parse(log[0]!.at)).toBeGreaterThanOrEqual(Date.parse(log[1]!.at));
  });

  it('records every write, and not a list or catalogue read', async () => {
    // An entry is written before its answer leaves: counted at once.
    const before = await accessLogCount();
    await server.app.inject('/api/students');
    await server.app.inject('/api/activities');
    expect(await accessLogCount()).toBe(before);
    const id = randomUUID();
    const created = await server.app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: 'Registro Auditado' } });
    expect(created.statusCode).toBe(201);
    const [entry] = await server.db.query<{ kind: string; student_id: string; route: string }>(
      'SELECT kind, student_id, route FROM access_log ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toEqual({ kind: 'write', student_id: id, route: '/students' });
  });

  it('says which: a deactivation or a reactivation, and the fields an edit changed (their names, not their values)', async () => {
    const id = randomUUID();
    const inject = (method: 'POST' | 'PUT', url: string, payload: object) => server.app.inject({ method, url, payload });
    expect((await inject('POST', '/api/students', { id, fullName: 'Registro Detalhado', schoolName: 'EM Um' })).statusCode).toBe(201);
    const edit = await inject('PUT', `/api/students/${id}`, {
      fullName: 'Registro Detalhado',
      schoolName: 'EM Dois',
      address: { code: '01001000' },
      version: 1,
    });
    expect(edit.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await inject('POST', `/api/students/${id}/status`, { active: false, date: today, reason: 'Mudou', version: 2 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/students/${id}/status`, { active: true, date: today, reason: 'Voltou', version: 3 })).statusCode).toBe(200);
    const log = (await server.app.inject(`/api/students/${id}/access-log`)).json<(LogEntry & { detail?: unknown })[]>();
    const writes = log.filter((entry) => entry.kind === 'write').map(({ method, route, detail }) => ({ method, route, detail }));
    expect(writes).toEqual([
      { method: 'POST', route: '/students/:id/status', detail: { change: 'reactivated' } },
      { method: 'POST', route: '/students/:id/status', detail: { change: 'deactivated' } },
      { method: 'PUT', route: '/students/:id', detail: { fields: ['schoolName', 'addressCode'] } },
      { method: 'POST', route: '/students', detail: null },
    ]);
    expect(JSON.stringify(log)).not.toContain('EM Dois');
  });

  it("records a roll on each of its students' records, and a read of one only where it says why someone was absent", async () => {
    const [group] = await server.db.query<{ id: string }>(
      'SELECT class_id AS id FROM class_enrollments GROUP BY class_id HAVING count(*) >= 2 ORDER BY class_id LIMIT 1',
    );
    const roster = (await server.app.inject(`/api/classes/${group!.id}/students?date=2026-09-17`)).json<Array<{ id: string }>>();
    const [excused, present] = roster as [{ id: string }, { id: string }];
    const entriesOf = async (studentId: string) =>
      Number(
        (
          await server.db.query<{ n: number }>(
            "SELECT count(*) AS n FROM access_log WHERE student_id = $1 AND route LIKE '/classes/:classId/attendance%'",
            [studentId],
          )
        )[0]!.n,
      );
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${group!.id}/attendance/2026-09-17`,
      payload: {
        takenBy: 'Instrutora',
        takenAt: '2026-09-17T10:00:00.000Z',
        entries: roster.map(({ id }) =>
          id === excused.id ? { studentId: id, status: 'JUSTIFIED', reason: 'HEALTH' } : { studentId: id, status: 'PRESENT' },
        ),
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await entriesOf(present.id)).toBe(1);
    expect(await entriesOf(excused.id)).toBe(1);
    expect((await server.app.inject(`/api/classes/${group!.id}/attendance/2026-09-17`)).statusCode).toBe(200);
    expect(await entriesOf(excused.id)).toBe(2);
    expect(await entriesOf(present.id)).toBe(1);
  });

  it('records a sync on the students whose justified absence its rolls say why, and no one else', async () => {
    const [group] = await server.db.query<{ id: string }>(
      'SELECT class_id AS id FROM class_enrollments WHERE ended_on IS NULL GROUP BY class_id HAVING count(*) >= 2 ORDER BY class_id DESC LIMIT 1',
    );
    const date = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const roster = (await server.app.inject(`/api/classes/${group!.id}/students?date=${date}`)).json<Array<{ id: string }>>();
    const [excused, present] = roster as [{ id: string }, { id: string }];
    const synced = async (studentId: string) =>
      Number(
        (await server.db.query<{ n: number }>("SELECT count(*) AS n FROM access_log WHERE student_id = $1 AND route = '/sync'", [studentId]))[0]!.n,
      );
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${group!.id}/attendance/${date}`,
      payload: {
        takenBy: 'Instrutora',
        takenAt: `${date}T10:00:00.000Z`,
        entries: roster.map(({ id }) =>
          id === excused.id ? { studentId: id, status: 'JUSTIFIED', reason: 'OTHER', note: 'internado' } : { studentId: id, status: 'PRESENT' },
        ),
      },
    });
    expect(saved.statusCode).toBe(200);
    const answer = await server.app.inject('/api/sync');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('internado');
    expect(await synced(excused.id)).toBe(1);
    expect(await synced(present.id)).toBe(0);
    // A delta with nothing of theirs in it records nothing.
    await server.app.inject(`/api/sync?since=${answer.json<{ cursor: string }>().cursor}`);
    expect(await synced(excused.id)).toBe(1);
  });

  it('is append-only: the database refuses to change, remove or empty an entry', async () => {
    await server.app.inject(`/api/students/${await anyStudentId()}/responsibles`);
    await expect(server.db.run("UPDATE access_log SET user_email = 'someone-else'")).rejects.toThrow(/append-only/);
    await expect(server.db.run('DELETE FROM access_log')).rejects.toThrow(/append-only/);
    // TRUNCATE fires no row trigger: a statement trigger refuses it (issue 55).
    await expect(server.db.exec('TRUNCATE access_log')).rejects.toThrow(/append-only/);
    await expect(server.db.exec('TRUNCATE access_log CASCADE')).rejects.toThrow(/append-only/);
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM access_log'))[0]!.n).toBeGreaterThan(0);
  });

  it("does not answer a read of a child's data it cannot record (503, no data); a write it cannot record is not acknowledged, and its resend is", async () => {
    // A student with guardians (not merely the first by id: another test's new student may sort first).
    const [{ id: studentId } = { id: '' }] = await server.db.query<{ id: string }>(
      'SELECT student_id AS id FROM guardians ORDER BY student_id LIMIT 1',
    );
    const guardians = (await server.app.inject(`/api/students/${studentId}/responsibles`)).json<Array<{ name: string }>>();
    expect(guardians.length).toBeGreaterThan(0);
    const id = randomUUID();
    // Every new entry refused from now on, as a full disk or a broken table would.
    await server.db.exec('ALTER TABLE access_log ADD CONSTRAINT test_refuse_entries CHECK (user_id IS NULL) NOT VALID');
    try {
      const read = await server.app.inject(`/api/students/${studentId}/responsibles`);
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({ code: 'access-record-unavailable' });
      expect(read.body).not.toContain(guardians[0]!.name);
      const written = await server.app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: 'Sem Registro' } });
      // Refused, not acknowledged (issue 55): the app keeps it in its outbox and sends it again.
      expect(written.statusCode).toBe(503);
      expect(written.json()).toMatchObject({ code: 'access-record-unavailable' });
    } finally {
      await server.db.exec('ALTER TABLE access_log DROP CONSTRAINT test_refuse_entries');
    }
    expect((await server.app.inject(`/api/students/${studentId}/responsibles`)).statusCode).toBe(200);
    // The resend, once the record can be written: acknowledged (200: the same client id), and recorded.
    const resent = await server.app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: 'Sem Registro' } });
    expect(resent.statusCode).toBe(200);
    expect(await server.db.query("SELECT 1 FROM access_log WHERE student_id = $1 AND kind = 'write'", [id])).toHaveLength(1);
  });

  it("holds back a stale roll's conflict it cannot record (503): its answer would show the day's roll, reasons and all", async () => {
    const [group] = await server.db.query<{ id: string }>(
      'SELECT class_id AS id FROM class_enrollments WHERE ended_on IS NULL GROUP BY class_id HAVING count(*) >= 2 ORDER BY class_id LIMIT 1',
    );
    const date = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const url = `/api/classes/${group!.id}/attendance/${date}`;
    const roster = (await server.app.inject(`/api/classes/${group!.id}/students?date=${date}`)).json<Array<{ id: string }>>();
    const entries = (note?: string) =>
      roster.map(({ id }, i) =>
        i === 0 && note ? { studentId: id, status: 'JUSTIFIED', reason: 'OTHER', note } : { studentId: id, status: 'PRESENT' },
      );
    const first = await server.app.inject({
      method: 'PUT',
      url,
      payload: { takenBy: 'A', takenAt: `${date}T09:00:00.000Z`, entries: entries('hospitalizado') },
    });
    expect(first.statusCode, first.body).toBe(200);
    // The stale save leaves the justified student out (a device whose roster missed them): the record still names them.
    const stale = { takenBy: 'B', takenAt: `${date}T09:05:00.000Z`, basedOn: null, entries: entries().slice(1) };
    await server.db.exec('ALTER TABLE access_log ADD CONSTRAINT test_refuse_entries CHECK (user_id IS NULL) NOT VALID');
    try {
      const refused = await server.app.inject({ method: 'PUT', url, payload: stale });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'access-record-unavailable' });
      expect(refused.body).not.toContain('hospitalizado');
    } finally {
      await server.db.exec('ALTER TABLE access_log DROP CONSTRAINT test_refuse_entries');
    }
    // Recorded, the conflict is answered with the roll as it is, and names the justified student.
    const conflict = await server.app.inject({ method: 'PUT', url, payload: stale });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toContain('hospitalizado');
    const [row] = await server.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM access_log WHERE student_id = $1 AND status = 409 AND kind = 'write'",
      [roster[0]!.id],
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('answers a long record in pages, newest first: each next page starts after the last entry of the one before', async () => {
    const studentId = randomUUID();
    await server.app.inject({ method: 'POST', url: '/api/students', payload: { id: studentId, fullName: 'Registro Longo' } });
    // 1,200 reads of the record over 1,200 seconds, two of them in one same second (the order then goes by id).
    await server.db.run(
      `INSERT INTO access_log (at, user_id, user_email, kind, method, route, student_id, status)
       SELECT timestamptz '2026-01-01T00:00:00Z' + least(n, 1199) * interval '1 second', 'u', 'u@example.org', 'read', 'GET',
              '/students/:id/responsibles', $1, 200
         FROM generate_series(1, 1200) AS n`,
      [studentId],
    );
    type Page = Array<LogEntry & { id: string }>;
    const pages: Page[] = [];
    let before: string | undefined;
    for (;;) {
      const page = (await server.app.inject(`/api/students/${studentId}/access-log${before ? `?before=${before}` : ''}`)).json<Page>();
      pages.push(page);
      if (page.length < ACCESS_LOG_PAGE) break;
      before = page.at(-1)!.id;
    }
    // The 1,200 and the registration (each look is recorded once its own answer is ready, after it in time).
    expect(pages.map((page) => page.length)).toEqual([500, 500, 201]);
    const all = pages.flat();
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    const order = all.map((entry) => [Date.parse(entry.at), Number(entry.id)] as const);
    expect(order.every(([at, id], i) => i === 0 || at < order[i - 1]![0] || (at === order[i - 1]![0] && id < order[i - 1]![1]))).toBe(true);
    expect((await server.app.inject(`/api/students/${studentId}/access-log?before=x1`)).statusCode).toBe(400);
  });

  it('answers 404 for the record of a student that does not exist', async () => {
    expect((await server.app.inject(`/api/students/${randomUUID()}/access-log`)).statusCode).toBe(404);
  });
});

describe('a server built without a dist folder', () => {
  it('still starts with every route under a rule', async () => {
    const { db } = server;
    const app = await buildServer({ db, distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')) });
    await app.ready();
    expect(app.routeRules.some((entry) => entry.url === '/api/me')).toBe(true);
    await app.close();
  });
});

describe('the first admin (ADMIN_EMAILS)', () => {
  it('is made once when eight first requests reach the database at the same moment, round after round', async () => {
    // Every token of a round is verified only once all eight have arrived, so all eight look for the user, find none,
    // and insert side by side (truly at once on PostgreSQL, where an insert can meet another on either unique index).
    const calls = 8;
    const rounds = Array.from({ length: 20 }, () => ({ email: `first.admin.${randomUUID()}@example.org`, uid: `uid-${randomUUID()}` }));
    let round = rounds[0]!;
    let release = () => {};
    let arrived = Promise.resolve();
    let waiting = 0;
    const verifyToken = async () => {
      if (++waiting === calls) release();
      await arrived;
      return { uid: round.uid, email: round.email, emailVerified: true, name: 'Primeira Admin' };
    };
    const adminEmails = rounds.map((r) => r.email);
    const app = await buildServer({ db: server.db, distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')), verifyToken, adminEmails });
    await app.ready();
    try {
      for (const [n, next] of rounds.entries()) {
        round = next;
        waiting = 0;
        arrived = new Promise<void>((resolve) => (release = resolve));
        const answers = await Promise.all(
          Array.from({ length: calls }, (_, i) => app.inject({ url: '/api/me', headers: { authorization: `Bearer round-${n}-${i}` } })),
        );
        for (const answer of answers) expect(answer.json()).toMatchObject({ access: 'admin', full_name: 'Primeira Admin' });
        const rows = await server.db.query('SELECT 1 FROM users WHERE lower(email) = $1 AND firebase_uid = $2', [round.email, round.uid]);
        expect(rows).toHaveLength(1);
      }
    } finally {
      await app.close();
    }
  });
});

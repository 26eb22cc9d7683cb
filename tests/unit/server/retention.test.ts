// @vitest-environment node
/**
 * Retention and anonymisation (issue 51): a child deactivated RETENTION_YEARS ago is listed; anonymised, nothing of their
 * name, CPF or files is left anywhere in the database, and every report of the past reads the same. The test server's
 * clock is TESTS_CLOCK (2100), so a deactivation in 2020 is long past the retention period.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedSchema, retentionListSchema } from '../../../src/api/retention-contract.ts';
import { studentSchema, syncAnswerSchema } from '../../../src/api/contract.ts';
import { buildServer } from '../../../server/app.ts';
import { deactivatedBefore } from '../../../server/routes/retention.ts';
import { multipartBody } from './support/multipart.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, TESTS_CLOCK, type TestServer } from './support/test-server.ts';

let server: TestServer;
const studentId = randomUUID();
const childName = 'Zuleica Quintanilha Retida';
const childCpf = FREE_CPFS[0];
const guardianName = 'Berenice Quintanilha Retida';
const guardianCpf = FREE_CPFS[1];
const secret = [childName, childCpf, guardianName, guardianCpf, 'Quintanilha'];
// A PDF whose bytes carry the child's name and CPF, as a scanned registration would.
const documentBytes = Buffer.from(`%PDF-1.4\n% Ficha de ${childName}, CPF ${childCpf}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
let classId: string;
let activityId: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await inject(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<Record<string, unknown>>();
};

/** What the past says of this child and their class: reports and figures that must not move. */
async function thePast() {
  const record = studentSchema.parse(await ok('GET', `/students/${studentId}`));
  const grid = await ok('GET', `/classes/${classId}/attendance?month=2020-03`);
  const report = await ok('GET', '/reports/frequency?month=2020-03');
  // The period report for funders (issue 53): its counts and breakdowns; its nominal list names the child (and their
  // school and birth date), which is what anonymisation removes. Age bands come from the birth date, of which the year
  // is kept: born 15 June 2010 or 1 January 2010, the child is in the 6-10 band on 1 March 2020 either way.
  const { served, attended, breakdowns, students } = await ok('GET', `/reports/beneficiaries?from=2020-03-01&to=2020-03-31&activityId=${activityId}`);
  const [child] = students as { frequencyPercent: number; ageBand: string; gender: string }[];
  return {
    funders: { served, attended, breakdowns, frequencyPercent: child?.frequencyPercent, ageBand: child?.ageBand, gender: child?.gender },
    frequencyPercent: record.frequencyPercent,
    frequency: record.frequency,
    enrolments: record.enrolments,
    // The grid names the child: the name is the one thing that changes (to the code), so it is left out here.
    grid: JSON.parse(JSON.stringify(grid).replaceAll(record.fullName, 'NAME')) as unknown,
    report,
  };
}

/** Every row of every table whose text (or bytes) holds `value`: "table.column" for each. */
async function everywhere(value: string): Promise<string[]> {
  const columns = await server.db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema()
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const holds = type === 'bytea' ? `position(convert_to($1, 'UTF8') IN "${column}") > 0` : `position(lower($1) IN lower("${column}"::text)) > 0`;
    const [row] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${holds}`, [value]);
    if (row!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

beforeAll(async () => {
  server = await startTestServer();
  activityId = String((await ok('POST', '/activities', { name: 'Vôlei retido', teacher: 'Ana Souza', area: 'Esportes', frequency: 'Semanal' })).id);
  classId = String(
    (await ok('POST', '/classes', { title: 'Vôlei 2020', activityId, weekDay: 'SEGUNDA', schedule: '08:00', level: 'TODOS_NIVEIS' })).id,
  );
  await ok('POST', '/students', {
    id: studentId,
    fullName: childName,
    registrationNumber: childCpf,
    dateOfBirth: '2010-06-15',
    schoolName: 'Escola Municipal Quintanilha',
    schoolYear: '5º ano',
    gender: 'FEMININO',
    address: { code: '50740123', street: 'Rua Quintanilha, Boa Viagem, Recife - PE', number: '42', complement: 'casa de Zuleica' },
  });
  await ok('PUT', `/classes/${classId}/students/${studentId}`, { from: '2020-01-06' });
  const guardian = await ok('POST', `/students/${studentId}/responsibles`, {
    name: guardianName,
    cpf: guardianCpf,
    birthDate: '1985-02-03',
    civilState: 'SOLTEIRO',
    nis: '12345678901',
    phone: '(81) 98888-1234',
    email: 'berenice.quintanilha@example.org',
    address: 'Rua Quintanilha, 42, Boa Viagem, Recife - PE',
  });
  const upload = await server.app.inject({
    method: 'POST',
    url: `/api/students/${studentId}/documentos`,
    ...multipartBody(
      { fileName: `ficha-${childName}.pdf`, fileType: 'OUTRO', origin: 'Upload', date: '2020-01-06', description: `Ficha de ${childName}` },
      [{ filename: 'ficha.pdf', contentType: 'application/pdf', content: documentBytes }],
    ),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const documentId = upload.json<{ id: string }>().id;
  await ok('POST', `/students/${studentId}/consents`, {
    purpose: 'IMAGE_USE',
    granted: true,
    guardianId: guardian.id,
    date: '2020-01-06',
    method: 'PAPER',
    documentId,
  });
  // The open server's user is an admin, who writes no anamnese answers (the psychosocial team's): stored as a save would.
  await server.db.run(
    `INSERT INTO student_assessments (student_id, form_type, form_version, answers, written_by_id, written_by, written_by_access)
          VALUES ($1, 'SOCIAL', 1, $2::jsonb, 'u-1', 'Assistente', 'assistente_social')`,
    [studentId, JSON.stringify({ expectativas: { text: `Que ${childName} faça amigos` } })],
  );
  // Three rolls in March 2020: present, absent, and a justified absence whose note names the child.
  for (const [date, entry] of [
    ['2020-03-02', { status: 'PRESENT' }],
    ['2020-03-09', { status: 'ABSENT' }],
    ['2020-03-16', { status: 'JUSTIFIED', reason: 'OTHER', note: `${childName} foi ao médico` }],
  ] as const) {
    await ok('PUT', `/classes/${classId}/attendance/${date}`, {
      takenBy: 'Ana Souza',
      takenAt: `${date}T11:00:00.000Z`,
      entries: [{ studentId, ...entry }],
    });
  }
  // A follow-up case (issue 50) whose notes name the child: the notes go, the kinds, causes and outcome stay.
  const followUp = await ok('POST', '/cases', { studentId, origin: 'ABSENT_STREAK', note: `${childName} faltou três vezes` });
  await ok('POST', `/cases/${String(followUp.id)}/steps`, {
    kind: 'CAUSES',
    at: '2020-03-20T10:00:00.000Z',
    causes: ['HEALTH'],
    note: `A mãe de ${childName} contou`,
  });
  await ok('POST', `/cases/${String(followUp.id)}/close`, { outcome: 'MOVED_AWAY', note: `${childName} mudou`, version: 2 });
  const { version } = studentSchema.parse(await ok('GET', `/students/${studentId}`));
  await ok('POST', `/students/${studentId}/status`, { active: false, date: '2020-06-30', reason: `${childName} mudou de cidade`, version });
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

describe('retention', () => {
  it('counts RETENTION_YEARS back from today (29 February from the 28th)', () => {
    expect(deactivatedBefore(new Date('2026-11-28T10:00:00Z'), 5)).toBe('2021-11-28');
    expect(deactivatedBefore(new Date('2028-02-29T10:00:00Z'), 5)).toBe('2023-02-28');
  });

  it('lists a student deactivated RETENTION_YEARS (5) or more ago, and not an active one', async () => {
    const list = retentionListSchema.parse(await ok('GET', '/retention'));
    expect(list.retentionYears).toBe(5);
    expect(list.deactivatedBefore).toBe(deactivatedBefore(TESTS_CLOCK, 5));
    expect(list.students).toContainEqual({ id: studentId, fullName: childName, deactivatedOn: '2020-06-30' });
    const [active] = await server.db.query<{ id: string }>('SELECT id FROM students WHERE active LIMIT 1');
    expect(list.students.map((student) => student.id)).not.toContain(active!.id);
  });

  it('refuses a student who is not listed (409 not-due) and changes nothing', async () => {
    const [active] = await server.db.query<{ id: string; full_name: string }>('SELECT id, full_name FROM students WHERE active LIMIT 1');
    const refused = await inject('POST', `/students/${active!.id}/anonymise`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('not-due');
    expect(studentSchema.parse(await ok('GET', `/students/${active!.id}`)).fullName).toBe(active!.full_name);
    expect((await inject('POST', '/students/nobody/anonymise')).statusCode).toBe(404);
  });

  it("is the admin's alone: every other role is refused (403) both the list and the anonymisation, and nothing changes", async () => {
    // Signed in as each seeded staff user (the token names their e-mail), on the same database.
    const staff = await server.db.query<{ email: string; access: string }>(
      'SELECT DISTINCT ON (access) email, access FROM users WHERE active ORDER BY access, email',
    );
    expect(staff.map((user) => user.access)).toEqual(expect.arrayContaining(['admin', 'coordenador', 'instrutor', 'administrativo']));
    const app = await buildServer({
      db: server.db,
      distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
      now: () => TESTS_CLOCK,
      verifyToken: async (token) => ({ uid: `uid-${token}`, email: Buffer.from(token, 'base64url').toString(), emailVerified: true, name: 'Staff' }),
    });
    await app.ready();
    try {
      for (const { email, access } of staff) {
        const headers = { authorization: `Bearer ${Buffer.from(email).toString('base64url')}` };
        const list = await app.inject({ url: '/api/retention', headers });
        const anonymise = await app.inject({ method: 'POST', url: `/api/students/nobody/anonymise`, headers });
        if (access === 'admin') {
          expect(list.statusCode, access).toBe(200);
          expect(anonymise.statusCode, access).toBe(404);
        } else {
          expect([list.statusCode, anonymise.statusCode], access).toEqual([403, 403]);
          expect((await app.inject({ method: 'POST', url: `/api/students/${studentId}/anonymise`, headers })).statusCode, access).toBe(403);
        }
      }
    } finally {
      await app.close();
    }
    expect(studentSchema.parse(await ok('GET', `/students/${studentId}`)).fullName).toBe(childName);
  });

  it('anonymises: nothing of the name, CPF or files is left in any table, and every report of the past is the same', async () => {
    for (const value of secret) expect(await everywhere(value), value).not.toEqual([]);
    const before = await thePast();
    const sync = syncAnswerSchema.parse(await ok('GET', '/sync'));
    const cursor = sync.cursor;

    const answer = anonymisedSchema.parse(await ok('POST', `/students/${studentId}/anonymise`));
    expect(answer.code).toMatch(/^ANON-[0-9A-F]{8}$/);

    for (const value of secret) expect(await everywhere(value), value).toEqual([]);
    // The document's bytes are gone with its row: no row of any table holds them.
    const [documents] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM student_documents WHERE student_id = $1', [studentId]);
    expect(documents!.n).toBe(0);

    const record = studentSchema.parse(await ok('GET', `/students/${studentId}`));
    expect(record.fullName).toBe(answer.code);
    expect(record.anonymisedAt).toBe(answer.anonymisedAt);
    expect(record.registrationNumber).toBeUndefined();
    expect(record.dateOfBirth).toBe('2010-01-01');
    expect(record.address).toEqual({ code: '50740000' });
    expect(record.schoolName).toBeUndefined();
    expect(record.schoolYear).toBe('FUNDAMENTAL_5'); // sent as '5º ano': stored as its code (issue 52)
    expect(record.gender).toBe('FEMININO');
    expect(await ok('GET', `/students/${studentId}/responsibles`)).toEqual([]);
    expect(await ok('GET', `/students/${studentId}/documentos`)).toEqual([]);
    expect((await ok('GET', `/students/${studentId}/consents`)).entries).toEqual([]);

    const after = await thePast();
    expect(after).toEqual(before);
    // Present 1 of 3 roll days, one of them justified: 1 / (3 - 1).
    expect(after.frequencyPercent).toBe(50);
    expect(after.funders).toMatchObject({ served: 1, attended: 1, frequencyPercent: 50, ageBand: '6–10', gender: 'FEMININO' });
    expect(JSON.stringify(after.grid)).toContain('2020-03-16');

    // It leaves the list, cannot be undone by a second request (the same answer), and is in the access record, by id.
    expect(retentionListSchema.parse(await ok('GET', '/retention')).students.map((student) => student.id)).not.toContain(studentId);
    expect(anonymisedSchema.parse(await ok('POST', `/students/${studentId}/anonymise`))).toEqual(answer);
    const [logged] = await server.db.query<{ route: string; kind: string }>(
      "SELECT route, kind FROM access_log WHERE student_id = $1 AND route = '/students/:id/anonymise' ORDER BY id LIMIT 1",
      [studentId],
    );
    expect(logged).toEqual({ route: '/students/:id/anonymise', kind: 'write' });

    // A device that synced before hears of it at its next sync (a delta), and so does a device's full sync.
    expect(syncAnswerSchema.parse(await ok('GET', `/sync?since=${cursor}`)).anonymised).toEqual([studentId]);
  });
});

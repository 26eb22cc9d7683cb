// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolmentMatch, ImportEnrolmentResultRow, ImportEnrolments } from '../../../src/api/enrolment-imports-contract.ts';
import { buildServer } from '../../../server/app.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let signedIn: FastifyInstance;
let officeEmail: string;
let classId: string;
beforeAll(async () => {
  server = await startTestServer();
  const [group] = await server.db.query<{ id: string }>(
    'SELECT c.id FROM classes c JOIN activities a ON a.id = c.activity_id WHERE NOT c.archived AND NOT a.archived ORDER BY c.id LIMIT 1',
  );
  classId = group!.id;
  const [office] = await server.db.query<{ email: string }>("SELECT email FROM users WHERE access = 'administrativo' ORDER BY email LIMIT 1");
  officeEmail = office!.email;
  // Sign-in required: every token is the office's user (administrativo), who imports but does not create classes.
  signedIn = await buildServer({
    db: server.db,
    distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    verifyToken: async () => ({ uid: 'office-uid', email: officeEmail, emailVerified: true, name: 'Office' }),
  });
  await signedIn.ready();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await signedIn?.close();
  await server.close();
});

const send = (batch: ImportEnrolments) => server.app.inject({ method: 'POST', url: '/api/imports/enrolments', payload: batch });
const results = async (batch: ImportEnrolments): Promise<ImportEnrolmentResultRow[]> => {
  const response = await send(batch);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: ImportEnrolmentResultRow[] }>().results;
};
const count = async (sql: string, params: string[] = []) => Number((await server.db.query<{ n: number }>(sql, params))[0]!.n);

describe('POST /api/imports/enrolments', () => {
  it('creates the missing activity and class, registers the children Quadra lacks and enrols them; a resend creates nothing twice', async () => {
    const activityId = randomUUID();
    const newClassId = randomUUID();
    const batch: ImportEnrolments = {
      importId: randomUUID(),
      activities: [{ id: activityId, name: 'Capoeira Angola', teacher: 'Mestre João Grande', area: 'Esportes', frequency: 'Semanal' }],
      classes: [
        { id: newClassId, title: 'Capoeira Angola - Turma Sábado', activityId, weekDay: 'SABADO', schedule: '09:00-10:30', level: 'TODOS_NIVEIS' },
      ],
      rows: [
        {
          row: 1,
          student: { fullName: 'Luíza Conceição Araújo', dateOfBirth: '2014-02-03', registrationNumber: FREE_CPFS[0] },
          classId: newClassId,
          from: '2026-03-02',
        },
        { row: 2, student: { fullName: 'Luíza Conceição Araújo', dateOfBirth: '2014-02-03' }, classId, from: '2026-03-02' },
        { row: 3, student: { fullName: 'Otávio Pereira Lins' }, classId: newClassId },
        { row: 4, student: { fullName: 'otávio  pereira lins' }, classId },
      ],
    };
    const activitiesBefore = await count('SELECT count(*) AS n FROM activities');
    const classesBefore = await count('SELECT count(*) AS n FROM classes');
    const studentsBefore = await count('SELECT count(*) AS n FROM students');
    const enrolmentsBefore = await count('SELECT count(*) AS n FROM class_enrollments');
    const first = await results(batch);
    expect(first.map(({ outcome, newStudent }) => [outcome, newStudent ?? false])).toEqual([
      ['created', true],
      ['created', false],
      ['created', true],
      ['created', false],
    ]);
    // The same child on two rows (by CPF then by name and birth date; by the name alone) is one child.
    expect(first[1]!.studentId).toBe(first[0]!.studentId);
    expect(first[3]!.studentId).toBe(first[2]!.studentId);
    const again = await results(batch);
    expect(again).toEqual(first);
    expect(await count('SELECT count(*) AS n FROM activities')).toBe(activitiesBefore + 1);
    expect(await count('SELECT count(*) AS n FROM classes')).toBe(classesBefore + 1);
    expect(await count('SELECT count(*) AS n FROM students')).toBe(studentsBefore + 2);
    expect(await count('SELECT count(*) AS n FROM class_enrollments')).toBe(enrolmentsBefore + 4);
    const [enrolment] = await server.db.query<{ enrolled_on: string }>(
      'SELECT enrolled_on FROM class_enrollments WHERE class_id = $1 AND student_id = $2',
      [newClassId, first[0]!.studentId!],
    );
    expect(enrolment!.enrolled_on).toBe('2026-03-02');
    // The new class reads back through the catalog as any other.
    const classes = (await server.app.inject('/api/classes')).json<{ id: string; title: string; weekDay: string }[]>();
    expect(classes).toContainEqual(expect.objectContaining({ id: newClassId, title: 'Capoeira Angola - Turma Sábado', weekDay: 'SABADO' }));
    // The same file imported again (a new import id): every child is on the roster already, so nothing is written.
    const second = await results({ ...batch, importId: randomUUID() });
    expect(second.map((result) => result.outcome)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    expect(await count('SELECT count(*) AS n FROM class_enrollments')).toBe(enrolmentsBefore + 4);
    expect(await count('SELECT count(*) AS n FROM classes')).toBe(classesBefore + 1);
  });

  it("registers a new child with the row's record (issue 52's fields) and guardian; a child Quadra has keeps theirs", async () => {
    const [known] = await server.db.query<{ id: string; full_name: string; registration_number: string; social_name: string | null }>(
      'SELECT id, full_name, registration_number, social_name FROM students WHERE registration_number IS NOT NULL ORDER BY id DESC LIMIT 1',
    );
    const guardiansBefore = await count('SELECT count(*) AS n FROM guardians WHERE student_id = $1', [known!.id]);
    const answer = await results({
      importId: randomUUID(),
      rows: [
        {
          row: 1,
          student: {
            fullName: 'Gabriel Cardoso Pires',
            socialName: 'Gabriela Cardoso',
            dateOfBirth: '2012-05-21',
            gender: 'MULHER_TRANS',
            schoolYear: '8º ano',
            schoolShift: 'TARDE',
            gradeGap: false,
            address: { neighborhood: 'Casa Amarela', city: 'Recife', state: 'PE' },
          },
          guardian: { name: 'Lúcia Cardoso', phone: '(81) 98765-4321', relationship: 'MAE' },
          classId,
          from: '2026-03-02',
        },
        {
          row: 2,
          student: { fullName: known!.full_name, registrationNumber: known!.registration_number, socialName: 'Not Written', gradeGap: true },
          guardian: { name: 'Guardian Not Written' },
          classId,
        },
      ],
    });
    expect(answer[0]).toMatchObject({ outcome: 'created', newStudent: true });
    const record = (await server.app.inject(`/api/students/${answer[0]!.studentId}`)).json<Record<string, unknown>>();
    // As a registration is stored: the school year written as text saved as its code; registered the day they start.
    expect(record).toMatchObject({
      fullName: 'Gabriel Cardoso Pires',
      socialName: 'Gabriela Cardoso',
      gender: 'MULHER_TRANS',
      schoolYear: 'FUNDAMENTAL_8',
      schoolShift: 'TARDE',
      gradeGap: false,
      address: { neighborhood: 'Casa Amarela', city: 'Recife', state: 'PE' },
      enrollmentDate: '2026-03-02',
    });
    const guardians = (await server.app.inject(`/api/students/${answer[0]!.studentId}/responsibles`)).json<Record<string, unknown>[]>();
    expect(guardians).toEqual([expect.objectContaining({ name: 'Lúcia Cardoso', relationship: 'MAE', phone: '(81) 98765-4321' })]);
    // A class list enrols a child Quadra has; their record is the students import's to update.
    expect(answer[1]).toMatchObject({ studentId: known!.id });
    expect(answer[1]!.newStudent).toBeUndefined();
    const [after] = await server.db.query<{ social_name: string | null }>('SELECT social_name FROM students WHERE id = $1', [known!.id]);
    expect(after!.social_name).toBe(known!.social_name);
    expect(await count('SELECT count(*) AS n FROM guardians WHERE student_id = $1', [known!.id])).toBe(guardiansBefore);
  });

  it('two sends of one batch at once create the class and the child once', async () => {
    const activityId = randomUUID();
    const newClassId = randomUUID();
    const batch: ImportEnrolments = {
      importId: randomUUID(),
      activities: [{ id: activityId, name: 'Xadrez', teacher: 'Rita Mendes', area: 'Tecnologia', frequency: 'Semanal' }],
      classes: [{ id: newClassId, title: 'Xadrez - Iniciantes', activityId, weekDay: 'TERCA', schedule: '14:00', level: 'INICIANTE' }],
      rows: [{ row: 1, student: { fullName: 'Raul Xavier Bezerra', dateOfBirth: '2013-07-07' }, classId: newClassId }],
    };
    const [one, two] = await Promise.all([send(batch), send(batch)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()).toEqual(two.json());
    expect(await count("SELECT count(*) AS n FROM students WHERE full_name = 'Raul Xavier Bezerra'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM classes WHERE id = $1', [newClassId])).toBe(1);
  });

  it('refuses a row naming an unknown or archived class, or a CPF of one child with the name and birth date of another', async () => {
    const [archived] = await server.db.query<{ id: string }>('SELECT id FROM classes WHERE id <> $1 ORDER BY id DESC LIMIT 1', [classId]);
    await server.db.run('UPDATE classes SET archived = true WHERE id = $1', [archived!.id]);
    const [a, b] = await server.db.query<{ full_name: string; date_of_birth: string; registration_number: string }>(
      "SELECT full_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, registration_number FROM students WHERE registration_number IS NOT NULL AND date_of_birth IS NOT NULL ORDER BY id LIMIT 2",
    );
    const answer = await results({
      importId: randomUUID(),
      rows: [
        { row: 1, student: { fullName: 'Sara Unknown Class' }, classId: 'no-such-class' },
        { row: 2, student: { fullName: 'Sara Archived Class' }, classId: archived!.id },
        { row: 3, student: { fullName: a!.full_name, dateOfBirth: a!.date_of_birth, registrationNumber: b!.registration_number }, classId },
      ],
    });
    expect(answer.map(({ outcome, reason }) => [outcome, reason])).toEqual([
      ['refused', 'unknown-class'],
      ['refused', 'archived-class'],
      ['refused', 'cpf-taken'],
    ]);
    expect(await count("SELECT count(*) AS n FROM students WHERE full_name LIKE 'Sara % Class'")).toBe(0);
    await server.db.run('UPDATE classes SET archived = false WHERE id = $1', [archived!.id]);
  });

  it('lets the office enrol in existing classes, and refuses it the creation of classes (403) without writing anything', async () => {
    const headers = { authorization: 'Bearer office' };
    const enrolOnly = await signedIn.inject({
      method: 'POST',
      url: '/api/imports/enrolments',
      headers,
      payload: { importId: randomUUID(), rows: [{ row: 1, student: { fullName: 'Tiago Office Enrolment' }, classId }] },
    });
    expect(enrolOnly.statusCode, enrolOnly.body).toBe(200);
    const activityId = randomUUID();
    const creating = await signedIn.inject({
      method: 'POST',
      url: '/api/imports/enrolments',
      headers,
      payload: {
        importId: randomUUID(),
        activities: [{ id: activityId, name: 'Judô', teacher: 'Carla Souza', area: 'Esportes', frequency: 'Semanal' }],
        rows: [{ row: 1, student: { fullName: 'Ulisses Office Creation' }, classId }],
      },
    });
    expect(creating.statusCode).toBe(403);
    expect(await count('SELECT count(*) AS n FROM activities WHERE id = $1', [activityId])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM students WHERE full_name = 'Ulisses Office Creation'")).toBe(0);
  });

  it('is in the access record, on every child enrolled', async () => {
    const [created] = await results({ importId: randomUUID(), rows: [{ row: 1, student: { fullName: 'Vera Access Record' }, classId }] });
    expect(await count("SELECT count(*) AS n FROM access_log WHERE route = '/imports/enrolments' AND student_id = $1", [created!.studentId!])).toBe(
      1,
    );
  });
});

describe('POST /api/imports/enrolments/matches', () => {
  it('names the child of each row (CPF, name and birth date, or a name only one child has) and whether they are in the class', async () => {
    const [child] = await server.db.query<{ id: string; full_name: string; date_of_birth: string; registration_number: string; class_id: string }>(
      `SELECT s.id, s.full_name, to_char(s.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, s.registration_number, e.class_id
         FROM students s JOIN class_enrollments e ON e.student_id = s.id AND e.ended_on IS NULL
        WHERE s.date_of_birth IS NOT NULL AND s.registration_number IS NOT NULL
          AND (SELECT count(*) FROM students o WHERE lower(o.full_name) = lower(s.full_name)) = 1
        ORDER BY s.id LIMIT 1`,
    );
    const other = child!.class_id === classId ? 'no-such-class' : classId;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/imports/enrolments/matches',
      payload: {
        keys: [
          { row: 1, cpf: child!.registration_number, name: 'Anyone', classId: child!.class_id },
          { row: 2, name: child!.full_name.toUpperCase(), birthDate: child!.date_of_birth, classId: other },
          { row: 3, name: ` ${child!.full_name} ` },
          { row: 4, name: child!.full_name, birthDate: '1900-01-01' },
          { row: 5, name: 'Nobody Of This Name' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EnrolmentMatch[]>();
    const base = { studentId: child!.id, name: child!.full_name };
    expect(answer).toEqual([
      { row: 1, ...base, by: 'cpf', enrolled: true },
      { row: 2, ...base, by: 'name-birth', enrolled: false },
      { row: 3, ...base, by: 'name', enrolled: false },
    ]);
  });
});

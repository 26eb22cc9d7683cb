// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRowResult, ImportStudentRow, ImportStudents } from '../../../src/api/imports-contract.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let classId: string;
let archivedClassId: string;
beforeAll(async () => {
  server = await startTestServer();
  const [group] = await server.db.query<{ id: string }>(
    'SELECT c.id FROM classes c JOIN activities a ON a.id = c.activity_id WHERE NOT c.archived AND NOT a.archived ORDER BY c.id LIMIT 1',
  );
  classId = group!.id;
  const [other] = await server.db.query<{ id: string }>('SELECT id FROM classes WHERE id <> $1 ORDER BY id LIMIT 1', [classId]);
  await server.db.run('UPDATE classes SET archived = true WHERE id = $1', [other!.id]);
  archivedClassId = other!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const send = (batch: ImportStudents) => server.app.inject({ method: 'POST', url: '/api/imports/students', payload: batch });
const results = async (batch: ImportStudents): Promise<ImportRowResult[]> => {
  const response = await send(batch);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: ImportRowResult[] }>().results;
};
const count = async (sql: string, params: string[] = []) => Number((await server.db.query<{ n: number }>(sql, params))[0]!.n);
const studentsNamed = (name: string) => count('SELECT count(*) AS n FROM students WHERE full_name = $1', [name]);

const row = (number: number, name: string, extra: Partial<ImportStudentRow> = {}): ImportStudentRow => ({
  row: number,
  student: { fullName: name, dateOfBirth: '2014-03-09', schoolName: 'E. M. Joaquim Nabuco' },
  ...extra,
});

describe('POST /api/imports/students', () => {
  it('creates the children of a batch with their guardian and enrolment, and a resend of the batch creates nothing twice', async () => {
    const batch: ImportStudents = {
      importId: randomUUID(),
      onMatch: 'skip',
      rows: [
        row(2, 'Ana Clara Gonçalves', {
          student: { fullName: 'Ana Clara Gonçalves', dateOfBirth: '2013-05-01', registrationNumber: '529.982.247-25', race: 'PARDA' },
          guardian: { name: 'Maria José Gonçalves', phone: '(81) 98888-7777' },
          classIds: [classId],
        }),
        row(3, 'João Pedro Araújo'),
      ],
    };
    const guardiansBefore = await count('SELECT count(*) AS n FROM guardians');
    const enrolmentsBefore = await count('SELECT count(*) AS n FROM class_enrollments WHERE class_id = $1', [classId]);
    const first = await results(batch);
    expect(first.map((result) => result.outcome)).toEqual(['created', 'created']);
    const again = await results(batch);
    expect(again).toEqual(first);
    expect(await studentsNamed('Ana Clara Gonçalves')).toBe(1);
    expect(await studentsNamed('João Pedro Araújo')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM guardians')).toBe(guardiansBefore + 1);
    expect(await count('SELECT count(*) AS n FROM class_enrollments WHERE class_id = $1', [classId])).toBe(enrolmentsBefore + 1);
    const [stored] = await server.db.query<{ registration_number: string; race: string }>(
      'SELECT registration_number, race FROM students WHERE id = $1',
      [first[0]!.studentId!],
    );
    expect(stored).toEqual({ registration_number: FREE_CPFS[0], race: 'PARDA' });
    // The guardian reads back through the guardians' route, with no birth date yet.
    const guardians = (await server.app.inject(`/api/students/${first[0]!.studentId}/responsibles`)).json<{ name: string; birthDate: string }[]>();
    expect(guardians).toEqual([expect.objectContaining({ name: 'Maria José Gonçalves', birthDate: '' })]);
  });

  it("stores issue 52's fields: social name, gender, school year and shift, grade gap, neighbourhood, city and state, the guardian's relationship and social name", async () => {
    const [result] = await results({
      importId: randomUUID(),
      onMatch: 'update',
      rows: [
        {
          row: 2,
          student: {
            fullName: 'Rafael Nogueira Bastos',
            socialName: 'Rafaela Nogueira',
            dateOfBirth: '2012-08-14',
            gender: 'MULHER_TRANS',
            schoolYear: 'FUNDAMENTAL_9',
            schoolShift: 'TARDE',
            gradeGap: false,
            address: { neighborhood: 'Várzea', city: 'Recife', state: 'PE' },
          },
          guardian: { name: 'Sônia Nogueira', phone: '(81) 97777-1111', relationship: 'AVO', socialName: 'Dona Sônia' },
        },
      ],
    });
    expect(result!.outcome).toBe('created');
    const record = (await server.app.inject(`/api/students/${result!.studentId}`)).json<Record<string, unknown>>();
    expect(record).toMatchObject({
      fullName: 'Rafael Nogueira Bastos',
      socialName: 'Rafaela Nogueira',
      gender: 'MULHER_TRANS',
      schoolYear: 'FUNDAMENTAL_9',
      schoolShift: 'TARDE',
      gradeGap: false,
      address: { neighborhood: 'Várzea', city: 'Recife', state: 'PE' },
    });
    const guardians = (await server.app.inject(`/api/students/${result!.studentId}/responsibles`)).json<Record<string, unknown>[]>();
    expect(guardians).toEqual([expect.objectContaining({ name: 'Sônia Nogueira', relationship: 'AVO', socialName: 'Dona Sônia' })]);
    // A school year written as text is stored as its code; the update writes the grade gap's true.
    const [updated] = await results({
      importId: randomUUID(),
      onMatch: 'update',
      rows: [
        {
          row: 2,
          student: { fullName: 'Rafael Nogueira Bastos', dateOfBirth: '2012-08-14', schoolYear: '1ª série do ensino médio', gradeGap: true },
        },
      ],
    });
    expect(updated).toMatchObject({ outcome: 'updated', studentId: result!.studentId });
    expect((await server.app.inject(`/api/students/${result!.studentId}`)).json()).toMatchObject({
      socialName: 'Rafaela Nogueira',
      schoolYear: 'ENSINO_MEDIO_1',
      gradeGap: true,
    });
  });

  it('two sends of one batch at once create each child once', async () => {
    const batch: ImportStudents = {
      importId: randomUUID(),
      onMatch: 'skip',
      rows: [row(2, 'Bruna Ximenes Lacerda'), row(3, 'Caio Ximenes Lacerda')],
    };
    const [one, two] = await Promise.all([send(batch), send(batch)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()).toEqual(two.json());
    expect(await studentsNamed('Bruna Ximenes Lacerda')).toBe(1);
    expect(await studentsNamed('Caio Ximenes Lacerda')).toBe(1);
  });

  it('a child already registered (same CPF, or same name and birth date) is skipped or updated as asked, never registered twice', async () => {
    const cpf = FREE_CPFS[1];
    const [created] = await results({
      importId: randomUUID(),
      onMatch: 'skip',
      rows: [{ row: 2, student: { fullName: 'Davi Nogueira', registrationNumber: cpf, schoolYear: '5º ano' } }],
    });
    const skipped = await results({
      importId: randomUUID(),
      onMatch: 'skip',
      rows: [{ row: 2, student: { fullName: 'Davi Nogueira da Silva', registrationNumber: cpf } }, row(3, 'joão  pedro araújo')],
    });
    expect(skipped).toEqual([{ row: 2, outcome: 'skipped', studentId: created!.studentId }, expect.objectContaining({ row: 3, outcome: 'skipped' })]);
    const [updated] = await results({
      importId: randomUUID(),
      onMatch: 'update',
      rows: [{ row: 2, student: { fullName: 'Davi Nogueira da Silva', registrationNumber: cpf, schoolName: 'E. E. Frei Caneca' } }],
    });
    expect(updated).toEqual({ row: 2, outcome: 'updated', studentId: created!.studentId });
    const [stored] = await server.db.query<{ full_name: string; school_name: string; school_year: string; version: number }>(
      'SELECT full_name, school_name, school_year, version FROM students WHERE id = $1',
      [created!.studentId!],
    );
    // The empty cell (school year) kept what Quadra had (its text stored as its code, as every write stores it).
    expect(stored).toEqual({ full_name: 'Davi Nogueira da Silva', school_name: 'E. E. Frei Caneca', school_year: 'FUNDAMENTAL_5', version: 2 });
  });

  it('refuses a row naming an unknown or archived class, or a CPF of another child, and writes the rest', async () => {
    const [taken] = await server.db.query<{ registration_number: string }>(
      'SELECT registration_number FROM students WHERE registration_number IS NOT NULL LIMIT 1',
    );
    const answer = await results({
      importId: randomUUID(),
      onMatch: 'update',
      rows: [
        row(2, 'Elisa Fonseca', { classIds: ['no-such-class'] }),
        row(3, 'Fábio Fonseca', { classIds: [archivedClassId] }),
        { row: 4, student: { fullName: 'Gabriel Fonseca', dateOfBirth: '2012-01-01', registrationNumber: FREE_CPFS[2] } },
        { row: 5, student: { fullName: 'Gabriel Fonseca', dateOfBirth: '2012-01-01', registrationNumber: taken!.registration_number } },
        row(6, 'Helena Fonseca'),
      ],
    });
    expect(answer.map(({ outcome, reason }) => [outcome, reason])).toEqual([
      ['refused', 'unknown-class'],
      ['refused', 'archived-class'],
      ['created', undefined],
      ['refused', 'cpf-taken'],
      ['created', undefined],
    ]);
    expect(await studentsNamed('Elisa Fonseca')).toBe(0);
    expect(await studentsNamed('Helena Fonseca')).toBe(1);
  });

  it('is in the access record, on every child written', async () => {
    const [created] = await results({ importId: randomUUID(), onMatch: 'skip', rows: [row(2, 'Igor Access Record')] });
    const logged = await count("SELECT count(*) AS n FROM access_log WHERE route = '/imports/students' AND student_id = $1", [created!.studentId!]);
    expect(logged).toBe(1);
  });

  it('refuses a batch that is not one (no rows, an invalid CPF, no import id)', async () => {
    const bad = [
      { importId: randomUUID(), onMatch: 'skip', rows: [] },
      { importId: randomUUID(), onMatch: 'skip', rows: [{ row: 2, student: { fullName: 'X', registrationNumber: '123.456.789-00' } }] },
      { onMatch: 'skip', rows: [row(2, 'Y')] },
    ];
    for (const payload of bad) {
      expect((await server.app.inject({ method: 'POST', url: '/api/imports/students', payload })).statusCode).toBe(400);
    }
  });
});

describe('POST /api/imports/students/matches', () => {
  it('names the rows that match a registered child, by CPF or by name and birth date', async () => {
    const [child] = await server.db.query<{ id: string; full_name: string; date_of_birth: string; registration_number: string | null }>(
      "SELECT id, full_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, registration_number FROM students WHERE date_of_birth IS NOT NULL AND registration_number IS NOT NULL LIMIT 1",
    );
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/imports/students/matches',
      payload: {
        keys: [
          { row: 2, cpf: child!.registration_number },
          { row: 3, name: ` ${child!.full_name.toUpperCase()} `, birthDate: child!.date_of_birth },
          { row: 4, name: child!.full_name, birthDate: '1900-01-01' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { row: 2, studentId: child!.id, name: child!.full_name, by: 'cpf' },
      { row: 3, studentId: child!.id, name: child!.full_name, by: 'name-birth' },
    ]);
  });
});

// @vitest-environment node
/**
 * Issue 52, the record's fuller fields: the social name shown in place of the civil name on the lists, rolls, grids and
 * alerts (the civil name on the record), the school year as a code (text naming one becomes it, other text is kept),
 * the school shift, the age-grade distortion, the address's neighbourhood, city and state; the original client's
 * payloads still register, and an edit that leaves the new fields out keeps them. Runs on PGlite and, with
 * DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate, MIGRATIONS_DIR } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import type { Db } from '../../../server/db/types.ts';
import { emptyPgliteSnapshot } from './support/test-db.ts';
import { studentSchema, type Student, type StudentSummary, type SyncAnswerWire } from '../../../src/api/contract.ts';
import { studentColumns, studentsFromColumns, syncAnswerFromWire } from '../../../src/api/sync-columns.ts';
import { readPart } from '../../../server/data/sync.ts';
import { schoolYearCode } from '../../../src/api/school-years.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let classId: string;
beforeAll(async () => {
  server = await startTestServer();
  const [group] = await server.db.query<{ id: string }>(
    'SELECT c.id FROM classes c JOIN activities a ON a.id = c.activity_id WHERE NOT (c.archived OR a.archived) ORDER BY c.id LIMIT 1',
  );
  classId = group!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => server.app.inject({ method, url, ...(payload ? { payload } : {}) });
const register = async (fields: object): Promise<string> => {
  const id = randomUUID();
  const response = await inject('POST', '/api/students', { id, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return id;
};
const record = async (id: string): Promise<Student> => studentSchema.parse((await inject('GET', `/api/students/${id}`)).json());

describe('the record’s new fields', () => {
  it('are stored and answered with the codes of the programme’s backend', async () => {
    const id = await register({
      fullName: 'Carlos Eduardo Souza',
      socialName: 'Carla Souza',
      gender: 'MULHER_TRANS',
      employmentStatus: 'APRENDIZ',
      schoolYear: 'ENSINO_MEDIO_2',
      schoolShift: 'NOITE',
      gradeGap: true,
      address: { code: '01001-000', street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
    });
    expect(await record(id)).toMatchObject({
      fullName: 'Carlos Eduardo Souza',
      socialName: 'Carla Souza',
      gender: 'MULHER_TRANS',
      employmentStatus: 'APRENDIZ',
      schoolYear: 'ENSINO_MEDIO_2',
      schoolShift: 'NOITE',
      gradeGap: true,
      address: { code: '01001000', street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
    });
  });

  it.each([
    ['an unknown gender', { gender: 'HOMEM_CIS' }],
    ['an unknown school shift', { schoolShift: 'MADRUGADA' }],
    ['a state that is no UF', { address: { state: 'XX' } }],
    ['a social name without a letter', { socialName: '123' }],
    ['an age-grade distortion that is not yes or no', { gradeGap: 'sim' }],
  ])('refuses %s with 400', async (_label, fields) => {
    const response = await inject('POST', '/api/students', { id: randomUUID(), fullName: 'Recusa Teste', ...fields });
    expect(response.statusCode).toBe(400);
  });

  it('stores a school year typed as text as its code when the text names one, and any other text as written', async () => {
    const typed = await register({ fullName: 'Davi Texto', schoolYear: '6º ano' });
    expect((await record(typed)).schoolYear).toBe('FUNDAMENTAL_6');
    const other = await register({ fullName: 'Eva Texto', schoolYear: '5a série B' });
    expect((await record(other)).schoolYear).toBe('5a série B');
  });

  it('the original client (v2.0.0) registers as before, and its edit leaves out the new fields, which are kept', async () => {
    const id = await register({ fullName: 'Cliente Antigo', dateOfBirth: '2012-05-01T00:00:00.000Z', schoolYear: '' });
    expect(await record(id)).toMatchObject({ fullName: 'Cliente Antigo', dateOfBirth: '2012-05-01' });
    const withFields = await inject('PUT', `/api/students/${id}`, {
      fullName: 'Cliente Antigo',
      socialName: 'Nome Social',
      schoolShift: 'MANHA',
      gradeGap: false,
      address: { city: 'Recife', state: 'PE' },
      version: 1,
    });
    expect(withFields.statusCode).toBe(200);
    // An edit that knows nothing of them (an older client) keeps them.
    const older = await inject('PUT', `/api/students/${id}`, { fullName: 'Cliente Antigo', schoolName: 'EM Nova', version: 2 });
    expect(older.statusCode).toBe(200);
    expect(await record(id)).toMatchObject({
      socialName: 'Nome Social',
      schoolShift: 'MANHA',
      gradeGap: false,
      schoolName: 'EM Nova',
      address: { city: 'Recife', state: 'PE' },
    });
    // Sent empty (null for the distortion), they are cleared.
    const cleared = await inject('PUT', `/api/students/${id}`, {
      fullName: 'Cliente Antigo',
      socialName: '',
      schoolShift: '',
      gradeGap: null,
      address: { city: '', state: '' },
      version: 3,
    });
    expect(cleared.statusCode).toBe(200);
    const after = await record(id);
    expect(after).not.toHaveProperty('socialName');
    expect(after).not.toHaveProperty('schoolShift');
    expect(after).not.toHaveProperty('gradeGap');
    expect(after.address).toEqual({});
  });
});

describe('the social name', () => {
  it('is the name on the list, the roster and the month grid, in its order; the record keeps the civil name', async () => {
    const id = await register({ fullName: 'Zacarias Pereira Lima', socialName: 'Aaliyah Lima' });
    const enrolled = await inject('PUT', `/api/classes/${classId}/students/${id}`, { from: '2026-01-05' });
    expect(enrolled.statusCode).toBe(201);
    const names = (list: StudentSummary[]) => list.map((student) => student.name);
    const list = (await inject('GET', '/api/students?status=all')).json<StudentSummary[]>();
    expect(list.find((student) => student.id === id)?.name).toBe('Aaliyah Lima');
    expect(names(list)).not.toContain('Zacarias Pereira Lima');
    // Sorted by the name shown: before every "Ab…" and later names.
    const shown = names(list);
    expect(shown.indexOf('Aaliyah Lima')).toBeLessThan(shown.findIndex((name) => name.localeCompare('Ab') > 0 && name !== 'Aaliyah Lima'));
    const roster = (await inject('GET', `/api/classes/${classId}/students?date=2026-01-06`)).json<StudentSummary[]>();
    expect(roster.find((student) => student.id === id)?.name).toBe('Aaliyah Lima');
    const roll = await inject('PUT', `/api/classes/${classId}/attendance/2026-01-06`, {
      takenBy: 'Teste',
      takenAt: '2026-01-06T12:00:00Z',
      entries: [{ studentId: id, status: 'ABSENT' }],
    });
    expect(roll.statusCode, roll.body).toBeLessThan(300);
    const grid = (await inject('GET', `/api/classes/${classId}/attendance?month=2026-01`)).json<{ students: { id: string; name: string }[] }>();
    expect(grid.students.find((student) => student.id === id)?.name).toBe('Aaliyah Lima');
    expect((await record(id)).fullName).toBe('Zacarias Pereira Lima');
  });

  it('comes with the civil name on the list, the roster and the sync, so a search on the device finds either', async () => {
    const id = await register({ fullName: 'Roberto Nunes Filho', socialName: 'Roberta Nunes' });
    const plain = await register({ fullName: 'Sem Nome Social' });
    for (const student of [id, plain])
      expect((await inject('PUT', `/api/classes/${classId}/students/${student}`, { from: '2026-01-05' })).statusCode).toBe(201);
    const list = (await inject('GET', '/api/students?status=all')).json<StudentSummary[]>();
    expect(list.find((student) => student.id === id)).toMatchObject({ name: 'Roberta Nunes', civilName: 'Roberto Nunes Filho' });
    expect(list.find((student) => student.id === plain)).not.toHaveProperty('civilName');
    const roster = (await inject('GET', `/api/classes/${classId}/students?date=2026-01-06`)).json<StudentSummary[]>();
    expect(roster.find((student) => student.id === id)).toMatchObject({ name: 'Roberta Nunes', civilName: 'Roberto Nunes Filho' });
    const sync = syncAnswerFromWire((await inject('GET', '/api/sync')).json<SyncAnswerWire>());
    const synced = studentsFromColumns(sync.changed.students!);
    expect(synced.find((student) => student.id === id)).toMatchObject({ name: 'Roberta Nunes', civilName: 'Roberto Nunes Filho' });
    expect(synced.find((student) => student.id === plain)).not.toHaveProperty('civilName');
  });
});

describe("the students list's filters (gender, school year, employment, school shift)", () => {
  it("come on the list and the sync of those who read the records; not on a roster, nor on an instructor's sync", async () => {
    const filtered = { gender: 'NAO_BINARIO', schoolYear: 'FUNDAMENTAL_7', employmentStatus: 'APRENDIZ', schoolShift: 'NOITE' };
    const id = await register({ fullName: 'Filtro Genero Ano', ...filtered });
    const plain = await register({ fullName: 'Filtro Sem Nada' });
    for (const student of [id, plain])
      expect((await inject('PUT', `/api/classes/${classId}/students/${student}`, { from: '2026-01-05' })).statusCode).toBe(201);
    const list = (await inject('GET', '/api/students')).json<StudentSummary[]>();
    expect(list.find((student) => student.id === id)).toMatchObject(filtered);
    for (const field of Object.keys(filtered)) expect(list.find((student) => student.id === plain)).not.toHaveProperty(field);
    const roster = (await inject('GET', `/api/classes/${classId}/students?date=2026-01-06`)).json<StudentSummary[]>();
    for (const field of Object.keys(filtered)) expect(roster.find((student) => student.id === id)).not.toHaveProperty(field);
    const synced = studentsFromColumns(syncAnswerFromWire((await inject('GET', '/api/sync')).json<SyncAnswerWire>()).changed.students!);
    expect(synced.find((student) => student.id === id)).toMatchObject(filtered);
    for (const field of Object.keys(filtered)) expect(synced.find((student) => student.id === plain)).not.toHaveProperty(field);
    // An edit reaches the list: the kept list is patched for the student changed.
    const { version } = await record(id);
    const edit = await inject('PUT', `/api/students/${id}`, { fullName: 'Filtro Genero Ano', ...filtered, schoolShift: 'MANHA', version });
    expect(edit.statusCode).toBe(200);
    const after = (await inject('GET', '/api/students')).json<StudentSummary[]>();
    expect(after.find((student) => student.id === id)).toMatchObject({ ...filtered, schoolShift: 'MANHA' });
    // An instructor's device: the students of their classes, with names and frequency only.
    const [instructor] = await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' ORDER BY id LIMIT 1");
    const theirs = studentColumns((await readPart(server.db, 'students', null, instructor!.id)) as Parameters<typeof studentColumns>[0]);
    expect(theirs.ids.length).toBeGreaterThan(0);
    for (const column of ['genders', 'schoolYears', 'employmentStatuses', 'schoolShifts']) expect(theirs).not.toHaveProperty(column);
  });
});

describe('migration 023', () => {
  const samples = [
    '6º ano',
    '6 ano',
    '6o ano do ensino fundamental',
    '9º Ano',
    '1º ano do ensino médio',
    '3ª série do Ensino Médio',
    '2º EM',
    'EJA',
    'Educação de Jovens e Adultos',
    'Pré-escola',
    'Educação Infantil',
    'fundamental_3',
    '5ª série',
    '5a série B',
    'Faculdade',
    '10º ano',
    '',
  ];
  it('maps a school year’s text by the same rules as the API (its SQL function and schoolYearCode agree)', async () => {
    for (const text of samples) {
      const [row] = await server.db.query<{ code: string | null }>('SELECT school_year_code($1) AS code', [text]);
      expect(row!.code ?? undefined, text).toBe(schoolYearCode(text));
    }
    expect(schoolYearCode('6º ano')).toBe('FUNDAMENTAL_6');
    expect(schoolYearCode('3ª série do Ensino Médio')).toBe('ENSINO_MEDIO_3');
    expect(schoolYearCode('5ª série')).toBeUndefined(); // the old 8-year count: 5th series is today's 6th year, not said plainly
  });
});

/** An empty database of this run's kind (PGlite, or a schema of DATABASE_URL's PostgreSQL). */
async function emptyDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite({ snapshot: await emptyPgliteSnapshot() });
    return { db, close: () => db.close() };
  }
  const schema = `quadra_mig_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres({ connectionString: url, schema, max: 2 });
  return {
    db,
    close: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

describe('migration 023 on a database of before', () => {
  it('keeps every student and guardian, maps the school years that name a code and keeps the other text', { timeout: 120_000 }, async () => {
    const before = await mkdtemp(join(tmpdir(), 'quadra-mig-'));
    const { db, close } = await emptyDb();
    try {
      for (const name of await listMigrations()) if (name < '023') await copyFile(join(MIGRATIONS_DIR, name), join(before, name));
      await migrate(db, before);
      const years = ['6º ano', '2º EM', '5a série B', null];
      for (const [i, year] of years.entries()) {
        await db.run('INSERT INTO students (id, full_name, school_year, address_street) VALUES ($1, $2, $3, $4)', [
          `s${i}`,
          `Criança ${i}`,
          year,
          'Rua A, Centro, Recife, PE',
        ]);
      }
      await db.run(
        `INSERT INTO guardians (id, student_id, name, cpf, birth_date, civil_state, nis, phone, email, address)
              VALUES ('g1', 's0', 'Josefa', '11144477735', '1980-01-01', 'CASADO', '123', '81 9999', 'j@x.br', 'Rua A')`,
      );
      expect(await migrate(db)).toContain('023_record_fields.sql');
      const students = await db.query<{ id: string; full_name: string; school_year: string | null; shown_name: string; address_street: string }>(
        'SELECT id, full_name, school_year, shown_name, address_street FROM students ORDER BY id',
      );
      expect(students).toEqual([
        { id: 's0', full_name: 'Criança 0', school_year: 'FUNDAMENTAL_6', shown_name: 'Criança 0', address_street: 'Rua A, Centro, Recife, PE' },
        { id: 's1', full_name: 'Criança 1', school_year: 'ENSINO_MEDIO_2', shown_name: 'Criança 1', address_street: 'Rua A, Centro, Recife, PE' },
        { id: 's2', full_name: 'Criança 2', school_year: '5a série B', shown_name: 'Criança 2', address_street: 'Rua A, Centro, Recife, PE' },
        { id: 's3', full_name: 'Criança 3', school_year: null, shown_name: 'Criança 3', address_street: 'Rua A, Centro, Recife, PE' },
      ]);
      const [guardian] = await db.query<{ name: string; email: string; relationship: string | null }>(
        'SELECT name, email, relationship FROM guardians',
      );
      expect(guardian).toEqual({ name: 'Josefa', email: 'j@x.br', relationship: null });
      // The name shown follows a social name given afterwards.
      await db.run("UPDATE students SET social_name = 'Aline' WHERE id = 's3'");
      const [shown] = await db.query<{ shown_name: string; sort_name: string }>("SELECT shown_name, sort_name FROM students WHERE id = 's3'");
      expect(shown).toEqual({ shown_name: 'Aline', sort_name: 'aline' });
    } finally {
      await close();
      await rm(before, { recursive: true, force: true });
    }
  });
});

// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, STUDENT_LIST_LIMIT_MAX, studentSummarySchema, type StudentCreate } from '../../../src/api/contract.ts';
import { studentFilterFields } from '../../../src/api/student-filters.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const listStudents = async () => z.array(studentSummarySchema).parse((await server.app.inject('/api/students')).json());
/** A list entry without the codes the list filters by (issue 52), as a roster's. */
const omitFilters = <T extends object>(student: T): T => {
  const rest: Record<string, unknown> = { ...(student as Record<string, unknown>) };
  for (const field of studentFilterFields) delete rest[field];
  return rest as T;
};
const countStudents = async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM students'))[0]!.n;
const post = (payload: unknown) => server.app.inject({ method: 'POST', url: '/api/students', payload: payload as object });

const fullStudent = (overrides: Partial<StudentCreate> = {}): StudentCreate => ({
  fullName: 'Maria Eduarda Cavalcanti',
  dateOfBirth: '2012-03-14',
  registrationNumber: '529.982.247-25',
  enrollmentDate: '2026-11-20',
  race: 'PARDA',
  gender: 'FEMININO',
  schoolName: 'Escola Municipal Paulo Freire',
  schoolYear: '8º ano',
  socialProgram: 'BOLSA_FAMILIA',
  employmentStatus: 'ESTUDANTE',
  address: { code: '50050-000', street: 'Rua da Aurora, Boa Vista, Recife - PE', number: '120', complement: 'Apto 302' },
  ...overrides,
});

describe('GET /api/students', () => {
  it('lists the ~60 seeded students with an attendance percentage from saved rolls', async () => {
    const students = await listStudents();
    expect(students.length).toBe(60);
    expect(students.some((s) => s.frequencyPercent > 0 && s.frequencyPercent < 100)).toBe(true);
    const names = students.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers with no-store and an ETag, and 304 to a matching If-None-Match', async () => {
    const first = await server.app.inject('/api/students');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await server.app.inject({ url: '/api/students', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers gzipped when the request accepts gzip', async () => {
    const plain = await server.app.inject('/api/students');
    const zipped = await server.app.inject({ url: '/api/students', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    const refused = await server.app.inject({ url: '/api/students', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('answers only the first students with ?limit (a first screenful), the same as the whole list begins with', async () => {
    const whole = await listStudents();
    const first = await server.app.inject('/api/students?limit=5');
    expect(first.statusCode).toBe(200);
    expect(z.array(studentSummarySchema).parse(first.json())).toEqual(whole.slice(0, 5));
    expect(first.headers.etag).toBeDefined();
    expect(first.headers.etag).not.toBe((await server.app.inject('/api/students')).headers.etag);
    const all = await server.app.inject(`/api/students?limit=${STUDENT_LIST_LIMIT_MAX}`);
    expect(all.json()).toEqual(whole.slice(0, STUDENT_LIST_LIMIT_MAX));
    for (const limit of ['0', String(STUDENT_LIST_LIMIT_MAX + 1), 'x']) {
      expect((await server.app.inject(`/api/students?limit=${limit}`)).statusCode, limit).toBe(400);
    }
  });

  it(
    'computes the percentage the same with the list cache turned off',
    async () => {
      const uncached = await startTestServer({ cacheStudentList: false });
      try {
        const a = z.array(studentSummarySchema).parse((await uncached.app.inject('/api/students')).json());
        expect(a).toEqual(await listStudents());
      } finally {
        await uncached.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});

describe('POST /api/students', () => {
  it('registers a student with every field, answers 201 with the id, and the list shows them at 0%', async () => {
    const response = await post(fullStudent());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await server.db.query<Record<string, unknown>>('SELECT * FROM students WHERE id = $1', [id]);
    expect(row).toMatchObject({
      full_name: 'Maria Eduarda Cavalcanti',
      date_of_birth: '2012-03-14',
      registration_number: '52998224725',
      enrollment_date: '2026-11-20',
      race: 'PARDA',
      gender: 'FEMININO',
      school_name: 'Escola Municipal Paulo Freire',
      school_year: 'FUNDAMENTAL_8', // sent as '8º ano': text that names a school year is stored as its code (issue 52)
      social_program: 'BOLSA_FAMILIA',
      employment_status: 'ESTUDANTE',
      address_code: '50050000',
      address_street: 'Rua da Aurora, Boa Vista, Recife - PE',
      address_number: '120',
      address_complement: 'Apto 302',
    });
    expect((await listStudents()).find((s) => s.id === id)).toEqual({
      id,
      name: 'Maria Eduarda Cavalcanti',
      frequencyPercent: 0,
      active: true,
      // The codes the list filters by (issue 52), for those who read the records.
      gender: 'FEMININO',
      schoolYear: 'FUNDAMENTAL_8',
      employmentStatus: 'ESTUDANTE',
    });
  });

  it('accepts a name alone, with the selects left empty', async () => {
    const response = await post({ fullName: 'Só Nome', race: '', gender: '', registrationNumber: '', address: { code: '' } });
    expect(response.statusCode).toBe(201);
  });

  it('is idempotent by client id: the same request twice creates one student and answers the same id', async () => {
    const id = randomUUID();
    const before = await countStudents();
    const body = fullStudent({ id, registrationNumber: FREE_CPFS[1] });
    const first = await post(body);
    const second = await post(body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toEqual({ id });
    expect(second.json()).toEqual({ id });
    expect(await countStudents()).toBe(before + 1);
  });

  it('answers 409 for a CPF already registered to another student, and writes nothing', async () => {
    const before = await countStudents();
    const response = await post(fullStudent({ fullName: 'Outra Pessoa' })); // same CPF as the first test's student
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ message: expect.stringMatching(/CPF/), code: 'cpf-taken' });
    expect(await countStudents()).toBe(before);
  });

  it.each([
    ['an invalid CPF', { registrationNumber: '123.456.789-00' }, /CPF/],
    ['a ZIP without 8 digits', { address: { code: '5005' } }, /ZIP/],
    ['an impossible date', { dateOfBirth: '2012-02-30' }, /dateOfBirth/],
    ['a date not in ISO form', { enrollmentDate: '20/11/2026' }, /enrollmentDate/],
    ['an unknown race code', { race: 'AZUL' }, /race/],
    ['an unknown social program', { socialProgram: 'OUTRO' }, /socialProgram/],
    ['an empty name', { fullName: '   ' }, /fullName/],
    ['a client id that is not a UUID', { id: '42' }, /id/],
  ])('rejects %s with 400 in the error shape, writing nothing', async (_label, override, message) => {
    expect(isValidCpf(FREE_CPFS[2])).toBe(true);
    const before = await countStudents();
    const response = await post(fullStudent({ registrationNumber: FREE_CPFS[2], ...(override as Partial<StudentCreate>) }));
    expect(response.statusCode).toBe(400);
    const error = z.strictObject(apiErrorSchema.shape).parse(response.json());
    expect(error.error).toBe('Bad Request');
    expect(error.message).toMatch(message);
    expect(await countStudents()).toBe(before);
  });

  it('rejects a missing body, malformed JSON, a text body (400) and an unsupported content type (415)', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/students' })).statusCode).toBe(400);
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(z.strictObject(apiErrorSchema.shape).parse(malformed.json()).message).toMatch(/JSON/);
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { 'content-type': 'text/plain' },
      payload: 'fullName=x',
    });
    expect(text.statusCode).toBe(400);
    const xml = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { 'content-type': 'application/xml' },
      payload: '<fullName>x</fullName>',
    });
    expect(xml.statusCode).toBe(415);
    expect(z.strictObject(apiErrorSchema.shape).parse(xml.json()).message).toMatch(/content type/i);
  });

  it('answers 413 to a JSON body over 1 MB', async () => {
    const response = await post({ fullName: 'x', schoolName: 'y'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toMatch(/too large/);
  });
});

describe('GET /api/classes/:classId/students', () => {
  it('answers the roster of a class: its enrolled students', async () => {
    const [enrolment] = await server.db.query<{ class_id: string }>(
      'SELECT class_id FROM class_enrollments GROUP BY class_id HAVING count(*) > 1 ORDER BY class_id LIMIT 1',
    );
    const classId = enrolment!.class_id;
    const expected = await server.db.query<{ student_id: string }>('SELECT student_id FROM class_enrollments WHERE class_id = $1', [classId]);
    const response = await server.app.inject(`/api/classes/${classId}/students`);
    expect(response.statusCode).toBe(200);
    const roster = z.array(studentSummarySchema).parse(response.json());
    expect(new Set(roster.map((s) => s.id))).toEqual(new Set(expected.map((row) => row.student_id)));
    const all = await listStudents();
    // Each entry is the list's, plus its consents (issue 51: the roll call's image flag), without the codes the list
    // filters by (issue 52: a roster carries names and figures only).
    const listed = all.map((student) => omitFilters(student));
    for (const { consents, ...student } of roster) {
      for (const field of studentFilterFields) expect(student).not.toHaveProperty(field);
      expect(listed).toContainEqual(student);
      expect(consents?.IMAGE_USE).toMatch(/^(GRANTED|REFUSED|MISSING)$/);
    }
  });

  it('answers 404 for an unknown class', async () => {
    const response = await server.app.inject('/api/classes/no-such-class/students');
    expect(response.statusCode).toBe(404);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toBe('Class not found');
  });
});

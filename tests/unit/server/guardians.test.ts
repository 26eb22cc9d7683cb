// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, guardianSchema, type GuardianInput } from '../../../src/api/contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let studentId: string;
let otherStudentId: string;
beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 2');
  studentId = rows[0]!.id;
  otherStudentId = rows[1]!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const guardian = (overrides: Partial<GuardianInput> = {}): GuardianInput => ({
  name: 'Josefa Maria da Silva',
  cpf: '111.444.777-35',
  birthDate: '1984-06-02',
  civilState: 'CASADO',
  nis: '12345678901',
  phone: '(81) 98888-7777',
  email: 'josefa.silva@email.com.br',
  address: 'Rua da Aurora, 120 - Boa Vista, Recife - PE',
  ...overrides,
});
const count = async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM guardians'))[0]!.n;
const create = (id: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url: `/api/students/${id}/responsibles`, payload: payload as object });
const list = async (id: string) => z.array(guardianSchema).parse((await server.app.inject(`/api/students/${id}/responsibles`)).json());

describe('GET /api/students/:id/responsibles', () => {
  it("lists a student's guardians with all their fields", async () => {
    const [row] = await server.db.query<{ student_id: string }>('SELECT student_id FROM guardians LIMIT 1');
    const guardians = await list(row!.student_id);
    expect(guardians.length).toBeGreaterThan(0);
    expect(guardians[0]!.cpf).toMatch(/^\d{11}$/);
    expect(guardians[0]!.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('most seeded students have guardians', async () => {
    const [row] = await server.db.query<{ n: number }>('SELECT count(DISTINCT student_id) AS n FROM guardians');
    expect(row!.n).toBeGreaterThan(30);
  });

  it('answers 404 for an unknown student', async () => {
    const response = await server.app.inject('/api/students/nobody/responsibles');
    expect(response.statusCode).toBe(404);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toBe('Student not found');
  });
});

describe('POST /api/students/:id/responsibles', () => {
  it('creates a guardian (201) that the list then shows, CPF stored as digits', async () => {
    const response = await create(studentId, guardian());
    expect(response.statusCode).toBe(201);
    const created = guardianSchema.parse(response.json());
    expect(created).toMatchObject({ ...guardian(), cpf: '11144477735' });
    expect(await list(studentId)).toContainEqual(created);
  });

  it('is idempotent by client id: twice creates one and answers the same guardian', async () => {
    const id = randomUUID();
    const before = await count();
    const first = await create(studentId, guardian({ id }));
    const second = await create(studentId, guardian({ id }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ id });
    expect(await count()).toBe(before + 1);
  });

  it('answers 409 when the client id already belongs to another student', async () => {
    const id = randomUUID();
    await create(studentId, guardian({ id }));
    const response = await create(otherStudentId, guardian({ id }));
    expect(response.statusCode).toBe(409);
    expect(await list(otherStudentId)).not.toContainEqual(expect.objectContaining({ id }));
  });

  it.each([
    ['an invalid CPF', { cpf: '111.444.777-36' }, /cpf/],
    ['an empty name', { name: '' }, /name/],
    ['an unknown civil state', { civilState: 'NAMORANDO' }, /civilState/],
    ['a bad e-mail', { email: 'josefa' }, /email/],
    ['a birth date not in ISO form', { birthDate: '02/06/1984' }, /birthDate/],
    ['an empty phone', { phone: ' ' }, /phone/],
    ['an unknown relationship', { relationship: 'VIZINHO' as GuardianInput['relationship'] }, /relationship/],
  ])('rejects %s with 400, writing nothing', async (_label, override, message) => {
    const before = await count();
    const response = await create(studentId, guardian(override as Partial<GuardianInput>));
    expect(response.statusCode).toBe(400);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('registers a grandmother with neither e-mail nor NIS nor address (issue 52), and answers them as empty text', async () => {
    const {
      email: _email,
      nis: _nis,
      address: _address,
      civilState: _civil,
      ...grandmother
    } = guardian({
      name: 'Maria das Dores',
      relationship: 'AVO',
      socialName: 'Dona Dora',
    });
    const id = randomUUID();
    const response = await create(studentId, { ...grandmother, id });
    expect(response.statusCode).toBe(201);
    expect((await list(studentId)).find((g) => g.id === id)).toMatchObject({
      name: 'Maria das Dores',
      socialName: 'Dona Dora',
      relationship: 'AVO',
      email: '',
      nis: '',
      address: '',
      civilState: '',
    });
    // An edit by a client that knows nothing of the relationship and social name keeps them.
    const edited = await server.app.inject({
      method: 'PUT',
      url: `/api/responsibles/${id}`,
      payload: { ...guardian({ name: 'Maria das Dores' }), version: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ relationship: 'AVO', socialName: 'Dona Dora', email: 'josefa.silva@email.com.br' });
    // An empty social name clears it.
    const cleared = await server.app.inject({
      method: 'PUT',
      url: `/api/responsibles/${id}`,
      payload: { ...guardian({ name: 'Maria das Dores', socialName: '' }), version: 2 },
    });
    expect(cleared.json()).not.toHaveProperty('socialName');
  });

  it('rejects a guardian missing a field still required (name, CPF, birth date, phone)', async () => {
    const { phone: _phone, ...withoutPhone } = guardian();
    const response = await create(studentId, withoutPhone);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/phone/);
  });

  it('answers 404 for an unknown student, writing nothing', async () => {
    const before = await count();
    expect((await create('nobody', guardian())).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('DELETE /api/responsibles/:id', () => {
  const remove = (id: string, payload: object) => server.app.inject({ method: 'DELETE', url: `/api/responsibles/${id}`, payload });

  it('removes a guardian from the list (kept for the record), and a resend answers 204 again', async () => {
    const created = guardianSchema.parse((await create(studentId, guardian())).json());
    expect((await remove(created.id, { version: 1 })).statusCode).toBe(204);
    expect((await list(studentId)).map((g) => g.id)).not.toContain(created.id);
    expect((await remove(created.id, { version: 1 })).statusCode).toBe(204);
    const [kept] = await server.db.query<{ removed: boolean }>('SELECT removed_at IS NOT NULL AS removed FROM guardians WHERE id = $1', [created.id]);
    expect(kept).toEqual({ removed: true });
    const edit = await server.app.inject({ method: 'PUT', url: `/api/responsibles/${created.id}`, payload: guardian() });
    expect(edit.statusCode).toBe(404);
  });

  it('refuses a stale version (409 with the current guardian), a missing version (400) and an unknown guardian (404)', async () => {
    const created = guardianSchema.parse((await create(studentId, guardian())).json());
    await server.app.inject({ method: 'PUT', url: `/api/responsibles/${created.id}`, payload: guardian({ phone: '(81) 3333-0000' }) });
    const stale = await remove(created.id, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { id: created.id, phone: '(81) 3333-0000', version: 2 } });
    expect((await remove(created.id, {})).statusCode).toBe(400);
    expect((await remove('nobody', { version: 1 })).statusCode).toBe(404);
    expect((await list(studentId)).map((g) => g.id)).toContain(created.id);
  });
});

describe('PUT /api/responsibles/:id', () => {
  it('edits every field of a guardian and answers it', async () => {
    const created = guardianSchema.parse((await create(studentId, guardian())).json());
    const edited = guardian({ name: 'Josefa M. Silva Santos', civilState: 'VIUVO', cpf: '390.533.447-05' });
    const response = await server.app.inject({ method: 'PUT', url: `/api/responsibles/${created.id}`, payload: edited });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...edited, id: created.id, cpf: '39053344705', version: 2 });
    expect(await list(studentId)).toContainEqual({ ...edited, id: created.id, cpf: '39053344705', version: 2 });
  });

  it('refuses an edit sent from an older version with 409 and the current guardian, and takes the same edit resent', async () => {
    const created = guardianSchema.parse((await create(studentId, guardian())).json());
    expect(created.version).toBe(1);
    const first = guardian({ name: 'Primeira Edição' });
    const put = (payload: object) => server.app.inject({ method: 'PUT', url: `/api/responsibles/${created.id}`, payload });
    expect((await put({ ...first, version: 1 })).statusCode).toBe(200);
    const resent = await put({ ...first, version: 1 });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ name: 'Primeira Edição', version: 2 });
    const stale = await put({ ...guardian({ name: 'Outra Edição' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { id: created.id, name: 'Primeira Edição', version: 2 } });
    expect(await list(studentId)).toContainEqual(expect.objectContaining({ id: created.id, name: 'Primeira Edição' }));
  });

  it('answers 404 for an unknown guardian and 400 for a bad body', async () => {
    const missing = await server.app.inject({ method: 'PUT', url: '/api/responsibles/nobody', payload: guardian() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Guardian not found' });
    const created = guardianSchema.parse((await create(studentId, guardian())).json());
    const bad = await server.app.inject({
      method: 'PUT',
      url: `/api/responsibles/${created.id}`,
      payload: guardian({ email: 'nope' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(await list(studentId)).toContainEqual(created);
  });
});

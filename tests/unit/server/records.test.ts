// @vitest-environment node
/**
 * Records through the school year (issue 16): a student's record, edits with versions (409 with the current record
 * when stale), deactivation, enrolments with dates and the roster of a date, activities and classes created, edited
 * and archived, and the original client's date-time payload.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySchema, classSchema, studentSchema, type Student, type StudentSummary } from '../../../src/api/contract.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let classId: string;
beforeAll(async () => {
  server = await startTestServer();
  classId = (await server.db.query<{ id: string }>('SELECT id FROM classes ORDER BY id LIMIT 1'))[0]!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}) });
const register = async (fields: object = {}): Promise<string> => {
  const id = randomUUID();
  const response = await inject('POST', '/api/students', { id, fullName: 'Ana Beatriz Lins', ...fields });
  expect(response.statusCode).toBe(201);
  return id;
};
const record = async (id: string): Promise<Student> => studentSchema.parse((await inject('GET', `/api/students/${id}`)).json());
const roster = async (date?: string, cls = classId) =>
  (await inject('GET', `/api/classes/${cls}/students${date ? `?date=${date}` : ''}`)).json<StudentSummary[]>().map((s) => s.id);
const enrol = (studentId: string, from: string, cls = classId) => inject('PUT', `/api/classes/${cls}/students/${studentId}`, { from });
const unenrol = (studentId: string, to: string, cls = classId) => inject('DELETE', `/api/classes/${cls}/students/${studentId}`, { to });

describe("the original client's payload", () => {
  it('registers a student whose dates are full ISO date-times, and keeps their calendar dates', async () => {
    const id = randomUUID();
    // Exactly what the programme's original frontend (v2.0.0) sends: JS Dates in JSON.
    const response = await inject('POST', '/api/students', {
      id,
      fullName: 'Cliente Original',
      dateOfBirth: '2012-05-01T00:00:00.000Z',
      enrollmentDate: '2026-02-10T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    expect(await record(id)).toMatchObject({ dateOfBirth: '2012-05-01', enrollmentDate: '2026-02-10' });
    const bad = await inject('POST', '/api/students', { fullName: 'Data Ruim', dateOfBirth: '2012-02-30T00:00:00.000Z' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET and PUT /api/students/:id', () => {
  it('answers every registered field, the status, the version, and 404 for an unknown student', async () => {
    const id = await register({
      dateOfBirth: '2013-07-09',
      registrationNumber: FREE_CPFS[0],
      race: 'PARDA',
      schoolYear: '6º ano',
      address: { code: '50050-000', street: 'Rua da Aurora', number: '12' },
    });
    expect(await record(id)).toEqual({
      id,
      fullName: 'Ana Beatriz Lins',
      dateOfBirth: '2013-07-09',
      registrationNumber: FREE_CPFS[0],
      race: 'PARDA',
      schoolYear: 'FUNDAMENTAL_6', // sent as '6º ano' (issue 52: stored as its code)
      address: { code: '50050000', street: 'Rua da Aurora', number: '12' },
      active: true,
      frequencyPercent: 0,
      // This month and this school year (tests/unit/server/attendance-reports.test.ts checks its figures).
      frequency: expect.objectContaining({ classes: [], activities: [] }),
      enrolments: [],
      // Issue 51: the current consent per purpose, none recorded yet.
      consents: { DATA_PROCESSING: 'MISSING', DATA_SHARING: 'MISSING', IMAGE_PUBLIC: 'MISSING', IMAGE_USE: 'MISSING' },
      version: 1,
    });
    expect((await inject('GET', `/api/students/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('edits with the version read; a stale version answers 409 with the current record and writes nothing', async () => {
    const id = await register();
    const edited = await inject('PUT', `/api/students/${id}`, { fullName: 'Ana Beatriz Lins Souza', schoolName: 'EM Recife', version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ fullName: 'Ana Beatriz Lins Souza', schoolName: 'EM Recife', version: 2 });
    // The same edit resent (its answer was lost) is not a conflict.
    const resent = await inject('PUT', `/api/students/${id}`, { fullName: 'Ana Beatriz Lins Souza', schoolName: 'EM Recife', version: 1 });
    expect(resent.statusCode).toBe(200);
    const stale = await inject('PUT', `/api/students/${id}`, { fullName: 'Outro Nome', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'stale-version', current: { id, fullName: 'Ana Beatriz Lins Souza', version: 2 } });
    expect((await record(id)).fullName).toBe('Ana Beatriz Lins Souza');
    const names = (await inject('GET', '/api/students')).json<StudentSummary[]>().filter((s) => s.id === id);
    expect(names.map((s) => s.name)).toEqual(['Ana Beatriz Lins Souza']);
  });

  it('refuses a bad edit: no version, an empty name, an invalid CPF or date (400), a CPF of another student (409), an unknown student (404)', async () => {
    const id = await register();
    await register({ registrationNumber: FREE_CPFS[1] });
    for (const payload of [
      { fullName: 'Sem Versão' },
      { fullName: '  ', version: 1 },
      { fullName: 'CPF Ruim', registrationNumber: '123.456.789-00', version: 1 },
      { fullName: 'Data Ruim', dateOfBirth: '2013-13-01', version: 1 },
    ]) {
      expect((await inject('PUT', `/api/students/${id}`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await inject('PUT', `/api/students/${id}`, { fullName: 'Dup', registrationNumber: FREE_CPFS[1], version: 1 })).statusCode).toBe(409);
    expect((await inject('PUT', `/api/students/${randomUUID()}`, { fullName: 'Ninguém', version: 1 })).statusCode).toBe(404);
    expect((await record(id)).version).toBe(1);
  });
});

describe('deactivation and the students list filter', () => {
  it('deactivates with a reason and a date: off the active list and the rosters from that date, history kept; reactivates', async () => {
    const id = await register();
    expect((await enrol(id, '2026-03-02')).statusCode).toBe(201);
    expect(await roster('2026-04-01')).toContain(id);
    const off = await inject('POST', `/api/students/${id}/status`, { active: false, date: '2026-05-01', reason: 'Mudou de cidade', version: 1 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, statusDate: '2026-05-01', statusReason: 'Mudou de cidade', version: 2 });
    expect(await roster('2026-04-30')).toContain(id);
    expect(await roster('2026-05-01')).not.toContain(id);
    const ids = async (status?: string) =>
      (await inject('GET', `/api/students${status ? `?status=${status}` : ''}`)).json<StudentSummary[]>().map((s) => s.id);
    expect(await ids()).not.toContain(id);
    expect(await ids('inactive')).toContain(id);
    expect(await ids('all')).toContain(id);
    expect(await ids('active')).not.toContain(id);
    expect((await inject('GET', '/api/students?status=gone')).statusCode).toBe(400);

    const stale = await inject('POST', `/api/students/${id}/status`, { active: true, date: '2026-06-01', reason: 'Voltou', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { active: false, version: 2 } });
    const early = await inject('POST', `/api/students/${id}/status`, { active: true, date: '2026-04-01', reason: 'Voltou', version: 2 });
    expect(early.statusCode).toBe(400);
    const back = await inject('POST', `/api/students/${id}/status`, { active: true, date: '2026-06-01', reason: 'Voltou', version: 2 });
    expect(back.json()).toMatchObject({ active: true, statusDate: '2026-06-01', version: 3 });
    expect(await roster('2026-05-15')).not.toContain(id);
    expect(await roster('2026-06-01')).toContain(id);
    expect(await ids()).toContain(id);
    expect((await inject('POST', `/api/students/${id}/status`, { active: false, date: '2026-07-01', reason: ' ', version: 3 })).statusCode).toBe(400);
    // Not dated after today: the lists would show the student inactive while the rosters still had them.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const future = await inject('POST', `/api/students/${id}/status`, { active: false, date: later, reason: 'Vai mudar', version: 3 });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'status-date-future' });
  });
  it('deactivates again on the day of a reactivation', async () => {
    const id = await register();
    const status = (active: boolean, version: number) =>
      inject('POST', `/api/students/${id}/status`, { active, date: '2026-07-01', reason: 'Mesmo dia', version });
    expect((await status(false, 1)).statusCode).toBe(200);
    expect((await status(true, 2)).statusCode).toBe(200);
    const again = await status(false, 3);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ active: false, statusDate: '2026-07-01', version: 4 });
  });
});

describe('enrolments', () => {
  it('enrols from a date and ends at a date: the roster of a past date is the roster of that date', async () => {
    const id = await register();
    const first = await enrol(id, '2026-03-10T00:00:00.000Z');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ classId, from: '2026-03-10' });
    expect((await enrol(id, '2026-03-10')).statusCode).toBe(200);
    expect(await roster('2026-03-09')).not.toContain(id);
    expect(await roster('2026-03-10')).toContain(id);
    expect(await roster()).toContain(id);
    const ended = await unenrol(id, '2026-04-10');
    expect(ended.json()).toEqual({ classId, from: '2026-03-10', to: '2026-04-10' });
    expect((await unenrol(id, '2026-04-10')).statusCode).toBe(200);
    expect(await roster('2026-04-09')).toContain(id);
    expect(await roster('2026-04-10')).not.toContain(id);
    expect((await enrol(id, '2026-04-01')).statusCode).toBe(400);
    expect((await enrol(id, '2026-05-04')).statusCode).toBe(201);
    expect((await record(id)).enrolments).toEqual([
      { classId, from: '2026-03-10', to: '2026-04-10' },
      { classId, from: '2026-05-04' },
    ]);
  });

  it('validates a roll against the roster of its date', async () => {
    const id = await register();
    await enrol(id, '2026-09-01');
    await unenrol(id, '2026-10-01');
    const roll = (date: string) =>
      inject('PUT', `/api/classes/${classId}/attendance/${date}`, {
        takenBy: 'Prof. Teste',
        takenAt: `${date}T12:00:00Z`,
        entries: [{ studentId: id, status: 'PRESENT' }],
      });
    expect((await roll('2026-09-15')).statusCode).toBe(200);
    const after = await roll('2026-10-06');
    expect(after.statusCode).toBe(400);
    expect(after.json<{ message: string }>().message).toMatch(/not enrolled/);
    expect((await roll('2026-08-31')).statusCode).toBe(400);
    expect((await record(id)).frequencyPercent).toBe(100);
  });

  it('refuses bad input: no date, a date before the start, an unknown class or student, a never-enrolled student', async () => {
    const id = await register();
    expect((await inject('PUT', `/api/classes/${classId}/students/${id}`, {})).statusCode).toBe(400);
    expect((await enrol(id, '2026-02-31')).statusCode).toBe(400);
    expect((await enrol(id, '2026-03-01', 'no-such-class')).statusCode).toBe(404);
    expect((await enrol(randomUUID(), '2026-03-01')).statusCode).toBe(404);
    expect((await unenrol(id, '2026-03-01')).statusCode).toBe(404);
    await enrol(id, '2026-03-01');
    expect((await unenrol(id, '2026-02-01')).statusCode).toBe(400);
    expect((await inject('DELETE', `/api/classes/${classId}/students/${id}`, {})).statusCode).toBe(400);
    expect((await inject('GET', `/api/classes/${classId}/students?date=yesterday`)).statusCode).toBe(400);
  });
});

describe('activities and classes', () => {
  const activity = { name: 'Capoeira', teacher: 'Mestre Jorge', area: 'Esportes', frequency: 'Semanal' };

  it('creates an activity once per client id, edits it with its version (409 when stale), and archives it out of the list', async () => {
    const id = randomUUID();
    const created = await inject('POST', '/api/activities', { ...activity, id });
    expect(created.statusCode).toBe(201);
    expect(activitySchema.parse(created.json())).toEqual({ ...activity, id, archived: false, version: 1 });
    expect((await inject('POST', '/api/activities', { ...activity, id })).statusCode).toBe(200);
    const edited = await inject('PUT', `/api/activities/${id}`, { ...activity, name: 'Capoeira Angola', version: 1 });
    expect(edited.json()).toMatchObject({ name: 'Capoeira Angola', version: 2 });
    const stale = await inject('PUT', `/api/activities/${id}`, { ...activity, teacher: 'Outro', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { name: 'Capoeira Angola', version: 2 } });
    expect((await inject('PUT', `/api/activities/${id}`, { ...activity, name: 'Capoeira Angola', archived: true, version: 2 })).statusCode).toBe(200);
    const listed = (await inject('GET', '/api/activities')).json<{ id: string }[]>().map((a) => a.id);
    expect(listed).not.toContain(id);
    const all = (await inject('GET', '/api/activities?include=archived')).json<{ id: string; archived: boolean }[]>();
    expect(all.find((a) => a.id === id)?.archived).toBe(true);
  });

  it('refuses a bad activity: a missing field, an unknown area or frequency (400), an unknown id (404)', async () => {
    for (const payload of [{ ...activity, name: '' }, { ...activity, area: 'Culinária' }, { ...activity, frequency: 'Anual' }, { name: 'Só nome' }]) {
      expect((await inject('POST', '/api/activities', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await inject('PUT', `/api/activities/${randomUUID()}`, { ...activity, version: 1 })).statusCode).toBe(404);
  });

  it('creates a class with an instructor, edits it (409 when stale), and an archived class leaves the list but keeps its rolls', async () => {
    const activityId = (await inject('GET', '/api/activities')).json<{ id: string }[]>()[0]!.id;
    const instructorId = (await server.db.query<{ id: string }>("SELECT id FROM users WHERE access = 'instrutor' LIMIT 1"))[0]!.id;
    const fields = { title: 'Capoeira Sábado', activityId, weekDay: 'SABADO', schedule: '09:00 - 10:00', level: 'INICIANTE', instructorId };
    const id = randomUUID();
    const created = await inject('POST', '/api/classes', { ...fields, id });
    expect(created.statusCode).toBe(201);
    // The original client's fields come back as sent, beside the class's schedule they made (issue 52).
    expect(classSchema.parse(created.json())).toEqual({
      ...fields,
      id,
      archived: false,
      version: 1,
      meetings: [{ weekDay: 'SABADO', start: '09:00', end: '10:00' }],
      scheduleNote: '',
      startsOn: null,
      endsOn: null,
      instructorIds: [instructorId],
    });
    const listed = async (query = '') => (await inject('GET', `/api/classes${query}`)).json<{ id: string }[]>().map((c) => c.id);
    expect(await listed(`?activityId=${activityId}`)).toContain(id);
    const student = await register();
    await enrol(student, '2026-03-02', id);
    const roll = await inject('PUT', `/api/classes/${id}/attendance/2026-03-07`, {
      takenBy: 'Prof',
      takenAt: '2026-03-07T12:00:00Z',
      entries: [{ studentId: student, status: 'PRESENT' }],
    });
    expect(roll.statusCode).toBe(200);
    const stale = await inject('PUT', `/api/classes/${id}`, { ...fields, title: 'X', version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { id, version: 1 } });
    const archived = await inject('PUT', `/api/classes/${id}`, { ...fields, instructorId: null, archived: true, version: 1 });
    expect(archived.json()).toMatchObject({ archived: true, instructorId: null, version: 2 });
    expect(await listed()).not.toContain(id);
    expect(await listed('?include=archived')).toContain(id);
    expect((await inject('GET', `/api/classes/${id}/attendance/2026-03-07`)).statusCode).toBe(200);
    expect((await enrol(await register(), '2026-03-02', id)).statusCode).toBe(409);
  });

  it('refuses a bad class: an unknown activity or instructor, a bad weekday or level (400), an unknown id (404)', async () => {
    const activityId = (await inject('GET', '/api/activities')).json<{ id: string }[]>()[0]!.id;
    const fields = { title: 'Turma', activityId, weekDay: 'SEGUNDA', schedule: '08:00', level: 'AVANCADO' };
    for (const payload of [
      { ...fields, activityId: 'none' },
      { ...fields, instructorId: 'nobody' },
      { ...fields, weekDay: 'MONDAY' },
      { ...fields, level: 'EXPERT' },
      { ...fields, title: '' },
    ]) {
      expect((await inject('POST', '/api/classes', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await inject('PUT', `/api/classes/${randomUUID()}`, { ...fields, version: 1 })).statusCode).toBe(404);
  });
});

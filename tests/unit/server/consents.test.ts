// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentHistorySchema, consentTermSchema, consentToRenewListSchema, type ConsentInput } from '../../../src/api/consents-contract.ts';
import { studentListSchema, studentSchema } from '../../../src/api/contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let studentId: string;
let guardianId: string;
let classId: string;
let otherGuardianId: string;

beforeAll(async () => {
  server = await startTestServer();
  // A child on a roster today (an open enrolment of an active student) with a guardian.
  const [row] = await server.db.query<{ student_id: string; class_id: string; guardian_id: string }>(
    `SELECT e.student_id, e.class_id, g.id AS guardian_id
       FROM class_enrollments e JOIN students s ON s.id = e.student_id AND s.active JOIN guardians g ON g.student_id = s.id AND g.removed_at IS NULL
      WHERE e.ended_on IS NULL ORDER BY e.student_id LIMIT 1`,
  );
  ({ student_id: studentId, class_id: classId, guardian_id: guardianId } = row!);
  const [other] = await server.db.query<{ id: string }>('SELECT id FROM guardians WHERE student_id <> $1 LIMIT 1', [studentId]);
  otherGuardianId = other!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const post = (payload: Partial<ConsentInput>, id = studentId) =>
  server.app.inject({ method: 'POST', url: `/api/students/${id}/consents`, payload: { guardianId, date: '2026-03-02', ...payload } });
const history = async (id = studentId) => consentHistorySchema.parse((await server.app.inject(`/api/students/${id}/consents`)).json());
const rosterEntry = async () => {
  const roster = studentListSchema.parse((await server.app.inject(`/api/classes/${classId}/students`)).json());
  return roster.find((student) => student.id === studentId)!;
};

describe("a child's consents", () => {
  it('start MISSING for every purpose, on the record and on the roster', async () => {
    const record = studentSchema.parse((await server.app.inject(`/api/students/${studentId}`)).json());
    expect(record.consents).toEqual({ DATA_PROCESSING: 'MISSING', IMAGE_USE: 'MISSING', IMAGE_PUBLIC: 'MISSING', DATA_SHARING: 'MISSING' });
    expect((await rosterEntry()).consents?.IMAGE_USE).toBe('MISSING');
  });

  it('are kept as a history: a grant, then a withdrawal, the current state is the latest; a resend adds nothing', async () => {
    const id = randomUUID();
    const granted = await post({ id, purpose: 'IMAGE_USE', granted: true, method: 'IN_PERSON' });
    expect(granted.statusCode).toBe(201);
    expect(consentHistorySchema.parse(granted.json()).current.IMAGE_USE).toBe('GRANTED');
    expect((await post({ id, purpose: 'IMAGE_USE', granted: true, method: 'IN_PERSON' })).statusCode).toBe(200);
    expect((await rosterEntry()).consents?.IMAGE_USE).toBe('GRANTED');

    const withdrawn = await post({ id: randomUUID(), purpose: 'IMAGE_USE', granted: false, date: '2026-05-10' });
    expect(withdrawn.statusCode).toBe(201);
    const after = await history();
    expect(after.entries.filter((entry) => entry.purpose === 'IMAGE_USE').map((entry) => entry.granted)).toEqual([true, false]);
    expect(after.current).toMatchObject({ IMAGE_USE: 'REFUSED', DATA_PROCESSING: 'MISSING' });
    expect(after.entries[0]).toMatchObject({ guardianId, method: 'IN_PERSON', date: '2026-03-02' });
    expect((await rosterEntry()).consents?.IMAGE_USE).toBe('REFUSED');
    const record = studentSchema.parse((await server.app.inject(`/api/students/${studentId}`)).json());
    expect(record.consents?.IMAGE_USE).toBe('REFUSED');
  });

  it('an entry dated before the latest does not replace it (the current state is by date)', async () => {
    await post({ purpose: 'DATA_SHARING', granted: true, date: '2026-06-01' });
    await post({ purpose: 'DATA_SHARING', granted: false, date: '2026-01-01' });
    expect((await history()).current.DATA_SHARING).toBe('GRANTED');
  });

  it("refuses another student's guardian, an unknown purpose, an unknown student, and a term version that does not exist", async () => {
    expect((await post({ purpose: 'IMAGE_USE', granted: true, guardianId: otherGuardianId })).statusCode).toBe(400);
    expect((await post({ purpose: 'PHOTOS' as never, granted: true })).statusCode).toBe(400);
    expect((await post({ purpose: 'IMAGE_USE', granted: true }, 'nobody')).statusCode).toBe(404);
    expect((await post({ purpose: 'IMAGE_PUBLIC', granted: true, termVersion: 99 })).statusCode).toBe(400);
  });

  it('cannot be changed in the database: the history is append-only', async () => {
    await expect(server.db.run('UPDATE student_consents SET granted = NOT granted WHERE student_id = $1', [studentId])).rejects.toThrow(
      /append-only/,
    );
  });

  it('are read into the access record', async () => {
    await server.app.inject(`/api/students/${studentId}/consents`);
    const [row] = await server.db.query<{ route: string }>(
      "SELECT route FROM access_log WHERE student_id = $1 AND kind = 'read' ORDER BY id DESC LIMIT 1",
      [studentId],
    );
    expect(row?.route).toBe('/students/:id/consents');
  });
});

describe('the term texts', () => {
  it('are versioned: a new version of a purpose marks the consents given on an earlier one to renew, and lists whom to ask', async () => {
    const first = await server.app.inject({ method: 'POST', url: '/api/consent-terms', payload: { purpose: 'DATA_PROCESSING', text: 'Termo v1' } });
    expect(first.statusCode).toBe(201);
    expect(consentTermSchema.parse(first.json()).version).toBe(1);
    expect((await post({ purpose: 'DATA_PROCESSING', granted: true })).statusCode).toBe(201);
    const given = await history();
    expect(given.entries.find((entry) => entry.purpose === 'DATA_PROCESSING')).toMatchObject({ termVersion: 1 });
    expect(given.toRenew).toEqual([]);

    const clientId = randomUUID();
    const second = await server.app.inject({
      method: 'POST',
      url: '/api/consent-terms',
      payload: { id: clientId, purpose: 'DATA_PROCESSING', text: 'Termo v2' },
    });
    expect(consentTermSchema.parse(second.json()).version).toBe(2);
    const resent = await server.app.inject({
      method: 'POST',
      url: '/api/consent-terms',
      payload: { id: clientId, purpose: 'DATA_PROCESSING', text: 'Termo v2' },
    });
    expect(resent.statusCode).toBe(200);
    expect(consentTermSchema.parse(resent.json()).version).toBe(2);

    expect((await history()).toRenew).toEqual(['DATA_PROCESSING']);
    const toAsk = consentToRenewListSchema.parse((await server.app.inject('/api/consents/to-renew')).json());
    expect(toAsk).toContainEqual(expect.objectContaining({ studentId, purpose: 'DATA_PROCESSING', termVersion: 1, latestVersion: 2 }));

    expect((await post({ purpose: 'DATA_PROCESSING', granted: true, date: '2026-07-01' })).statusCode).toBe(201);
    expect((await history()).toRenew).toEqual([]);
    const terms = (await server.app.inject('/api/consent-terms')).json<{ purpose: string; version: number }[]>();
    expect(terms.filter((term) => term.purpose === 'DATA_PROCESSING').map((term) => term.version)).toEqual([1, 2]);
  });
});

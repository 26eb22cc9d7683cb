import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import { classifyFailure } from '../../../src/lib/http.ts';
import { drainOutbox } from '../../../src/offline/outbox.ts';
import {
  NO_ID_MESSAGE,
  noIdRefusal,
  queueStudentRegistration,
  registerStudentRegistrationHandlers,
  registrationOutcome,
  type StudentDocumentPayload,
} from '../../../src/api/student-registration.ts';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let formFields: Array<[string, unknown, string | undefined]>;
let answer: (call: Call) => Response | Promise<Response>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await db.outbox.clear();
  calls = [];
  formFields = [];
  // fake-indexeddb cannot keep a test-DOM Blob (it comes back as a plain object): record what the handler appends.
  vi.spyOn(FormData.prototype, 'append').mockImplementation((name: string, value: unknown, fileName?: string) => {
    formFields.push([name, value, fileName]);
  });
  registerStudentRegistrationHandlers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const body = input.headers.get('content-type')?.includes('json') ? await input.clone().json() : null;
      const call = { method: input.method, url: input.url, body };
      calls.push(call);
      return answer(call);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const studentId = '7b0e7c36-8f57-4d3f-9a59-2a7a3c1b2f10';
const doc = (id: string, name: string): StudentDocumentPayload => ({
  meta: { id, fileName: name, fileType: 'OUTRO', origin: 'Escola', date: '2026-01-10', description: '' },
  file: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
  fileName: name,
});
const documents = [doc('1f0e7c36-8f57-4d3f-9a59-2a7a3c1b2f11', 'a.pdf'), doc('2f0e7c36-8f57-4d3f-9a59-2a7a3c1b2f12', 'b.png')];

describe('registration through the outbox', () => {
  it('sends the student first, then each document to the id the server returned', async () => {
    answer = (call) => (call.url.endsWith('/students') ? json({ id: 'srv-42' }, 201) : json({ id: 'doc' }, 201));
    const queued = await queueStudentRegistration({ id: studentId, fullName: 'Ana Lima', educationLevel: 'ALFABETIZADO' }, documents);
    await drainOutbox();
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /api/students',
      'POST /api/students/srv-42/documentos',
      'POST /api/students/srv-42/documentos',
    ]);
    expect(calls[0]!.body).toEqual({ id: studentId, fullName: 'Ana Lima', educationLevel: 'ALFABETIZADO' });
    // Fields first (multipart parsers read those before the file), then the file under its own name.
    expect(formFields.slice(0, 7).map(([name, value, fileName]) => (name === 'file' ? `file:${fileName}` : `${name}=${String(value)}`))).toEqual([
      'id=1f0e7c36-8f57-4d3f-9a59-2a7a3c1b2f11',
      'fileName=a.pdf',
      'fileType=OUTRO',
      'origin=Escola',
      'date=2026-01-10',
      'description=',
      'file:a.pdf',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await registrationOutcome(queued)).toEqual({ status: 'sent' });
  });

  it('an answer without an id is a refusal: failed list, documents not sent, nothing retried', async () => {
    answer = () => json({}, 201);
    const queued = await queueStudentRegistration({ id: studentId, fullName: 'Bia' }, documents);
    await drainOutbox();
    const row = await db.outbox.get(studentId);
    expect(row?.state).toBe('failed');
    expect(row?.reason).toBe(NO_ID_MESSAGE);
    expect(calls).toHaveLength(1);
    expect(await registrationOutcome(queued)).toEqual({ status: 'refused', reason: NO_ID_MESSAGE });
    expect((await classifyFailure(noIdRefusal())).kind).toBe('rejected');
    // A full disk waits for the administrator: shown with its reason and Retry, not retried unseen (issue 55).
    const { HTTPError } = await import('ky');
    const diskFull = new Response(JSON.stringify({ statusCode: 507, error: 'Insufficient Storage', message: 'full', code: 'disk-full' }), {
      status: 507,
    });
    expect((await classifyFailure(new HTTPError(diskFull, new Request('http://x/api/students'), {} as never))).kind).toBe('rejected');
  });

  it('a failed document stays queued for a retry and the student is not sent again', async () => {
    answer = (call) => (call.url.endsWith('/students') ? json({ id: 'srv-7' }, 201) : json({ message: 'disk full' }, 503));
    const queued = await queueStudentRegistration({ id: studentId, fullName: 'Caio' }, documents);
    await drainOutbox();
    expect(await db.outbox.get(studentId)).toBeUndefined();
    const left = await db.outbox.bulkGet(queued.documentItemIds);
    expect(left.every((item) => item?.state === 'pending' && item.parentResult?.studentId === 'srv-7')).toBe(true);
    expect((await registrationOutcome(queued))?.status).toBe('document-failed');
    // Retry: only the documents go, to the same student.
    answer = () => json({ id: 'doc' }, 201);
    calls = [];
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drainOutbox();
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/students/srv-7/documentos', '/api/students/srv-7/documentos']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, everything waits on the device', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answer = () => json({ id: 'never' });
    const queued = await queueStudentRegistration({ id: studentId, fullName: 'Davi' }, documents);
    await drainOutbox();
    expect(calls).toHaveLength(0);
    expect(await db.outbox.count()).toBe(3);
    expect(await registrationOutcome(queued)).toEqual({ status: 'pending' });
    onLine.mockRestore();
  });

  it('a server that cannot be reached leaves the registration pending', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const queued = await queueStudentRegistration({ id: studentId, fullName: 'Eva' }, documents);
    await drainOutbox();
    expect(await registrationOutcome(queued)).toEqual({ status: 'pending' });
    expect((await db.outbox.get(studentId))?.state).toBe('pending');
  });

  it('a re-submit with the same client id replaces the refused attempt instead of adding one', async () => {
    answer = () => json({}, 201);
    await queueStudentRegistration({ id: studentId, fullName: 'Fábio' }, documents);
    await drainOutbox();
    answer = (call) => (call.url.endsWith('/students') ? json({ id: 'srv-9' }, 201) : json({ id: 'doc' }, 201));
    await queueStudentRegistration({ id: studentId, fullName: 'Fábio' }, documents);
    await drainOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect(calls.filter((c) => c.url.endsWith('/students')).map((c) => (c.body as { id: string }).id)).toEqual([studentId, studentId]);
  });
});

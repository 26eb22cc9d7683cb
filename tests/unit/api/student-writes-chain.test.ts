/**
 * A student's writes made on one device follow each other (api/student-records.ts): a second edit made offline takes
 * the first's place, a status change waits for the edit before it and is sent on the version that edit got, and the
 * profile and the edit form show the edit still waiting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import { drainOutbox } from '../../../src/offline/outbox.ts';
import { setSessionUid } from '../../../src/lib/session-user.ts';
import type { Student, StudentUpdate } from '../../../src/api/contract.ts';
import { enqueueStudentStatus, enqueueStudentUpdate, registerStudentRecordHandlers, withWaitingEdit } from '../../../src/api/student-records.ts';

const record: Student = {
  id: 's1',
  fullName: 'Ana Lima',
  address: { street: 'Rua A' },
  active: true,
  frequencyPercent: 0,
  enrolments: [],
  version: 1,
};
const edit = (fields: Partial<StudentUpdate>): StudentUpdate => ({ fullName: 'Ana Lima', address: { street: 'Rua A' }, version: 1, ...fields });

/** The server: refuses every request while down; up, it answers the record at the next version and records the bodies. */
function fakeServer() {
  const server = { up: false, version: 1, bodies: [] as Array<{ method: string; path: string; body: Record<string, unknown> }> };
  let applied = '';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (!server.up) throw new TypeError('Failed to fetch');
      const body = (await request.json()) as Record<string, unknown>;
      server.bodies.push({ method: request.method, path: new URL(request.url).pathname, body });
      // The same edit sent again after it was applied (its answer lost): answered as it is now, as the real server does.
      if (body.version !== server.version && JSON.stringify(body) === applied) return Response.json({ ...record, version: server.version });
      if (body.version !== server.version)
        return Response.json({ statusCode: 409, error: 'Conflict', message: 'stale', code: 'stale-version' }, { status: 409 });
      applied = JSON.stringify(body);
      server.version += 1;
      const { version: _version, ...fields } = body;
      return Response.json({ ...record, ...fields, address: record.address, version: server.version });
    }),
  );
  return server;
}

const later = () => Date.now() + 3_600_000;

beforeEach(async () => {
  await db.outbox.clear();
  registerStudentRecordHandlers();
});
afterEach(() => vi.unstubAllGlobals());

describe("a student's writes made on this device", () => {
  it('a second edit made before the first left the device (offline) takes its place, on the version the first started from', async () => {
    const server = fakeServer();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await enqueueStudentUpdate('s1', edit({ schoolYear: '7º ano' }));
    await drainOutbox();
    // The form of the second edit starts from the first (withWaitingEdit), so it holds both changes.
    const rows = await db.outbox.toArray();
    const shown = withWaitingEdit(record, rows).student;
    expect(shown).toMatchObject({ schoolYear: '7º ano', version: 1 });
    await enqueueStudentUpdate('s1', edit({ schoolYear: shown.schoolYear, schoolName: 'Escola B', version: shown.version }));
    expect(await db.outbox.count()).toBe(1);
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    server.up = true;
    await drainOutbox(later);
    expect(await db.outbox.count()).toBe(0);
    expect(server.bodies).toEqual([
      { method: 'PUT', path: '/api/students/s1', body: expect.objectContaining({ schoolYear: '7º ano', schoolName: 'Escola B', version: 1 }) },
    ]);
  });

  it("a second edit made after the first was tried online (its answer lost) waits behind it: no conflict with the user's own", async () => {
    const server = fakeServer();
    server.up = true;
    // The server applies the first edit, and its answer is lost on the way back.
    const fetchOk = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      await fetchOk(input, init);
      throw new TypeError('Failed to fetch');
    });
    await enqueueStudentUpdate('s1', edit({ schoolYear: '7º ano' }));
    await drainOutbox();
    expect(server.version).toBe(2);
    const shown = withWaitingEdit(record, await db.outbox.toArray()).student;
    await enqueueStudentUpdate('s1', edit({ schoolYear: shown.schoolYear, schoolName: 'Escola B', version: 1 }));
    expect(await db.outbox.count()).toBe(2);
    await drainOutbox(later);
    await drainOutbox(later);
    expect(await db.outbox.count()).toBe(0);
    // The first again (the server takes a resend of an applied edit), then the second on the version the first got.
    expect(server.bodies.map(({ body }) => [body.version, body.schoolName ?? null])).toEqual([
      [1, null],
      [1, null],
      [2, 'Escola B'],
    ]);
  });

  it('a status change after an edit waits for it and is sent on the version the edit got, not as a conflict', async () => {
    const server = fakeServer();
    await enqueueStudentUpdate('s1', edit({ schoolName: 'Escola B' }));
    await enqueueStudentStatus('s1', { active: false, date: '2026-11-20', reason: 'Mudou de cidade', version: 1 });
    await drainOutbox();
    server.up = true;
    await drainOutbox(later);
    expect(await db.outbox.count()).toBe(0);
    expect(server.bodies.map(({ method, body }) => [method, body.version])).toEqual([
      ['PUT', 1],
      ['POST', 2],
    ]);
  });

  it('the profile shows the edit still waiting, and only that student', async () => {
    fakeServer();
    await enqueueStudentUpdate('s1', edit({ schoolName: 'Escola B' }));
    await drainOutbox();
    const rows = await db.outbox.toArray();
    expect(withWaitingEdit(record, rows)).toEqual({ student: expect.objectContaining({ schoolName: 'Escola B', version: 1 }), waiting: true });
    expect(withWaitingEdit({ ...record, id: 's2' }, rows)).toEqual({ student: { ...record, id: 's2' }, waiting: false });
  });

  it("an edit made under another sign-in neither replaces nor waits for the last account's: the later one to arrive conflicts", async () => {
    const server = fakeServer();
    setSessionUid('ana');
    await enqueueStudentUpdate('s1', edit({ schoolYear: '7º ano' }));
    await drainOutbox();
    setSessionUid('bruno');
    await enqueueStudentUpdate('s1', edit({ schoolName: 'Escola B' }));
    const rows = await db.outbox.orderBy('createdAt').toArray();
    expect(rows.map((row) => [row.author, row.dependsOn])).toEqual([
      ['ana', 's1'],
      ['bruno', 's1'],
    ]);
    server.up = true;
    await drainOutbox(later);
    expect(server.bodies.map(({ body }) => [body.schoolName ?? body.schoolYear, body.version])).toEqual([['Escola B', 1]]);
    setSessionUid('ana');
    await drainOutbox(later);
    const anas = (await db.outbox.toArray())[0]!;
    expect([anas.author, anas.state, anas.reasonCode]).toEqual(['ana', 'failed', 'stale-version']);
    setSessionUid(null);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueGuardianCreate, enqueueGuardianRemove, enqueueGuardianUpdate, registerGuardianHandlers } from '../../../src/api/guardians.ts';
import { drainOutbox } from '../../../src/offline/outbox.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { mockApi } from '../students/support.tsx';

const fields = {
  name: 'Maria',
  cpf: '52998224725',
  birthDate: '1980-01-01',
  civilState: 'CASADO' as const,
  nis: '1',
  phone: '2',
  email: 'm@example.com',
  address: 'Rua',
};

beforeEach(async () => {
  await db.outbox.clear();
  registerGuardianHandlers();
});
afterEach(() => vi.unstubAllGlobals());

describe('guardian outbox handlers', () => {
  it("'guardian.create' POSTs to students/{id}/responsibles with the client id in the body, then leaves the outbox", async () => {
    const api = mockApi({
      'POST students/stu-9/responsibles': async (request: Request) =>
        new Response(JSON.stringify(await request.json()), { status: 201, headers: { 'content-type': 'application/json' } }),
    });
    const id = await enqueueGuardianCreate('stu-9', fields);
    await drainOutbox();
    const post = api.calls.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/students/stu-9/responsibles');
    expect(await post.json()).toEqual({ ...fields, id });
    expect(await db.outbox.count()).toBe(0);
  });

  it("'guardian.update' PUTs to responsibles/{id}", async () => {
    const api = mockApi({
      'PUT responsibles/g-7': async (request: Request) =>
        new Response(JSON.stringify({ id: 'g-7', ...(await request.json()) }), { headers: { 'content-type': 'application/json' } }),
    });
    await enqueueGuardianUpdate('stu-9', 'g-7', fields);
    await drainOutbox();
    const put = api.calls.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual(fields);
    expect(await db.outbox.count()).toBe(0);
  });

  it("two edits and a removal made offline reach the server as the user's own sequence, not as a conflict with themselves", async () => {
    let version = 3;
    const seen: Array<{ method: string; body: Record<string, unknown> }> = [];
    const answer = async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.push({ method: request.method, body });
      if (body.version !== version)
        return new Response(JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'stale', code: 'stale-version' }), { status: 409 });
      version += 1;
      return new Response(JSON.stringify({ id: 'g-1', ...fields, ...body, version }), { headers: { 'content-type': 'application/json' } });
    };
    mockApi({ 'PUT responsibles/g-1': answer, 'DELETE responsibles/g-1': answer });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueueGuardianUpdate('stu-9', 'g-1', { ...fields, phone: '111' }, 3);
    await enqueueGuardianUpdate('stu-9', 'g-1', { ...fields, phone: '111', email: 'new@example.com' }, 3);
    await enqueueGuardianRemove('stu-9', 'g-1', 3);
    offline.mockRestore();
    await drainOutbox();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(seen).toEqual([
      { method: 'PUT', body: { ...fields, phone: '111', email: 'new@example.com', version: 3 } },
      { method: 'DELETE', body: { version: 4 } },
    ]);
  });

  it('a refusal (4xx) keeps the guardian in the failed list with the server message', async () => {
    mockApi({
      'POST students/stu-9/responsibles': () =>
        new Response(JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Invalid CPF' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    await enqueueGuardianCreate('stu-9', fields);
    await drainOutbox();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ state: 'failed', reason: 'Invalid CPF' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueGuardianCreate, enqueueGuardianUpdate, registerGuardianHandlers } from '../../../src/api/guardians.ts';
import { drainOutbox } from '../../../src/offline/outbox.ts';
import { db } from '../../../src/lib/db.ts';
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

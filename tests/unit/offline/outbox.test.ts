import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTPError } from 'ky';
import { type OutboxRow } from '../../../src/lib/db.ts';
import { db, QuadraDb } from '../../../src/lib/db-dexie.ts';
import { sessionUid, setSessionUid } from '../../../src/lib/session-user.ts';
import { outboxKinds } from '../../../src/offline/outbox-kinds.ts';
import { setTokenProvider } from '../../../src/lib/http.ts';
import {
  backoffDelay,
  drainOutbox,
  enqueue,
  keepMine,
  registerOutboxHandler,
  retryItem,
  adoptItem,
  discardItem,
  isMadeHere,
  startOutbox,
  takeTheirs,
} from '../../../src/offline/outbox.ts';

const httpError = (status: number, message: string, code?: string) =>
  new HTTPError(
    new Response(JSON.stringify({ statusCode: status, error: 'Bad Request', message, code }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
    new Request('http://localhost/api/x'),
    {} as never,
  );

/** Let the drain that enqueue starts finish. */
const settle = () => drainOutbox();

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the outbox', () => {
  it('keeps an item across a reload (a new connection to the same IndexedDB)', async () => {
    await enqueue({ kind: 'test.unhandled', payload: { name: 'Ana' }, id: 'c0ffee00-0000-4000-8000-000000000001' });
    await settle();
    const reopened = new QuadraDb();
    const row = await reopened.outbox.get('c0ffee00-0000-4000-8000-000000000001');
    reopened.close();
    expect(row?.payload).toEqual({ name: 'Ana' });
    expect(row?.state).toBe('pending');
  });

  it('writes the item to IndexedDB before it is sent', async () => {
    const seenInDb: (OutboxRow | undefined)[] = [];
    registerOutboxHandler('test.write-first', async (item) => {
      seenInDb.push(await db.outbox.get(item.id));
    });
    const row = await enqueue({ kind: 'test.write-first', payload: 1 });
    await settle();
    expect(seenInDb[0]?.id).toBe(row.id);
    expect(await db.outbox.get(row.id)).toBeUndefined();
  });

  it('retries a network error with growing waits, sending the same client id every time', async () => {
    const ids: string[] = [];
    registerOutboxHandler('test.flaky', async (item) => {
      ids.push(item.id);
      if (ids.length < 3) throw new TypeError('Failed to fetch');
    });
    let now = 1_000_000;
    const clock = () => now;
    const row = await enqueue({ kind: 'test.flaky', payload: {} });
    await settle();
    const first = await db.outbox.get(row.id);
    expect(first?.attempts).toHaveLength(1);
    const firstWait = first!.nextAttemptAt - first!.attempts[0]!.at;

    await drainOutbox(clock); // not due yet
    expect(ids).toHaveLength(1);

    now = first!.nextAttemptAt + 1;
    await drainOutbox(clock);
    const second = await db.outbox.get(row.id);
    expect(second?.attempts).toHaveLength(2);
    const secondWait = second!.nextAttemptAt - now;
    expect(secondWait).toBeGreaterThanOrEqual(2_000);
    expect(firstWait).toBeLessThanOrEqual(2_000);

    now = second!.nextAttemptAt + 1;
    await drainOutbox(clock);
    expect(await db.outbox.get(row.id)).toBeUndefined();
    expect(new Set(ids)).toEqual(new Set([row.id]));
  });

  it('retries a 5xx answer', async () => {
    registerOutboxHandler('test.5xx', async () => {
      throw httpError(503, 'Service unavailable');
    });
    const row = await enqueue({ kind: 'test.5xx', payload: {} });
    await settle();
    const stored = await db.outbox.get(row.id);
    expect(stored?.state).toBe('pending');
    expect(stored?.attempts[0]?.status).toBe(503);
  });

  it("moves a 4xx refusal to the failed list with the server's reason, and does not retry it", async () => {
    const handler = vi.fn(async () => {
      throw httpError(422, 'Invalid CPF');
    });
    registerOutboxHandler('test.4xx', handler);
    const row = await enqueue({ kind: 'test.4xx', payload: {} });
    await settle();
    const stored = await db.outbox.get(row.id);
    expect(stored?.state).toBe('failed');
    expect(stored?.reason).toBe('Invalid CPF');
    expect(stored?.reasonCode).toBeUndefined();
    await drainOutbox(() => Date.now() + 3_600_000);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("moves a write the user's role may not make (403) to the failed list with the server's reason", async () => {
    registerOutboxHandler('test.403', async () => {
      throw httpError(403, 'The instrutor access does not allow this (guardians:write)', 'forbidden');
    });
    const row = await enqueue({ kind: 'test.403', payload: {} });
    await settle();
    const stored = await db.outbox.get(row.id);
    expect(stored?.state).toBe('failed');
    expect(stored?.reason).toBe('The instrutor access does not allow this (guardians:write)');
    expect(stored?.reasonCode).toBe('forbidden');
  });

  it('keeps a write refused because the account itself was refused (deactivated) pending, for the next sign-in', async () => {
    registerOutboxHandler('test.403-account', async () => {
      throw httpError(403, 'This account was deactivated', 'deactivated');
    });
    const row = await enqueue({ kind: 'test.403-account', payload: {} });
    await settle();
    const stored = await db.outbox.get(row.id);
    expect(stored?.state).toBe('pending');
    expect(stored?.attempts.at(-1)?.status).toBe(403);
  });

  it('keeps the server\'s current record beside an edit refused as stale (409), and "keep mine" resends it on that version', async () => {
    const sent: unknown[] = [];
    registerOutboxHandler(
      'test.versioned',
      async (item) => {
        sent.push(item.payload);
        const { version } = item.payload as { version: number };
        if (version !== 3) {
          throw new HTTPError(
            new Response(
              JSON.stringify({
                statusCode: 409,
                error: 'Conflict',
                message: 'changed',
                code: 'stale-version',
                current: { name: 'Theirs', version: 3 },
              }),
              {
                status: 409,
                headers: { 'Content-Type': 'application/json' },
              },
            ),
            new Request('http://localhost/api/x'),
            {} as never,
          );
        }
      },
      { rebase: (payload, current) => ({ ...(payload as object), version: (current as { version: number }).version }) },
    );
    const row = await enqueue({ kind: 'test.versioned', payload: { name: 'Mine', version: 1 } });
    await settle();
    const failed = await db.outbox.get(row.id);
    expect(failed).toMatchObject({ state: 'failed', conflict: { current: { name: 'Theirs', version: 3 } } });
    expect(await keepMine(row.id)).toBe(true);
    await settle();
    expect(sent.at(-1)).toEqual({ name: 'Mine', version: 3 });
    expect(await db.outbox.get(row.id)).toBeUndefined();
  });

  it('a failed item can be retried or discarded by the user', async () => {
    let refuse = true;
    registerOutboxHandler('test.retry', async () => {
      if (refuse) throw httpError(409, 'Conflict');
    });
    const row = await enqueue({ kind: 'test.retry', payload: {} });
    await settle();
    expect((await db.outbox.get(row.id))?.state).toBe('failed');
    refuse = false;
    await retryItem(row.id);
    await settle();
    expect(await db.outbox.get(row.id)).toBeUndefined();

    refuse = true;
    const other = await enqueue({ kind: 'test.retry', payload: {} });
    await settle();
    await discardItem(other.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it("discarding a refused edit sends the user's later save of the record that waited behind it; a refused creation takes its dependants with it", async () => {
    const sent: string[] = [];
    registerOutboxHandler(outboxKinds.studentUpdate, async (item) => {
      if (item.payload === 'edit with a taken CPF') throw httpError(409, 'CPF taken', 'cpf-taken');
      sent.push(String(item.payload));
    });
    registerOutboxHandler(outboxKinds.studentStatus, async (item) => void sent.push(String(item.payload)));
    const edit = await enqueue({ kind: outboxKinds.studentUpdate, payload: 'edit with a taken CPF' });
    const status = await enqueue({ kind: outboxKinds.studentStatus, payload: 'deactivation', dependsOn: edit.id });
    await settle();
    expect(await db.outbox.get(edit.id)).toMatchObject({ state: 'failed', reasonCode: 'cpf-taken' });
    expect(await db.outbox.get(status.id)).toMatchObject({ state: 'pending' });
    await discardItem(edit.id);
    await settle();
    expect(sent).toEqual(['deactivation']);
    expect(await db.outbox.count()).toBe(0);

    registerOutboxHandler(outboxKinds.studentCreate, async () => {
      throw httpError(400, 'Invalid');
    });
    const registration = await enqueue({ kind: outboxKinds.studentCreate, payload: 'registration' });
    await enqueue({ kind: outboxKinds.studentStatus, payload: 'its status', dependsOn: registration.id });
    await settle();
    await discardItem(registration.id);
    await settle();
    expect(await db.outbox.count()).toBe(0);
    expect(sent).toEqual(['deactivation']);
  });

  it('a write released by a discard goes on from the version its chain had reached, not from its form', async () => {
    // A deactivation was sent (version 2), the edit after it was refused, a reactivation waits behind the edit.
    const base = { createdAt: 1, nextAttemptAt: Number.MAX_SAFE_INTEGER, attempts: [] };
    await db.outbox.put({ ...base, id: 'e1', kind: outboxKinds.studentUpdate, payload: {}, state: 'failed', parentResult: { version: 2 } });
    await db.outbox.put({ ...base, id: 's2', kind: outboxKinds.studentStatus, payload: {}, state: 'pending', dependsOn: 'e1' });
    await discardItem('e1');
    expect(await db.outbox.get('s2')).toMatchObject({ parentResult: { version: 2 } });
    expect((await db.outbox.get('s2'))?.dependsOn).toBeUndefined();
    await db.outbox.clear();
  });

  it('sends a dependent item only after its parent, with what the parent returned', async () => {
    const order: string[] = [];
    let parentResult: unknown;
    registerOutboxHandler('test.parent', async () => {
      order.push('parent');
      return { studentId: 'srv-1' };
    });
    registerOutboxHandler('test.child', async (item) => {
      order.push('child');
      parentResult = item.parentResult;
    });
    const parentId = crypto.randomUUID();
    // The child is written first but must wait for its parent.
    await db.outbox.put({
      id: 'child-1',
      kind: 'test.child',
      payload: {},
      createdAt: 1,
      state: 'pending',
      nextAttemptAt: 0,
      attempts: [],
      dependsOn: parentId,
    });
    await db.outbox.put({ id: parentId, kind: 'test.parent', payload: {}, createdAt: 2, state: 'pending', nextAttemptAt: 0, attempts: [] });
    // One drain sends both: the child, passed over before its parent was sent, goes in a second pass of the same drain.
    await drainOutbox();
    expect(order).toEqual(['parent', 'child']);
    expect(parentResult).toEqual({ studentId: 'srv-1' });
  });

  it("does not hold a roll behind a document's file still on its way (or hanging): the file lane goes beside", async () => {
    let finishUpload!: () => void;
    const sent: string[] = [];
    registerOutboxHandler(outboxKinds.studentDocument, async () => {
      await new Promise<void>((resolve) => (finishUpload = resolve));
      sent.push('document');
    });
    registerOutboxHandler('test.roll', async () => void sent.push('roll'));
    const row = (id: string, kind: string, createdAt: number): OutboxRow => ({
      id,
      kind,
      payload: {},
      createdAt,
      state: 'pending',
      nextAttemptAt: 0,
      attempts: [],
    });
    await db.outbox.bulkPut([row('doc-1', outboxKinds.studentDocument, 1), row('roll-1', 'test.roll', 2)]);
    const drained = drainOutbox();
    await vi.waitFor(() => expect(sent).toEqual(['roll']));
    expect(await db.outbox.get('roll-1')).toBeUndefined();
    expect(await db.outbox.get('doc-1')).toBeDefined();
    finishUpload();
    await drained;
    expect(sent).toEqual(['roll', 'document']);
    expect(await db.outbox.count()).toBe(0);
  });

  it("sends a document right after its student's registration in the other lane, in the same drain, with the student's id", async () => {
    const order: string[] = [];
    let documentGot: unknown;
    registerOutboxHandler(outboxKinds.studentDocument, async (item) => {
      order.push('document');
      documentGot = item.parentResult;
    });
    registerOutboxHandler('test.registration', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('student');
      return { studentId: 'srv-9' };
    });
    await db.outbox.bulkPut([
      {
        id: 'doc-2',
        kind: outboxKinds.studentDocument,
        payload: {},
        createdAt: 1,
        state: 'pending',
        nextAttemptAt: 0,
        attempts: [],
        dependsOn: 'stu-2',
      },
      { id: 'stu-2', kind: 'test.registration', payload: {}, createdAt: 2, state: 'pending', nextAttemptAt: 0, attempts: [] },
    ]);
    await drainOutbox();
    expect(order).toEqual(['student', 'document']);
    expect(documentGot).toEqual({ studentId: 'srv-9' });
  });

  it('sends a document added while its registration was on its way right after it, not at the next 15 s drain', async () => {
    let finishRegistration!: () => void;
    const order: string[] = [];
    registerOutboxHandler('test.registration-slow', async () => {
      await new Promise<void>((resolve) => (finishRegistration = resolve));
      order.push('student');
      return { studentId: 'srv-10' };
    });
    registerOutboxHandler(outboxKinds.studentDocument, async () => void order.push('document'));
    await db.outbox.put({ id: 'stu-3', kind: 'test.registration-slow', payload: {}, createdAt: 1, state: 'pending', nextAttemptAt: 0, attempts: [] });
    const first = drainOutbox();
    await vi.waitFor(() => expect(finishRegistration).toBeTypeOf('function'));
    // The document comes while the registration is on its way; its own drain finds the parent still waiting.
    await db.outbox.put({
      id: 'doc-3',
      kind: outboxKinds.studentDocument,
      payload: {},
      createdAt: 2,
      state: 'pending',
      nextAttemptAt: 0,
      attempts: [],
      dependsOn: 'stu-3',
    });
    const second = drainOutbox();
    await vi.waitFor(async () => expect(await db.outbox.get('doc-3')).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 20));
    finishRegistration();
    await Promise.all([first, second]);
    await vi.waitFor(() => expect(order).toEqual(['student', 'document']), { timeout: 2_000 });
  });

  it("keeps a row whose payload was replaced while it was being sent (another tab's edit), and sends the new one on what the first got", async () => {
    const sent: unknown[] = [];
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    registerOutboxHandler('test.replaced', async (item) => {
      sent.push({ payload: item.payload, parent: item.parentResult });
      if (sent.length === 1) await answered;
      return { version: sent.length + 1 };
    });
    const row = await enqueue({ kind: 'test.replaced', payload: { school: 'A' } });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The other tab replaces the waiting edit while this one's send is on its way.
    await db.outbox.update(row.id, { payload: { school: 'A', year: '5' }, revision: 1 });
    release();
    await vi.waitFor(async () => expect(await db.outbox.get(row.id)).toBeUndefined());
    expect(sent).toEqual([
      { payload: { school: 'A' }, parent: undefined },
      { payload: { school: 'A', year: '5' }, parent: { version: 2 } },
    ]);
  });

  it('"take theirs" drops only the conflicted write: what waits for it is sent on its own; "keep mine" forgets an earlier parent\'s answer', async () => {
    const sent: unknown[] = [];
    registerOutboxHandler('test.after-conflict', async (item) => {
      sent.push({ payload: item.payload, parent: item.parentResult });
    });
    const conflicted = { attempts: [], createdAt: 1, nextAttemptAt: 0, state: 'failed' as const, conflict: { current: { version: 9 } } };
    await db.outbox.bulkPut([
      { id: 'c1', kind: 'test.after-conflict', payload: { n: 1 }, ...conflicted },
      { id: 'c2', kind: 'test.after-conflict', payload: { n: 2 }, createdAt: 2, state: 'pending', nextAttemptAt: 0, attempts: [], dependsOn: 'c1' },
    ]);
    await takeTheirs('c1');
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sent).toEqual([{ payload: { n: 2 }, parent: undefined }]);

    const parents: unknown[] = [];
    registerOutboxHandler(
      'test.rebased',
      async (item) => {
        parents.push(item.parentResult);
      },
      { rebase: (payload) => payload },
    );
    await db.outbox.put({ id: 'k1', kind: 'test.rebased', payload: {}, ...conflicted, parentResult: { version: 4 } });
    expect(await keepMine('k1')).toBe(true);
    await vi.waitFor(async () => expect(await db.outbox.get('k1')).toBeUndefined());
    expect(parents).toEqual([undefined]);
  });

  it("on a shared tablet, sends a write only under its author's sign-in; another account sees it but cannot drop it", async () => {
    const sent: string[] = [];
    registerOutboxHandler('test.authored', async (item) => {
      sent.push(`${String(item.payload)} as ${sessionUid()}`);
    });
    setSessionUid('ana');
    const anas = await enqueue({ kind: 'test.authored', payload: 'roll' });
    expect(anas.author).toBe('ana');
    setSessionUid('bruno'); // Ana signed out before it was sent; Bruno signed in on the same tablet
    await settle();
    await drainOutbox();
    expect(sent).toEqual([]);
    expect(isMadeHere(anas)).toBe(false);
    await discardItem(anas.id);
    await retryItem(anas.id);
    expect((await db.outbox.get(anas.id))?.state).toBe('pending');
    const brunos = await enqueue({ kind: 'test.authored', payload: 'edit' });
    await settle();
    expect(sent).toEqual(['edit as bruno']);
    setSessionUid('ana');
    await drainOutbox();
    expect(sent).toEqual(['edit as bruno', 'roll as ana']);
    expect(await db.outbox.count()).toBe(0);
    expect(brunos.author).toBe('bruno');
    // Without sign-in a write belongs to nobody in particular, and goes as before.
    setSessionUid(null);
    const open = await enqueue({ kind: 'test.authored', payload: 'open' });
    await settle();
    expect(open.author).toBeUndefined();
    expect(sent.at(-1)).toBe('open as null');
  });

  it('"send as mine" takes another account\'s waiting write as the signed-in user\'s and sends it', async () => {
    const sent: string[] = [];
    registerOutboxHandler('test.adopted', async (item) => {
      sent.push(`${String(item.payload)} by ${item.author}`);
    });
    setSessionUid('ana');
    const anas = await enqueue({ kind: 'test.adopted', payload: 'roll' });
    setSessionUid('bruno');
    await settle();
    expect(sent).toEqual([]);
    await adoptItem(anas.id);
    await drainOutbox();
    expect(sent).toEqual(['roll by bruno']);
    setSessionUid(null);
  });

  it("holds a write when the token about to be sent is another account's (a sign-in in another tab not heard here yet)", async () => {
    const sent: string[] = [];
    registerOutboxHandler('test.token', async (item) => {
      sent.push(String(item.payload));
    });
    const tokenOf = (sub: string) => `x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.y`;
    let signedIn = 'carla';
    setTokenProvider(async () => tokenOf(signedIn));
    try {
      setSessionUid('ana'); // this tab still thinks Ana is signed in
      await enqueue({ kind: 'test.token', payload: 'anas' });
      await settle();
      expect(sent).toEqual([]);
      signedIn = 'ana';
      await drainOutbox();
      expect(sent).toEqual(['anas']);
    } finally {
      setTokenProvider(async () => null);
      setSessionUid(null);
    }
  });

  it("discarding one's write keeps another account's that waited for it, sent on its own", async () => {
    const sent: string[] = [];
    registerOutboxHandler('test.chain', async (item) => {
      sent.push(String(item.payload));
    });
    registerOutboxHandler('test.refused', async () => {
      throw httpError(400, 'no');
    });
    setSessionUid('bruno');
    const brunos = await enqueue({ kind: 'test.refused', payload: 'first' });
    await settle();
    setSessionUid('ana');
    const anas = await enqueue({ kind: 'test.chain', payload: 'after', dependsOn: brunos.id });
    await settle();
    expect(sent).toEqual([]);
    setSessionUid('bruno');
    await discardItem(brunos.id);
    expect(await db.outbox.get(brunos.id)).toBeUndefined();
    expect((await db.outbox.get(anas.id))?.dependsOn).toBeUndefined();
    setSessionUid('ana');
    await drainOutbox();
    expect(sent).toEqual(['after']);
    setSessionUid(null);
  });

  it('waits grow and stay within bounds', () => {
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(30, () => 1)).toBe(300_000);
  });
});

describe('the started outbox', () => {
  it('tries again when the first wait is over, without waiting for the 15 s timer', async () => {
    let calls = 0;
    registerOutboxHandler('test.wake', async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
    });
    startOutbox();
    const row = await enqueue({ kind: 'test.wake', payload: {} });
    // The first wait is 1-2 s; the 15 s timer would be far too late for this.
    await vi.waitFor(async () => expect(await db.outbox.get(row.id)).toBeUndefined(), { timeout: 4_000, interval: 100 });
    expect(calls).toBe(2);
  });
});

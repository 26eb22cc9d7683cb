import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { CACHE_MAX_AGE_MS, persistOptions, queryClient } from '../../../src/offline/query-client.ts';

describe('the persisted query cache', () => {
  it('keeps data for at least a week offline', () => {
    expect(CACHE_MAX_AGE_MS).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000);
    expect(persistOptions.maxAge).toBe(CACHE_MAX_AGE_MS);
  });

  it('never sets a garbage-collection timer beyond what setTimeout can hold (it would fire at once)', () => {
    const gcTime = queryClient.getDefaultOptions().queries?.gcTime ?? 0;
    expect(gcTime === Infinity || gcTime <= 2 ** 31 - 1).toBe(true);
    expect(gcTime).toBeGreaterThanOrEqual(CACHE_MAX_AGE_MS);
  });

  it('is dropped when the app version changes', () => {
    expect(persistOptions.buster).toBe('test');
  });

  it("keeps a copy whose refresh failed (offline, a bad connection) through the next save, as the server's last answer", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: CACHE_MAX_AGE_MS } } });
    const classes = [{ id: 'c1', title: 'Futsal Sub-12' }];
    await client.fetchQuery({ queryKey: ['classes-kept'], queryFn: () => classes });
    await persistQueryClientSave({ queryClient: client, ...persistOptions });
    const answeredAt = client.getQueryState(['classes-kept'])!.dataUpdatedAt;
    // The refresh fails; the query keeps its data with status "error". Then anything is saved.
    await client.fetchQuery({ queryKey: ['classes-kept'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) }).catch(() => undefined);
    expect(client.getQueryState(['classes-kept'])).toMatchObject({ status: 'error', data: classes });
    client.setQueryData(['something-else'], { saved: true });
    await persistQueryClientSave({ queryClient: client, ...persistOptions });

    const reopened = new QueryClient({ defaultOptions: { queries: { gcTime: CACHE_MAX_AGE_MS } } });
    await persistQueryClientRestore({ queryClient: reopened, ...persistOptions });
    expect(reopened.getQueryState(['classes-kept'])).toMatchObject({ status: 'success', data: classes, dataUpdatedAt: answeredAt });
    await persistOptions.persister.removeClient();
  });

  it('drops a copy the server now refuses for good (403: the role may not read it any more; 404: gone)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: CACHE_MAX_AGE_MS } } });
    await client.fetchQuery({ queryKey: ['roll-kept'], queryFn: () => ({ reason: 'HEALTH' }) });
    await persistQueryClientSave({ queryClient: client, ...persistOptions });
    const forbidden = new HTTPError(new Response('{}', { status: 403 }), new Request('http://localhost/api/x'), {} as never);
    await client.fetchQuery({ queryKey: ['roll-kept'], queryFn: () => Promise.reject(forbidden) }).catch(() => undefined);
    await persistQueryClientSave({ queryClient: client, ...persistOptions });
    const reopened = new QueryClient();
    await persistQueryClientRestore({ queryClient: reopened, ...persistOptions });
    expect(reopened.getQueryData(['roll-kept'])).toBeUndefined();
    await persistOptions.persister.removeClient();
  });
});

describe('the end of a session', () => {
  it("removes the unsaved roll-call marks, a registration draft's files and conflicts' server copies with the cache (they are personal data), and keeps the outbox's writes", async () => {
    const { forgetDeviceData } = await import('../../../src/offline/query-client.ts');
    const { db } = await import('../../../src/lib/db-dexie.ts');
    const { rollDraftKey } = await import('../../../src/lib/db.ts');
    await db.rollDrafts.put({ key: rollDraftKey('c1', '2026-11-26'), classId: 'c1', date: '2026-11-26', marks: { s1: 'ABSENT' }, updatedAt: 1 });
    await db.draftDocuments.put({ key: 'r1|d1', clientId: 'r1', addedAt: 1, document: { id: 'd1' } });
    await db.outbox.put({ id: 'o1', kind: 'x', payload: {}, createdAt: 1, state: 'pending', nextAttemptAt: 0, attempts: [] });
    await db.outbox.put({
      id: 'o2',
      kind: 'x',
      payload: { name: 'mine' },
      createdAt: 2,
      state: 'failed',
      nextAttemptAt: 0,
      attempts: [],
      reasonCode: 'stale-version',
      conflict: { current: { cpf: '52998224725' } },
    });
    await forgetDeviceData();
    expect(await db.rollDrafts.count()).toBe(0);
    expect(await db.draftDocuments.count()).toBe(0);
    expect(await db.outbox.get('o1')).toBeDefined();
    // The refused write stays (it is the user's work); the server's copy of the record beside it goes.
    const refused = await db.outbox.get('o2');
    expect(refused).toMatchObject({ state: 'failed', payload: { name: 'mine' } });
    expect(refused).not.toHaveProperty('conflict');
    await db.outbox.clear();
  });
});

import { describe, expect, it } from 'vitest';
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
});

describe('the end of a session', () => {
  it("removes the unsaved roll-call marks and a registration draft's files with the cache (they are personal data), and keeps the outbox", async () => {
    const { forgetDeviceData } = await import('../../../src/offline/query-client.ts');
    const { db, rollDraftKey } = await import('../../../src/lib/db.ts');
    await db.rollDrafts.put({ key: rollDraftKey('c1', '2026-11-26'), classId: 'c1', date: '2026-11-26', marks: { s1: 'ABSENT' }, updatedAt: 1 });
    await db.draftDocuments.put({ key: 'r1|d1', clientId: 'r1', addedAt: 1, document: { id: 'd1' } });
    await db.outbox.put({ id: 'o1', kind: 'x', payload: {}, createdAt: 1, state: 'pending', nextAttemptAt: 0, attempts: [] });
    await forgetDeviceData();
    expect(await db.rollDrafts.count()).toBe(0);
    expect(await db.draftDocuments.count()).toBe(0);
    expect(await db.outbox.get('o1')).toBeDefined();
    await db.outbox.clear();
  });
});

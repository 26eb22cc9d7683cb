/**
 * The end of a session whose removal from IndexedDB fails (the database refuses, or its code cannot load) still ends:
 * what it could not remove is owed, removed at the next start before anything is restored, and never restored.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import { restoreQueryCache } from '../../../src/offline/persist.ts';
import { forgetDeviceData, PERSIST_KEY, persister, queryClient } from '../../../src/offline/query-client.ts';

const OWED = 'quadra-forget-owed';

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  queryClient.clear();
  await db.rollDrafts.clear();
});

/** A session's data on the device: a saved list and a roll draft. */
async function sessionData() {
  await restoreQueryCache();
  queryClient.setQueryData(['students'], [{ id: 's1', name: 'Ana' }]);
  await vi.waitFor(async () => expect(await db.kv.get(`${PERSIST_KEY}/${JSON.stringify(['students'])}`)).toBeDefined());
  await db.rollDrafts.put({ key: 'c1|2026-03-02', classId: 'c1', date: '2026-03-02', marks: { s1: 'ABSENT' }, updatedAt: 1 });
}

describe("a session's end that cannot reach IndexedDB", () => {
  it('resolves (so the sign-out goes on), and the next start removes the data before restoring anything', async () => {
    await sessionData();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const remove = vi.spyOn(persister, 'removeClient').mockRejectedValueOnce(new Error('UnknownError'));
    await expect(forgetDeviceData()).resolves.toBeUndefined();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(OWED)!)).toEqual({ rollDrafts: true, formDrafts: true });
    expect(queryClient.getQueryData(['students'])).toBeUndefined();

    // The next start: the removal is done first, and the previous session's list is not restored.
    await restoreQueryCache();
    expect(queryClient.getQueryData(['students'])).toBeUndefined();
    expect(await db.kv.where('key').startsWith(`${PERSIST_KEY}/`).count()).toBe(0);
    expect(await db.rollDrafts.count()).toBe(0);
    expect(localStorage.getItem(OWED)).toBeNull();
  });

  it('owes nothing when the removal succeeds, and a narrowed role keeps its drafts', async () => {
    await sessionData();
    await forgetDeviceData({ keepRollDrafts: true });
    expect(localStorage.getItem(OWED)).toBeNull();
    expect(await db.rollDrafts.count()).toBe(1);
    expect(await db.kv.where('key').startsWith(`${PERSIST_KEY}/`).count()).toBe(0);
  });
});

/**
 * The end of a session whose removal from IndexedDB fails (the database refuses, or its code cannot load) still ends:
 * the removal is owed, and done before anything else uses the database: the next start restores nothing of it, and the
 * next session's own work is never removed by it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { database } from '../../../src/lib/db.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { restoreQueryCache } from '../../../src/offline/persist.ts';
import { forgetDeviceData, PERSIST_KEY, queryClient } from '../../../src/offline/query-client.ts';

const OWED = 'quadra-forget-owed';
const draft = (key: string) => ({ key, classId: 'c1', date: key.split('|')[1]!, marks: { s1: 'ABSENT' as const }, updatedAt: 1 });
const cachedRows = () => db.kv.where('key').startsWith(`${PERSIST_KEY}/`).count();

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
  await vi.waitFor(async () => expect(await cachedRows()).toBeGreaterThan(0));
  await db.rollDrafts.put(draft('c1|2026-03-02'));
}

/** The session ends while IndexedDB refuses every change (once): nothing of it could be removed. */
async function endRefused() {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const refuse = vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('UnknownError'));
  await expect(forgetDeviceData()).resolves.toBeUndefined();
  expect(refuse).toHaveBeenCalled();
  refuse.mockRestore();
  expect(JSON.parse(localStorage.getItem(OWED)!)).toEqual({ rollDrafts: true, formDrafts: true });
  // Still on the device: the removal is owed.
  expect(await db.rollDrafts.count()).toBe(1);
  expect(await cachedRows()).toBeGreaterThan(0);
}

describe("a session's end that cannot reach IndexedDB", () => {
  it('resolves (so the sign-out goes on), and the next start removes the data before restoring anything', async () => {
    await sessionData();
    await endRefused();
    expect(queryClient.getQueryData(['students'])).toBeUndefined();

    await restoreQueryCache();
    expect(queryClient.getQueryData(['students'])).toBeUndefined();
    expect(await cachedRows()).toBe(0);
    expect(await db.rollDrafts.count()).toBe(0);
    expect(localStorage.getItem(OWED)).toBeNull();
  });

  it("is done before the next session's first use of the database, never after it: the next user's draft stays", async () => {
    await sessionData();
    await endRefused();
    // The next user, in the same tab, once IndexedDB answers again: their first draft.
    await (await database()).rollDrafts.put(draft('c1|2026-03-09'));
    expect((await db.rollDrafts.toArray()).map((row) => row.key)).toEqual(['c1|2026-03-09']);
    expect(localStorage.getItem(OWED)).toBeNull();
    // A reload keeps it.
    await restoreQueryCache();
    expect((await db.rollDrafts.toArray()).map((row) => row.key)).toEqual(['c1|2026-03-09']);
  });

  it('owes nothing when the removal succeeds, and a narrowed role keeps its drafts', async () => {
    await sessionData();
    await forgetDeviceData({ keepRollDrafts: true });
    expect(localStorage.getItem(OWED)).toBeNull();
    expect(await db.rollDrafts.count()).toBe(1);
    expect(await cachedRows()).toBe(0);
  });
});

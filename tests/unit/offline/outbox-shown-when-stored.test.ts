import Dexie, { liveQuery } from 'dexie';
import { expect, it } from 'vitest';
import { type OutboxRow } from '../../../src/lib/db.ts';
import { QuadraDb } from '../../../src/lib/db-dexie.ts';

const row = (id: string): OutboxRow => ({ id, kind: 'test', payload: {}, createdAt: 1, state: 'pending', nextAttemptAt: 0, attempts: [] });

// The roll call says "Pending: saved on this device" from a live query of the outbox. Dexie's optimistic live queries
// showed a row while its write was still under way: a reload then (the page unloaded, the write aborted) lost a roll
// the screen had called saved (seen in the fault-injection browser test).
it('a live query of the outbox shows a row only once its write is stored', async () => {
  const db = new QuadraDb(`shown-when-stored-${Math.random()}`);
  const seen: number[] = [];
  const subscription = liveQuery(() => db.outbox.toArray()).subscribe((rows) => seen.push(rows.length));
  await expect.poll(() => seen).toEqual([0]);
  let stored = false;
  let shownBeforeStored = false;
  let write: Promise<unknown> = Promise.resolve();
  // Another write holds the table a while (a slow device's), so the outbox's own write (as enqueue makes it) waits.
  await db.transaction('rw', db.outbox, async () => {
    write = Dexie.ignoreTransaction(() => db.outbox.put(row('a'))).then(() => (stored = true));
    for (let i = 0; i < 40; i += 1) {
      await db.outbox.count();
      await Dexie.waitFor(new Promise((resolve) => setTimeout(resolve, 1)));
      shownBeforeStored ||= seen.includes(1) && !stored;
    }
  });
  await write;
  expect(shownBeforeStored).toBe(false);
  await expect.poll(() => seen.at(-1)).toBe(1);
  subscription.unsubscribe();
  db.close();
});

/**
 * Whose outbox rows are whose: rows saved before rows named their author are taken as the work of whoever was signed
 * in when the app last ran (the database's version 4), and screens lay only the signed-in account's rows over their data.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { type OutboxRow } from '../../../src/lib/db.ts';
import { db, QuadraDb } from '../../../src/lib/db-dexie.ts';
import { setSessionUid } from '../../../src/lib/session-user.ts';
import { useAllOutboxItems, useOutboxItems } from '../../../src/offline/use-outbox.ts';

const row = (id: string, author?: string): OutboxRow => ({
  id,
  kind: 'test.kind',
  payload: id,
  createdAt: Number(id.slice(1)),
  state: 'pending',
  nextAttemptAt: Number.MAX_SAFE_INTEGER, // never due: nothing here is sent
  attempts: [],
  ...(author ? { author } : {}),
});

afterEach(async () => {
  setSessionUid(null);
  await db.outbox.clear();
});

describe('outbox rows and their authors', () => {
  /** The author of row r1 of a version-3 database, once the app opens it, with `signedIn` the last session's uid. */
  async function authorAfterUpgrade(signedIn: string | null): Promise<string | undefined> {
    const name = `quadra-upgrade-${signedIn ?? 'nobody'}-${Date.now()}`;
    const old = new Dexie(name);
    old
      .version(3)
      .stores({ kv: 'key', outbox: 'id, kind, state, nextAttemptAt, dependsOn, createdAt', rollDrafts: 'key', draftDocuments: 'key, clientId' });
    await old.table('outbox').put(row('r1'));
    old.close();
    setSessionUid(signedIn);
    const upgraded = new QuadraDb(name);
    const author = (await upgraded.outbox.get('r1'))?.author;
    upgraded.close();
    await Dexie.delete(name);
    return author;
  }

  it('rows of an older version get the author signed in when the app last ran', async () => {
    expect(await authorAfterUpgrade('ana')).toBe('ana');
  });

  it("without anyone signed in at the upgrade, rows stay nobody's", async () => {
    expect(await authorAfterUpgrade(null)).toBeUndefined();
  });

  it("screens see the signed-in account's rows and nobody's; the header sees every row", async () => {
    setSessionUid('bruno');
    await db.outbox.bulkPut([row('r1', 'ana'), row('r2', 'bruno'), row('r3')]);
    const screens = renderHook(() => useOutboxItems());
    const header = renderHook(() => useAllOutboxItems());
    await waitFor(() => expect(header.result.current?.map((item) => item.id)).toEqual(['r1', 'r2', 'r3']));
    await waitFor(() => expect(screens.result.current.map((item) => item.id)).toEqual(['r2', 'r3']));
  });
});

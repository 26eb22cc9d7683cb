// @vitest-environment node
// PGlite on a thread of its own (server/db/pglite-thread.ts), as the server opens it: the same answers, errors and
// transactions as PGlite in the caller's thread, across the messages between the threads.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteDb } from '../../../server/db/pglite.ts';
import { openPgliteThread } from '../../../server/db/pglite-thread.ts';
import { preparedDataDir } from './support/processes.ts';

let db: PgliteDb;
beforeAll(async () => {
  db = await openPgliteThread({ dataDir: await preparedDataDir() });
  await db.exec('CREATE TABLE t (id text PRIMARY KEY, n int NOT NULL, day date, big bigint, bytes bytea)');
}, 60_000);
afterAll(() => db?.close());

const insert = 'INSERT INTO t (id, n) VALUES ($1, $2)';
const ids = async () => (await db.query<{ id: string }>('SELECT id FROM t ORDER BY id')).map((row) => row.id);

describe('PGlite on its own thread', () => {
  it('answers rows with the adapter’s conversions, and counts what a statement changed', async () => {
    expect(
      await db.run('INSERT INTO t VALUES ($1, $2, $3, $4, $5), ($6, $7, NULL, NULL, NULL)', [
        'a',
        1,
        '2026-11-20',
        9007199254740991,
        new Uint8Array([1, 2]),
        'b',
        2,
      ]),
    ).toBe(2);
    const rows = await db.query('SELECT id, n, day, big, bytes FROM t WHERE id = ANY($1::text[]) ORDER BY id', [['a', 'b']]);
    expect(rows).toEqual([
      { id: 'a', n: 1, day: '2026-11-20', big: 9007199254740991, bytes: new Uint8Array([1, 2]) },
      { id: 'b', n: 2, day: null, big: null, bytes: null },
    ]);
    expect(await db.run('UPDATE t SET n = n + 1 WHERE n > $1', [5])).toBe(0);
    expect(await db.query('SELECT count(*)::int AS n FROM students')).toEqual([{ n: expect.any(Number) }]);
  });

  it('keeps a database error’s SQLSTATE and message, in and out of a transaction', async () => {
    await expect(db.run(insert, ['a', 9])).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    await expect(db.query('SELECT nope FROM t')).rejects.toMatchObject({ code: '42703' });
    await expect(
      db.transaction(async (tx) => {
        await tx.run(insert, ['c', 3]);
        await tx.run(insert, ['c', 3]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('commits a transaction that returns, rolls back one that throws, and answers what the caller returned', async () => {
    expect(await db.transaction(async (tx) => (await tx.run(insert, ['d', 4])) + 41)).toBe(42);
    const refused = new Error('the caller changed its mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.run(insert, ['e', 5]);
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await ids()).toEqual(['a', 'b', 'd']);
  });

  it('runs transactions one at a time: a statement outside waits for the open one, and sees it whole', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await tx.run(insert, ['f', 6]);
      await held;
      await tx.run(insert, ['g', 7]);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = db.query<{ id: string }>('SELECT id FROM t WHERE id IN ($1, $2) ORDER BY id', ['f', 'g']);
    const second = db.transaction((tx) => tx.query<{ id: string }>('SELECT id FROM t WHERE id IN ($1, $2) ORDER BY id', ['f', 'g']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    expect(await outside).toEqual([{ id: 'f' }, { id: 'g' }]);
    expect(await second).toEqual([{ id: 'f' }, { id: 'g' }]);
  });

  it('takes a backup (a gzipped tarball of the data folder) and a dump', async () => {
    const backup = Buffer.from(await (await db.backup()).arrayBuffer());
    expect(gunzipSync(backup).includes(Buffer.from('PG_VERSION'))).toBe(true);
    expect((await db.dump()).size).toBeGreaterThan(1_000_000);
  });

  it('once closed, ends its thread and refuses every later call', async () => {
    const other = await openPgliteThread({ dataDir: await preparedDataDir() });
    expect(await other.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await other.close();
    await expect(other.query('SELECT 1 AS one')).rejects.toThrow(/database thread stopped/);
  });
});

// @vitest-environment node
// PGlite's statements run as named prepared statements (server/db/pglite-statements.ts): the same answers and errors as
// a plain query, any number of texts, and never inside another caller's open transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../../server/db/pglite.ts';

let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite();
  await db.exec('CREATE TABLE t (id text PRIMARY KEY, n int NOT NULL, day date, big bigint)');
}, 60_000);
afterAll(() => db.close());

describe('statements on PGlite', () => {
  it('answer rows with the adapter’s conversions, with and without parameters, run after run', async () => {
    expect(await db.run('INSERT INTO t VALUES ($1, $2, $3, $4), ($5, $6, NULL, NULL)', ['a', 1, '2026-11-20', 9007199254740991, 'b', 2])).toBe(2);
    for (let run = 0; run < 8; run++) {
      expect(await db.query('SELECT id, n, day, big FROM t WHERE id = ANY($1::text[]) ORDER BY id', [['a', 'b']])).toEqual([
        { id: 'a', n: 1, day: '2026-11-20', big: 9007199254740991 },
        { id: 'b', n: 2, day: null, big: null },
      ]);
    }
    expect(await db.query('SELECT count(*) AS n FROM t')).toEqual([{ n: 2 }]);
    expect(await db.run('UPDATE t SET n = n + 1 WHERE n > $1', [5])).toBe(0);
  });

  it('keep the database error (its SQLSTATE), and the statement works again afterwards', async () => {
    const insert = 'INSERT INTO t (id, n) VALUES ($1, $2)';
    await expect(db.run(insert, ['a', 9])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELECT nope FROM t')).rejects.toMatchObject({ code: '42703' });
    expect(await db.run(insert, ['c', 3])).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.run(insert, ['d', 4]);
        await tx.run(insert, ['d', 4]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id FROM t WHERE id = $1', ['d'])).toEqual([]);
  });

  it('run any number of texts: the least recently used are let go and prepared again when they come back', async () => {
    const first = 'SELECT $1::int + 0 AS v';
    expect(await db.query(first, [1])).toEqual([{ v: 1 }]);
    for (let i = 1; i <= 600; i++) expect(await db.query(`SELECT $1::int + ${i} AS v`, [1])).toEqual([{ v: 1 + i }]);
    expect(await db.query(first, [2])).toEqual([{ v: 2 }]);
    const [row] = await db.query<{ kept: number }>('SELECT count(*)::int AS kept FROM pg_prepared_statements');
    expect(row!.kept).toBeLessThanOrEqual(256);
  });

  it('outside a transaction wait for an open one to end, and never run inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.run('INSERT INTO t (id, n) VALUES ($1, $2)', ['e', 5]);
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await insertedYet;
    let answered = false;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = $1', ['e']).then((rows) => {
      answered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ n: 0 }]);
  });
});

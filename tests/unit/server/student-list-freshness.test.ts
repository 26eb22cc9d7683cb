// @vitest-environment node
/**
 * A read of the kept students list that saw a write is never answered by a refresh that began before that write
 * (server/student-list-cache.ts): on a database with several connections, a refresh can still be reading its snapshot
 * when another write commits, and a read that saw that write must not share it. Here a fake database holds the refresh
 * at its read until the second write is in.
 */
import { describe, expect, it } from 'vitest';
import type { Db, Queryable, SqlParam } from '../../../server/db/types.ts';
import { StudentListCache, type ListReader, type ListRow } from '../../../server/student-list-cache.ts';
import { neighboursIn } from './support/list-neighbours.ts';

/** Students and the change log; a transaction reads the snapshot taken at its first statement. */
function fakeDatabase() {
  const students = new Map<string, ListRow>();
  const log: { xid: number; id: string }[] = [];
  let nextXid = 1;
  const write = (row: ListRow) => {
    students.set(row.id, row);
    log.push({ xid: nextXid++, id: row.id });
  };
  type Tx = Queryable & { snapshot?: { rows: ListRow[]; xid: number } };
  const queryable = (tx: Tx): Tx =>
    Object.assign(tx, {
      async query<R>(sql: string, params: readonly SqlParam[] = []): Promise<R[]> {
        tx.snapshot ??= { rows: [...students.values()], xid: nextXid };
        if (sql.includes('pg_snapshot_xmin')) return [{ cursor: String(tx.snapshot.xid) }] as R[];
        if (sql.includes('FROM changes')) {
          const upTo = tx === (db as unknown) ? nextXid : tx.snapshot.xid;
          const ids = log.filter(({ xid }) => xid >= Number(params[0]) && xid < upTo).map(({ id }) => id);
          return [...new Set(ids)].map((id) => ({ id })) as R[];
        }
        throw new Error(`unexpected SQL: ${sql}`);
      },
      async run() {
        return 0;
      },
      async exec() {},
    });
  const db = queryable({} as Tx) as Tx & Db;
  Object.assign(db, {
    kind: 'postgres',
    // A new snapshot per call for reads outside a transaction: the live data.
    query: async <R>(sql: string, params: readonly SqlParam[] = []) => queryable({} as Tx).query<R>(sql, params),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => fn(queryable({} as Tx)),
    close: async () => {},
  });
  return { db, write };
}

const ordered = (rows: ListRow[]) => [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

describe('the kept students list', () => {
  it('answers a read that saw a write with a list that has it, even while an earlier refresh is under way', async () => {
    const { db, write } = fakeDatabase();
    let holdReads: Promise<void> = Promise.resolve();
    const reader: ListReader = {
      async rows(tx, ids) {
        const snapshot = (tx as Queryable & { snapshot: { rows: ListRow[] } }).snapshot;
        await holdReads;
        return ordered(snapshot.rows).filter((row) => !ids || ids.includes(row.id));
      },
      async neighbours(tx, ids) {
        const rows = ordered((tx as Queryable & { snapshot: { rows: ListRow[] } }).snapshot.rows);
        return neighboursIn(rows, ids);
      },
    };
    const cache = new StudentListCache();
    write({ id: 'a', name: 'Ana' });
    await cache.get(db, reader);

    write({ id: 'b', name: 'Bia' });
    let release!: () => void;
    holdReads = new Promise((resolve) => (release = resolve));
    const first = cache.get(db, reader); // sees Bia; its refresh is held at its read
    await new Promise((resolve) => setTimeout(resolve, 10));
    write({ id: 'c', name: 'Caio' }); // committed while that refresh still reads
    const second = cache.get(db, reader); // sees Caio
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();

    const names = (list: { body(): Buffer }) => (JSON.parse(list.body().toString()) as ListRow[]).map((row) => row.name);
    expect(names(await first)).toEqual(expect.arrayContaining(['Ana', 'Bia']));
    expect(names(await second)).toEqual(['Ana', 'Bia', 'Caio']);
  });
});

/**
 * The change cursor (migration 004_change_cursor.sql): reads that say from which point on they are up to date, and
 * the question "did anything of this kind change since then?". Both ask the database, not the process, so any number
 * of server processes on one database agree (the sync, and the cached students list).
 */
import type { Db, Queryable } from '../../db/types.ts';

/**
 * Runs `read` on one snapshot (REPEATABLE READ) and answers its result with the snapshot's cursor: every write that
 * commits after this read, even one that started before it, has a transaction id at or above the cursor.
 */
export async function readAtCursor<T>(db: Db, read: (tx: Queryable) => Promise<T>): Promise<{ cursor: string; value: T }> {
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return { cursor: await currentCursor(tx), value: await read(tx) };
  });
}

/** The cursor of the statement's snapshot: the oldest transaction still running (every later write is at or above it). */
export async function currentCursor(db: Queryable): Promise<string> {
  const [row] = await db.query<{ cursor: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor');
  return row!.cursor;
}

/** Whether a record of this kind (changes.entity) was written at or after the cursor. */
export async function changedSince(db: Queryable, entity: string, cursor: string): Promise<boolean> {
  const [row] = await db.query<{ changed: boolean }>('SELECT EXISTS (SELECT 1 FROM changes WHERE entity = $1 AND xid >= $2::xid8) AS changed', [
    entity,
    cursor,
  ]);
  return row?.changed === true;
}

/** The kinds of record the change rows name (changes.entity, migration 004 and 010). */
export type ChangedEntity = 'students' | 'activities' | 'classes' | 'rolls' | 'users' | 'handovers';

/**
 * The ids of the records of this kind written at or after the cursor (at most `limit`). The kind is written into the
 * text (one of ChangedEntity, never a request's), so each kind's question is one prepared statement.
 */
export async function idsChangedSince(db: Queryable, entity: ChangedEntity, cursor: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT DISTINCT entity_id AS id FROM changes WHERE entity = '${entity}' AND xid >= $1::xid8 LIMIT ${limit}`,
    [cursor],
  );
  return rows.map((row) => row.id);
}

/**
 * The cursor after every transaction begun so far: one above it was never given by this database (it comes from the
 * database the data was moved from).
 */
export async function latestCursor(db: Queryable): Promise<string> {
  const [{ next } = { next: '0' }] = await db.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
  return next;
}

/** Each kind of record (changes.entity) written at or after the cursor, with the ids written. */
export const changesSince = (db: Queryable, cursor: string): Promise<{ entity: ChangedEntity; ids: string[] }[]> =>
  db.query<{ entity: ChangedEntity; ids: string[] }>(
    `SELECT entity, array_agg(DISTINCT entity_id) AS ids FROM changes WHERE xid >= $1::xid8 GROUP BY entity`,
    [cursor],
  );

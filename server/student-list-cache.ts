/**
 * GET /api/students is the app's busiest call and its answer is the whole list, so the list is kept in memory, one
 * entry per variant (active, inactive, all), each with the change cursor it was read at (db/change-cursor.ts). Before
 * an entry is answered, the database is asked whether a student changed since that cursor (one indexed query). If some
 * did, only those students are read again and put in place (issue 23: a roll saved changes ~30 students' frequency,
 * not 5,000); a student who came or was renamed is put where the database's order places them. The database decides, not
 * the process: several server processes on one PostgreSQL never answer a list that another one has made stale, and
 * the ETag (a hash of the body) is the same from all of them.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { readAtCursor } from './db/change-cursor.ts';
import type { Db, Queryable } from './db/types.ts';

/** One student as the list shows them (the exact columns of the answer's schema). */
export interface ListRow {
  id: string;
  name: string;
}

/** How one variant of the list is read: whole, or only some students, and where some students stand in it. */
export interface ListReader {
  rows(tx: Queryable, ids?: readonly string[]): Promise<ListRow[]>;
  /** Each student's place (0-based) in the variant's order, as the database sorts it (its collation, not ours). */
  places(tx: Queryable, ids: readonly string[]): Promise<{ id: string; place: number }[]>;
}

export interface CachedList {
  /** UTF-8 JSON, encoded once rather than on every answer. */
  body: Buffer;
  /** The same, gzipped once (off the event loop, on first use): ~7x smaller for a tablet's mobile link. */
  gzipped(): Promise<Buffer>;
  etag: string;
}

interface Entry extends CachedList {
  cursor: string;
  order: readonly string[];
  /** Each student's JSON, by id: a patch re-encodes only the students that changed. */
  items: ReadonlyMap<string, { name: string; json: string }>;
}

/** Past this many changed students a patch reads the list whole (after a restore or a bulk import). */
const PATCH_LIMIT = 1000;
const gzipAsync = promisify(gzip);

export class StudentListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<Entry>>();

  constructor(readonly enabled = true) {}

  /** The list of one variant (`key`): kept, patched with the students changed since it was read, or read whole. */
  async get(db: Db, reader: ListReader, key = ''): Promise<CachedList> {
    if (!this.enabled) return build(await reader.rows(db), '0');
    const kept = this.#entries.get(key);
    if (kept && !(await changedStudents(db, kept.cursor, 1)).length) return kept;
    // Concurrent reads of a stale or missing list share one read instead of each running it.
    let pending = this.#pending.get(key);
    if (!pending) {
      const loading = readAtCursor(db, (tx) => refresh(tx, reader, this.#entries.get(key))).then(({ cursor, value }) => ({ ...value, cursor }));
      pending = loading;
      this.#pending.set(key, loading);
      const settle = () => {
        if (this.#pending.get(key) === loading) this.#pending.delete(key);
      };
      loading.then((entry) => {
        this.#entries.set(key, entry);
        settle();
      }, settle);
    }
    return pending;
  }
}

/** The ids of students written at or after the cursor (at most `limit`). */
async function changedStudents(db: Queryable, cursor: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT DISTINCT entity_id AS id FROM changes WHERE entity = 'students' AND xid >= $1::xid8 LIMIT ${limit}`,
    [cursor],
  );
  return rows.map((row) => row.id);
}

/** Inside the read's snapshot: the kept entry patched with what changed since its cursor, or the list read whole. */
async function refresh(tx: Queryable, reader: ListReader, kept: Entry | undefined): Promise<Omit<Entry, 'cursor'>> {
  const changed = kept ? await changedStudents(tx, kept.cursor, PATCH_LIMIT + 1) : [];
  if (!kept || changed.length > PATCH_LIMIT) return build(await reader.rows(tx), '');
  const items = new Map(kept.items);
  const moved = new Set<string>();
  const fresh = new Map((await reader.rows(tx, changed)).map((row) => [row.id, row]));
  for (const id of changed) {
    const row = fresh.get(id);
    if (!row) items.delete(id);
    else {
      // A student new to this variant, or renamed, has a new place in the list.
      if (items.get(id)?.name !== row.name) moved.add(id);
      items.set(id, { name: row.name, json: JSON.stringify(row) });
    }
  }
  // The others keep their order; each one moved goes in at its place, lowest first, so every place is final.
  const order = kept.order.filter((id) => items.has(id) && !moved.has(id));
  if (moved.size > 0) for (const { id, place } of (await reader.places(tx, [...moved])).sort((a, b) => a.place - b.place)) order.splice(place, 0, id);
  return encode(order, items);
}

function build(rows: readonly ListRow[], cursor: string): Entry {
  const items = new Map(rows.map((row) => [row.id, { name: row.name, json: JSON.stringify(row) }]));
  return {
    ...encode(
      rows.map((row) => row.id),
      items,
    ),
    cursor,
  };
}

function encode(order: readonly string[], items: Entry['items']): Omit<Entry, 'cursor'> {
  const body = Buffer.from(`[${order.map((id) => items.get(id)!.json).join(',')}]`);
  let gzipped: Promise<Buffer> | undefined;
  return {
    order,
    items,
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    // The fastest level: the ids (random UUIDs) are most of the size, so level 6 saves ~1.5 % for ~50 % more time.
    gzipped: () => (gzipped ??= gzipAsync(body, { level: constants.Z_BEST_SPEED })),
  };
}

/**
 * GET /api/students is the app's busiest call and its answer is the whole list, so the serialised JSON is kept in
 * memory, one entry per variant of the list, each with the change cursor it was read at (db/change-cursor.ts). Before
 * an entry is answered, the database is asked whether a student changed since that cursor (one indexed query); if so,
 * the list is read again. The database decides, not the process: several server processes on one PostgreSQL never
 * answer a list that another one has made stale, and the ETag (a hash of the body) is the same from all of them.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { changedSince, readAtCursor } from './db/change-cursor.ts';
import type { Db, Queryable } from './db/types.ts';

export interface CachedList {
  /** UTF-8 JSON, encoded once rather than on every answer. */
  body: Buffer;
  /** The same, gzipped once: ~7x smaller for browsers on a tablet's mobile link. */
  gzipped: Buffer;
  etag: string;
}

type Entry = CachedList & { cursor: string };

export class StudentListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<Entry>>();

  constructor(readonly enabled = true) {}

  /** The list of one variant (`key`), read by `load` when none is kept or a student changed since. */
  async get(db: Db, load: (tx: Queryable) => Promise<unknown>, key = ''): Promise<CachedList> {
    if (!this.enabled) return toCached(await load(db));
    const kept = this.#entries.get(key);
    if (kept && !(await changedSince(db, 'students', kept.cursor))) return kept;
    // Concurrent reads of a stale or missing list share one query instead of each running it.
    let pending = this.#pending.get(key);
    if (!pending) {
      const loading = readAtCursor(db, load).then(({ cursor, value }) => ({ ...toCached(value), cursor }));
      pending = loading;
      this.#pending.set(key, loading);
      loading.then(
        (entry) => {
          this.#entries.set(key, entry);
          if (this.#pending.get(key) === loading) this.#pending.delete(key);
        },
        () => {
          if (this.#pending.get(key) === loading) this.#pending.delete(key);
        },
      );
    }
    return pending;
  }
}

function toCached(value: unknown): Entry & CachedList {
  const body = Buffer.from(JSON.stringify(value));
  let gzipped: Buffer | undefined;
  return {
    body,
    cursor: '0',
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    // Compressed on first use, then kept with the entry.
    get gzipped() {
      return (gzipped ??= gzipSync(body));
    },
  };
}

/**
 * GET /api/students is the app's busiest call and its answer is the whole list, so the serialised JSON is kept in
 * memory and rebuilt only after a write that can change it (a new student, a saved roll). This is sound because the
 * reference server is the only writer of its database (PGlite allows one process per folder; with DATABASE_URL, run
 * one server per database or pass cacheStudentList: false).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedList {
  /** UTF-8 JSON, encoded once rather than on every answer. */
  body: Buffer;
  /** The same, gzipped once: ~7x smaller for browsers on a tablet's mobile link. */
  gzipped: Buffer;
  etag: string;
}

export class StudentListCache {
  #entry: CachedList | undefined;
  #pending: Promise<CachedList> | undefined;
  #generation = 0;

  constructor(readonly enabled = true) {}

  invalidate(): void {
    this.#generation += 1;
    this.#entry = undefined;
    this.#pending = undefined;
  }

  async get(load: () => Promise<unknown>): Promise<CachedList> {
    if (!this.enabled) return toCached(await load());
    if (this.#entry) return this.#entry;
    // Concurrent misses share one query instead of each running it.
    if (!this.#pending) {
      const generation = this.#generation;
      const pending = load().then(toCached);
      this.#pending = pending;
      pending.then(
        (entry) => {
          // A write that landed while loading makes this answer stale for later requests: do not keep it.
          if (generation === this.#generation) this.#entry = entry;
          if (this.#pending === pending) this.#pending = undefined;
        },
        () => {
          if (this.#pending === pending) this.#pending = undefined;
        },
      );
    }
    return this.#pending;
  }
}

function toCached(value: unknown): CachedList {
  const body = Buffer.from(JSON.stringify(value));
  let gzipped: Buffer | undefined;
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    // Compressed on first use, then kept with the entry.
    get gzipped() {
      return (gzipped ??= gzipSync(body));
    },
  };
}

/**
 * GET /api/students is the app's busiest call and its answer is the whole list, so the serialised JSON is kept in
 * memory and rebuilt only after a write that can change it (a new or edited student, a status change, an enrolment, a
 * saved roll). One entry per variant of the list (status=active, inactive, all); any write drops them all. This is sound because the
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
  readonly #entries = new Map<string, CachedList>();
  readonly #pending = new Map<string, Promise<CachedList>>();
  #generation = 0;

  constructor(readonly enabled = true) {}

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#pending.clear();
  }

  /** The list of one variant (`key`), loaded by `load` when not kept. */
  async get(load: () => Promise<unknown>, key = ''): Promise<CachedList> {
    if (!this.enabled) return toCached(await load());
    const kept = this.#entries.get(key);
    if (kept) return kept;
    // Concurrent misses share one query instead of each running it.
    let pending = this.#pending.get(key);
    if (!pending) {
      const generation = this.#generation;
      const loading = load().then(toCached);
      pending = loading;
      this.#pending.set(key, loading);
      loading.then(
        (entry) => {
          // A write that landed while loading makes this answer stale for later requests: do not keep it.
          if (generation === this.#generation) this.#entries.set(key, entry);
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

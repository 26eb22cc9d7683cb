/** A React hook over Dexie's liveQuery: re-renders when the IndexedDB rows it read change (in any tab). */
import { useEffect, useState } from 'react';
import { database, deviceStoreReady } from './db.ts';
import type { QuadraDb } from './db-dexie.ts';

/** How soon a live query whose database could not load tries again. */
const LOAD_RETRY_MS = 5_000;

/** An empty list: a first answer of none where none was shown renders nothing again (the anamnese's outbox reads did). */
const isNone = (value: unknown): boolean => Array.isArray(value) && value.length === 0;

/**
 * `initial` until the first answer; `failed` (when given) if IndexedDB cannot answer, else `initial` stays. The query
 * reads through the database it is given: inside a live query, only Dexie's own promises may be awaited.
 */
export function useLiveQuery<T>(query: (db: QuadraDb) => Promise<T>, deps: unknown[], initial: T, failed?: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const fail = () => failed !== undefined && setValue(failed);
    const subscribe = () =>
      Promise.all([database(), import('./db-dexie.ts')]).then(
        ([db, { liveQuery }]) => {
          if (!cancelled)
            subscription = liveQuery(() => query(db)).subscribe({
              next: (next) => setValue((shown) => (isNone(shown) && isNone(next) ? shown : next)),
              error: fail,
            });
        },
        () => {
          // The database's code could not load (offline before the service worker held it): tried again in a while,
          // so a screen does not stay without its rows once it can.
          fail();
          if (!cancelled) retry = setTimeout(() => void subscribe(), LOAD_RETRY_MS);
        },
      );
    // On a first visit the database is created a moment after the first screen (db.ts deviceStoreReady): till then
    // there is nothing in it, and `initial` says so.
    void deviceStoreReady().then(subscribe);
    return () => {
      cancelled = true;
      clearTimeout(retry);
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

/** A React hook over Dexie's liveQuery: re-renders when the IndexedDB rows it read change (in any tab). */
import { useEffect, useState } from 'react';
import { database, deviceStoreReady } from './db.ts';
import type { QuadraDb } from './db-dexie.ts';

/**
 * `initial` until the first answer; `failed` (when given) if IndexedDB cannot answer, else `initial` stays. The query
 * reads through the database it is given: inside a live query, only Dexie's own promises may be awaited.
 */
export function useLiveQuery<T>(query: (db: QuadraDb) => Promise<T>, deps: unknown[], initial: T, failed?: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let cancelled = false;
    const fail = () => failed !== undefined && setValue(failed);
    // On a first visit the database is created a moment after the first screen (db.ts deviceStoreReady): till then
    // there is nothing in it, and `initial` says so.
    void deviceStoreReady()
      .then(() => Promise.all([database(), import('./db-dexie.ts')]))
      .then(([db, { liveQuery }]) => {
        if (!cancelled) subscription = liveQuery(() => query(db)).subscribe({ next: setValue, error: fail });
      }, fail);
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

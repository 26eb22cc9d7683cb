/** A React hook over Dexie's liveQuery: re-renders when the IndexedDB rows it read change (in any tab). */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { deviceStoreReady } from './db.ts';

/** `initial` until the first answer; `failed` (when given) if IndexedDB cannot answer, else `initial` stays. */
export function useLiveQuery<T>(query: () => Promise<T>, deps: unknown[], initial: T, failed?: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let cancelled = false;
    // On a first visit the database is created a moment after the first screen (db.ts deviceStoreReady): till then
    // there is nothing in it, and `initial` says so.
    void deviceStoreReady().then(() => {
      if (!cancelled) subscription = liveQuery(query).subscribe({ next: setValue, error: () => failed !== undefined && setValue(failed) });
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

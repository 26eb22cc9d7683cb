/** A React hook over Dexie's liveQuery: re-renders when the IndexedDB rows it read change (in any tab). */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** `initial` until the first answer; `failed` (when given) if IndexedDB cannot answer, else `initial` stays. */
export function useLiveQuery<T>(query: () => Promise<T>, deps: unknown[], initial: T, failed?: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => failed !== undefined && setValue(failed) });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

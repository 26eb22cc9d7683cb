/**
 * Restores the persisted query cache beside the first render (reads wait for it, see lib/http holdReadsUntil), then
 * keeps IndexedDB in step with the cache. Copies answered before the cache was last marked stale (query-client
 * markCacheStale) are restored as stale.
 */
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { holdReadsUntil } from '../lib/http.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { cacheStaleBefore, isKeptOnDevice, persistOptions, queryClient, setRestoring } from './query-client.ts';

export function restoreQueryCache(): Promise<void> {
  const restored = restore();
  setRestoring(restored);
  holdReadsUntil(restored);
  return restored;
}

async function restore(): Promise<void> {
  try {
    const [, staleBefore] = await Promise.all([persistQueryClientRestore({ queryClient, ...persistOptions }), cacheStaleBefore()]);
    // Copies answered before the last write sent or "take theirs" (the save that followed may not have reached the
    // device): shown, but read again on first use.
    void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < staleBefore, refetchType: 'none' });
  } catch (error) {
    console.warn('Quadra: the cache saved on this device could not be restored', error);
  }
  saveWhenDataChanges();
}

/**
 * Whether a cache event changed what is kept on the device: new data (an answer, setQueryData), a state set by hand, a
 * query made stale (a write reached the server, a conflict was settled: after a reload the screen must fetch again,
 * not trust its saved copy as fresh), or a query gone. Not a fetch starting, pausing or retrying: each save writes the
 * whole cache, which with thousands of students is worth avoiding on every navigation (TanStack's own subscription
 * saves on all of them).
 */
export function changesSavedData(event: QueryCacheNotifyEvent): boolean {
  if (!isKeptOnDevice(event.query)) return false;
  if (event.type === 'removed') return true;
  if (event.type !== 'updated') return false;
  const { type } = event.action;
  return type === 'success' || type === 'setState' || type === 'invalidate';
}

/**
 * A save writes the rows of the queries that changed (row-persister.ts), which for a synced list is thousands of
 * students: it waits for an idle moment (at most a second), so the answer that caused it is on screen first, and changes
 * made meanwhile are written together.
 */
let saveScheduled = false;
function scheduleSave(): void {
  if (saveScheduled) return;
  saveScheduled = true;
  const save = () => {
    saveScheduled = false;
    void persistQueryClientSave({ queryClient, ...persistOptions });
  };
  whenIdle(save, 1_000);
}

function saveWhenDataChanges(): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (changesSavedData(event)) scheduleSave();
  });
}

/**
 * Restores the persisted query cache beside the first render (reads wait for it, see lib/http holdReadsUntil, unless
 * the device has no database yet: nothing to restore), then keeps IndexedDB in step with the cache. Copies answered
 * before the cache was last marked stale (query-client markCacheStale) are restored as stale.
 */
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { holdsNoDatabase } from '../lib/db.ts';
import { holdReadsUntil } from '../lib/http.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { afterFirstScreen } from '../lib/first-screen.ts';
import { cacheStaleBefore, isKeptOnDevice, persistOptions, queryClient, setRestoring } from './query-client.ts';
import { forgetDataWhenRoleNarrows } from './role-narrowing.ts';

export function restoreQueryCache(): Promise<void> {
  // Asked before the restore opens (and so creates) the database.
  const firstVisit = holdsNoDatabase();
  const restored = restore(firstVisit);
  setRestoring(restored);
  // With no database there is nothing to restore: reads need not wait for its creation.
  holdReadsUntil(Promise.race([restored, firstVisit.then((none) => (none ? undefined : restored))]));
  return restored;
}

async function restore(firstVisit: Promise<boolean>): Promise<void> {
  const startedAt = Date.now();
  // A first visit has nothing to restore, and does not even open the database for it: its creation (20-45 ms of
  // main-thread work) comes with the first save, at an idle moment after the first screen.
  // (A session's end whose removal did not finish is finished by database() before the restore reads anything.)
  if (!(await firstVisit)) {
    try {
      const [, staleBefore] = await Promise.all([persistQueryClientRestore({ queryClient, ...persistOptions }), cacheStaleBefore()]);
      // Copies answered before the last write sent or "take theirs" (the save that followed may not have reached the
      // device): shown, but read again on first use.
      void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < staleBefore, refetchType: 'none' });
    } catch (error) {
      console.warn('Quadra: the cache saved on this device could not be restored', error);
    }
  }
  saveWhenDataChanges();
  forgetDataWhenRoleNarrows();
  // Answers that came while it restored (reads go out at once on a first visit) are saved too.
  if (keptDataChangedSince(startedAt)) scheduleSave();
}

const keptDataChangedSince = (at: number): boolean =>
  queryClient
    .getQueryCache()
    .getAll()
    .some((query) => isKeptOnDevice(query) && query.state.dataUpdatedAt >= at);

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
 * made meanwhile are written together; and not before the first screen's reads are done (lib/first-screen.ts): on a first
 * visit the first save creates the database and loads Dexie's code, which the first screen does not need.
 */
let saveScheduled = false;
function scheduleSave(): void {
  if (saveScheduled) return;
  saveScheduled = true;
  const save = () => {
    saveScheduled = false;
    void persistQueryClientSave({ queryClient, ...persistOptions });
  };
  void afterFirstScreen().then(() => whenIdle(save, 1_000));
}

function saveWhenDataChanges(): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (changesSavedData(event)) scheduleSave();
  });
}

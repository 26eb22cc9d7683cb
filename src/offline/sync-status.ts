/**
 * The sync's state, light enough for the first load: where the last sync left the device (kept in the persisted query
 * cache under ['sync'], so it goes with the cache at the end of a session and a new user starts with a full sync) and
 * what the sync is doing now (memory only). The sync itself (offline/sync.ts) loads on demand.
 */
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notHandingOver } from '../lib/http.ts';

export const syncStateKey = ['sync'] as const;

/** Where the last sync left the device's copy. */
export type SyncState = {
  /** Send back as `since` next time. */
  cursor: string;
  /** When the last sync finished (ms since the epoch). */
  syncedAt: number;
  /** The local day of the last full sync: a new day starts with a full one (rosters change with dates, not writes). */
  fullOn: string;
  /** The classes whose roster has each student (the rosters are derived from it). */
  classIdsByStudent: Record<string, string[]>;
  /**
   * What the device's copy was synced for (offline/sync.ts syncScope: the rules' version and the user's role): a delta
   * answered for another scope (a role widened, a server whose rules changed) is followed by a full sync.
   */
  scope?: string;
};

/** Why the last sync failed: offline, the server could not be reached, or the server's own words. */
export type SyncFailure = { kind: 'offline' | 'unreachable' | 'refused'; message?: string };
export type SyncPhase = { phase: 'idle' } | { phase: 'syncing' } | { phase: 'failed'; failure: SyncFailure };

let current: SyncPhase = { phase: 'idle' };
const listeners = new Set<() => void>();
export function setSyncPhase(next: SyncPhase): void {
  current = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export type SyncStatus = SyncPhase & { syncedAt: number | undefined };

export function useSyncStatus(): SyncStatus {
  const phase = useSyncExternalStore(subscribe, () => current);
  const { data } = useQuery<SyncState | null>({ queryKey: syncStateKey, queryFn: () => null, enabled: false, staleTime: Infinity });
  return { ...phase, syncedAt: data?.syncedAt };
}

/** Start a sync now (the sync's code loads on first use); resolves when it is over, whatever its outcome. */
export function requestSync(options: { full?: boolean } = {}): Promise<void> {
  // Not even the module's chunk is fetched once the page hands over to a new version (lib/http.ts).
  return notHandingOver()
    .then(() => import('./sync.ts'))
    .then((sync) => sync.runSync(options));
}

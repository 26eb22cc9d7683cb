/**
 * The TanStack Query client and its persistence. The whole query cache (lists, filters, rosters, saved rolls) is
 * written to IndexedDB (db.kv, see src/lib/db.ts; a row per query, offline/row-persister.ts) and restored beside the first render,
 * so every screen opens offline with the last data it showed. Kept for CACHE_MAX_AGE_MS; a new app version (buster)
 * starts from an empty cache; the end of a session removes it. Filter enums never go stale. Documents are never put in the cache.
 * Beside it in db.kv, the moment every copy last became outdated (a write sent to the server, or "take theirs";
 * STALE_BEFORE_KEY, one number, replaced by the next): the restore reads again what was saved before it.
 */
import { defaultShouldDehydrateQuery, QueryClient, type Query } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { database, oweClear } from '../lib/db.ts';
import { config } from '../lib/config.ts';
import { RecordNotFoundError, refusedForGood } from '../lib/http.ts';

/** 20 days: over a week offline, and below setTimeout's 2^31-1 ms limit (a larger gcTime fires at once and drops data). */
export const CACHE_MAX_AGE_MS = 20 * 24 * 60 * 60 * 1000;
export const PERSIST_KEY = 'quadra-query-cache';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: CACHE_MAX_AGE_MS,
      staleTime: 30_000,
      // Once more on a failure, except for a record the server says does not exist.
      retry: (failures, error) => failures < 1 && !(error instanceof RecordNotFoundError),
      // Offline, a query waits ("paused") instead of failing; we want the persisted copy shown, then a refetch later.
      networkMode: 'offlineFirst',
    },
  },
});

/** Where markCacheStale keeps its moment, beside the cache's row. */
const STALE_BEFORE_KEY = 'quadra-cache-stale-before';

/**
 * Every copy the cache holds now may be outdated (a write is being sent to the server, or a conflict was settled with
 * "take theirs"), recorded on the device at once:
 * the cache itself is saved only at the next idle moment, and a reload before that (the page left, the tablet asleep)
 * would restore the old copies as fresh, shown for up to staleTime instead of the server's records.
 */
export async function markCacheStale(): Promise<void> {
  noteWrite();
  try {
    const db = await database();
    await db.kv.put({ key: STALE_BEFORE_KEY, value: String(Date.now()) });
  } catch (error) {
    // A device out of space cannot save the cache either: the write it comes before must still be sent (or discarded).
    onPersistError(error);
  }
}

let lastWrite = 0;
/** A write to the server begins or ends (the outbox's sends, "take theirs"), noted in memory for the sync (lastWriteAt). */
export function noteWrite(): void {
  lastWrite = Date.now();
}
/**
 * When a write last began or ended on this page (ms since the epoch): a sync asked for before then may answer the
 * records as they were before it.
 */
export function lastWriteAt(): number {
  return lastWrite;
}

/** When markCacheStale last ran (ms since the epoch; 0 if never): restored copies answered before it are read again. */
export async function cacheStaleBefore(): Promise<number> {
  const db = await database();
  return Number((await db.kv.get(STALE_BEFORE_KEY))?.value ?? 0);
}

export type PersistWarning = (error: unknown) => void;
let onPersistError: PersistWarning = () => undefined;
/** The shell registers a warning (e.g. storage full); the outbox keeps working regardless. */
export function setPersistWarning(listener: PersistWarning): void {
  onPersistError = listener;
}

let rowPersister: Promise<Persister> | undefined;
/**
 * The row persister's code (and query-rows.ts) loads at its first use, not with the app's first script: a returning
 * visit's restore asks for it beside Dexie's code (cacheStaleBefore opens the database meanwhile), a first visit's
 * first save after its first screen. A load that fails (the network gone before the service worker held the app) is
 * tried again at the next use, as database()'s.
 */
const loadPersister = (): Promise<Persister> =>
  (rowPersister ??= import('./row-persister.ts').then(
    ({ createRowPersister }) => createRowPersister({ key: PERSIST_KEY, generation: dataGeneration, onError: (error) => onPersistError(error) }),
    (error: unknown) => {
      rowPersister = undefined;
      throw error;
    },
  ));

export const persister: Persister = {
  persistClient: async (client) => (await loadPersister()).persistClient(client),
  restoreClient: async () => (await loadPersister()).restoreClient(),
  removeClient: async () => (await loadPersister()).removeClient(),
};

let forgottenCount = 0;
/** Changes each time the device's data is forgotten: work begun before (a sync under way) must not write it back. */
export function dataGeneration(): number {
  return forgottenCount;
}

let restoring: Promise<unknown> = Promise.resolve();
/** The restore of the saved copy under way (offline/persist.ts restoreQueryCache), which the end of a session waits for. */
export function setRestoring(restore: Promise<unknown>): void {
  restoring = restore;
}

/**
 * Whether a query is saved on the device: all are, but those whose options say `meta: { keptOnDevice: false }` (the
 * students' first screenful, which stands in for the list until it comes, no longer).
 */
export const isKeptOnDevice = (query: Pick<Query, 'meta'>): boolean => query.meta?.keptOnDevice !== false;

/**
 * A query with data whose last refresh failed for now (offline, a bad connection, a 5xx) still holds the server's last
 * answer; one the server refused for good (403, 404) does not: that copy leaves the device.
 */
const failedWithData = (state: Pick<Query['state'], 'status' | 'data' | 'error'>): boolean =>
  state.status === 'error' && state.data !== undefined && !refusedForGood(state.error);

/**
 * A copy whose refresh failed is saved as the last answer it holds, not dropped: TanStack saves only successes by
 * default, and a save removes from the device the queries it leaves out, so a failed refresh of the classes and the
 * activities, then any save, deleted the device's copy of both (the roll call then named an unknown class offline).
 * It is saved as that success, with its own time: an error does not survive IndexedDB, and the copy is as old as it says.
 */
const lastGoodCopies: Persister = {
  persistClient: (client) =>
    persister.persistClient({
      ...client,
      clientState: {
        ...client.clientState,
        queries: client.clientState.queries.map((query) =>
          failedWithData(query.state)
            ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } }
            : query,
        ),
      },
    }),
  restoreClient: () => persister.restoreClient(),
  removeClient: () => persister.removeClient(),
};

export const persistOptions = {
  persister: lastGoodCopies,
  maxAge: CACHE_MAX_AGE_MS,
  buster: config.appVersion,
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) => isKeptOnDevice(query) && (defaultShouldDehydrateQuery(query) || failedWithData(query.state)),
  },
};

/**
 * The end of a session on a shared tablet: remove the cached data (the query cache in memory and in IndexedDB), the
 * unsaved roll-call marks (db.rollDrafts), this tab's half-typed forms (sessionStorage) and the files added to them
 * (db.draftDocuments), and the server's copies that conflicts keep beside refused writes (a student's or a guardian's
 * whole record: a retry after the next sign-in fetches them again). The outbox's writes are not touched: unsent work
 * is the user's, not a cache. A narrowed role (role-narrowing.ts) keeps the drafts it may still save: unsaved marks, or
 * half-typed forms, are the user's work in progress, not data of the old role.
 */
export async function forgetDeviceData({ keepRollDrafts = false, keepFormDrafts = false } = {}): Promise<void> {
  // A restore still reading would put the data back after the clear.
  await restoring;
  forgottenCount += 1;
  queryClient.clear();
  try {
    if (!keepFormDrafts) globalThis.sessionStorage?.clear();
  } catch {
    // storage blocked: nothing kept there either
  }
  // Noted before it is tried (lib/db.ts oweClear): should IndexedDB refuse, its code not load, or the tab close
  // midway, it is done before anything else uses the database (at the next start, or here once IndexedDB answers),
  // and a sign-out still signs out.
  oweClear({ rollDrafts: !keepRollDrafts, formDrafts: !keepFormDrafts });
  try {
    // The persister forgets what it wrote; database() does the owed clear.
    await Promise.all([persister.removeClient(), database()]);
  } catch (error) {
    console.warn('Quadra: the data of the session that ended could not be removed from this device now (it is before its next use)', error);
  }
}

/**
 * The one IndexedDB database of Quadra (Dexie). Everything the app keeps on the device lives here:
 * - `kv`: the persisted TanStack Query cache (lists, filters, rosters, rolls), a row per query under
 *   `quadra-query-cache/` and the save's buster and time in `quadra-query-cache` (src/offline/row-persister.ts); kept up
 *   to CACHE_MAX_AGE_MS, dropped when the app version changes and at sign-out. Beside it, one number: when a write or
 *   "take theirs" last made the cached copies outdated (src/offline/query-client.ts markCacheStale).
 * - `outbox`: writes the user made that the server has not confirmed yet (payloads may hold Blobs). Kept until the
 *   server accepts them or the user discards them; never removed by sign-out.
 * - `rollDrafts`: marks made on a roll call and not saved yet, one row per class and date, written as they are made,
 *   so leaving the page (or a reload, or a crash) never loses them. Removed when the roll is saved or the draft
 *   discarded, and at the end of a session (they are personal data, not work the user chose to save).
 * - `draftDocuments`: files added to a registration not sent yet (the rest of that draft, text only, is in the tab's
 *   sessionStorage), under the draft's client id, so a reload or a crash keeps them too. Removed when the registration
 *   is stored in the outbox (which keeps its own copies) or started over, and at the end of a session; a closed tab's
 *   a day later (registration-draft.ts).
 */
import type { QuadraDb } from './db-dexie.ts';
import { whenIdle } from './when-idle.ts';
import { yieldToPage } from './yield-to-page.ts';
import { afterFirstScreen } from './first-screen.ts';

export type KvRow = { key: string; value: string };

export type OutboxState = 'pending' | 'failed';
export type OutboxAttempt = { at: number; error: string; status?: number };
export type OutboxRow = {
  /** Client-generated id, sent with the write so a retry can never create a duplicate. */
  id: string;
  kind: string;
  payload: unknown;
  createdAt: number;
  state: OutboxState;
  nextAttemptAt: number;
  attempts: OutboxAttempt[];
  /** Why the server refused it (failed items), in its words. */
  reason?: string;
  /** The server's code for that refusal, when it gave one: the app words the ones it knows in the user's language. */
  reasonCode?: string;
  /** Another item that must reach the server first (a student before its documents). */
  dependsOn?: string;
  /** What the parent's handler returned (e.g. the server id of the student). */
  parentResult?: Record<string, unknown>;
  /** A 409 'stale-version': the record as the server has it now ("theirs"), beside this write ("mine"). */
  conflict?: { current: unknown };
  /** Counts replacements of the payload while the row waits (a second edit of a record): a send of an older one keeps the row. */
  revision?: number;
  /**
   * Who made it: the uid signed in when it was saved (lib/session-user.ts); none without sign-in. It is sent only while
   * they are signed in, so the server records the change as theirs and not as whoever signs in next on a shared tablet.
   */
  author?: string;
};

/** A failed row's refusal as screens show it: the server's words and its code (only those it has). */
export type Refusal = { reason?: string; reasonCode?: string };
export const refusalOf = (row: OutboxRow): Refusal => ({
  ...(row.reason ? { reason: row.reason } : {}),
  ...(row.reasonCode ? { reasonCode: row.reasonCode } : {}),
});

/** A draft's mark: drafts written before justified absences hold 'PRESENT' / 'ABSENT'. */
export type StoredRollMark = 'PRESENT' | 'ABSENT' | { status: string; reason?: string; note?: string };
/** The key of a roll draft: the class and the date. */
export const rollDraftKey = (classId: string, date: string): string => `${classId}|${date}`;
export type RollDraftRow = {
  /** rollDraftKey(classId, date) */
  key: string;
  classId: string;
  date: string;
  /** Only the marks that differ from the roll they were made over (the saved one, else everyone present). */
  marks: Record<string, StoredRollMark>;
  updatedAt: number;
};

/** A file added to a registration's draft: `document` is the form's own record of it (the File within). */
export type DraftDocumentRow = {
  /** `<clientId>|<document id>` */
  key: string;
  clientId: string;
  addedAt: number;
  document: unknown;
};

export const DATABASE_NAME = 'quadra';

let loaded: Promise<QuadraDb> | undefined;
/**
 * The device's database. Its code (Dexie, db-dexie.ts) loads at the first call, beside the first screen rather than
 * before it: on a first visit that is at the first save, an idle moment after the first screen. A load that fails
 * (the network gone before the service worker held the app) is tried again at the next call. While a clear is owed
 * (oweClear), it is done before the database is handed out: nothing is read from it or written to it first.
 */
export function database(): Promise<QuadraDb> {
  loaded ??= import('./db-dexie.ts').then(
    // Its first use in a task after the code's evaluation: as one, Dexie's evaluation, the database's creation and the
    // first write were a task of 30-47 ms after a first visit's first screen (Lighthouse's trace, issue 57).
    (module) => yieldToPage().then(() => module.db),
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return owedClear() ? loaded.then(settleOwedClear) : loaded;
}

/**
 * What the end of a session still has to remove from the database: the cached data (`kv`) and the conflicts' server
 * copies always, the roll drafts and the registration drafts' files unless the session's end keeps them (a narrowed
 * role). Kept in localStorage until done, so a removal IndexedDB refused (or whose code could not load), or a tab closed
 * midway, is done before anything else uses the database: at the next start, or in this tab once IndexedDB answers.
 */
export type OwedClear = { rollDrafts: boolean; formDrafts: boolean };
const OWED_CLEAR_KEY = 'quadra-forget-owed';
/** Where localStorage is blocked (so nothing outlives the tab), the owed clear is kept here instead. */
let owedWithoutStorage: OwedClear | null = null;

function owedClear(): OwedClear | null {
  try {
    const saved = globalThis.localStorage?.getItem(OWED_CLEAR_KEY);
    return saved ? (JSON.parse(saved) as OwedClear) : null;
  } catch {
    return owedWithoutStorage;
  }
}

function noteOwed(owed: OwedClear | null): void {
  try {
    if (owed) globalThis.localStorage?.setItem(OWED_CLEAR_KEY, JSON.stringify(owed));
    else globalThis.localStorage?.removeItem(OWED_CLEAR_KEY);
  } catch {
    owedWithoutStorage = owed;
  }
}

/** Notes a clear as owed (with one owed already, what either removes); the next database() does it. */
export function oweClear(clear: OwedClear): void {
  const before = owedClear();
  noteOwed({ rollDrafts: clear.rollDrafts || before?.rollDrafts === true, formDrafts: clear.formDrafts || before?.formDrafts === true });
}

let settling: Promise<QuadraDb> | null = null;
function settleOwedClear(db: QuadraDb): Promise<QuadraDb> {
  settling ??= clearOwed(db).finally(() => {
    settling = null;
  });
  return settling;
}

async function clearOwed(db: QuadraDb): Promise<QuadraDb> {
  const owed = owedClear();
  if (!owed) return db;
  await db.transaction('rw', [db.kv, db.rollDrafts, db.draftDocuments, db.outbox], async () => {
    await db.kv.clear();
    if (owed.rollDrafts) await db.rollDrafts.clear();
    if (owed.formDrafts) await db.draftDocuments.clear();
    await db.outbox
      .filter((row) => row.conflict !== undefined)
      .modify((row) => {
        delete row.conflict;
      });
  });
  // Unless another clear was noted meanwhile: the next call does that one.
  if (JSON.stringify(owedClear()) === JSON.stringify(owed)) noteOwed(null);
  return db;
}

/**
 * Whether this device holds no Quadra database at all (a first visit, or after the browser's data was cleared): then
 * there is nothing to restore. False where the browser cannot tell (no indexedDB.databases()) or the database exists.
 * Much quicker than opening it: on a first visit, the open that creates it took 60-170 ms (350-450 ms at 4x CPU).
 */
export async function holdsNoDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  try {
    return !(await indexedDB.databases()).some((info) => info.name === DATABASE_NAME);
  } catch {
    return false;
  }
}

let allowCreation: (() => void) | undefined;
let storeReady: Promise<void> | undefined;
/** On a first visit, how long after start the database is created, at the latest (at an idle moment after that). */
const CREATE_AFTER_MS = 2_000;

/**
 * Resolves when this tab opens the database for what can wait (the outbox's first drain and its live lists): at once
 * where one exists; on a first visit (none yet, so nothing in it to read), a moment after the first screen (2 s after
 * start and its reads done, lib/first-screen.ts), or at the
 * first write (openDeviceStoreNow). Creating it is 20-45 ms of main-thread work (80-180 ms at 4x CPU) that the first
 * screen of a first visit then does without (the cache's restore skips a first visit: offline/persist.ts).
 */
export function deviceStoreReady(): Promise<void> {
  storeReady ??= holdsNoDatabase().then((none) => {
    if (!none) return;
    return new Promise<void>((resolve) => {
      allowCreation = resolve;
      const moment = new Promise((wait) => setTimeout(wait, CREATE_AFTER_MS));
      void Promise.all([moment, afterFirstScreen()]).then(() => whenIdle(resolve, CREATE_AFTER_MS));
    });
  });
  return storeReady;
}

/** A write is about to be stored: whatever waits for the database need wait no more. */
export function openDeviceStoreNow(): void {
  allowCreation?.();
}

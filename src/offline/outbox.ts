/**
 * The outbox: every write the app makes is first stored in IndexedDB (db.outbox, see src/lib/db.ts), then sent.
 * An item leaves the table only when the server accepted it or the user discarded it. Each item carries a
 * client-generated id that the server uses for idempotency, so a resend after a timeout, a crash or a reload can
 * never create a duplicate. Transient failures are retried with growing, jittered waits; a 4xx refusal moves the item
 * to the failed list (visible, with retry and discard). A 409 'stale-version' (someone else changed the record since
 * the edit started) keeps the server's current record on the item, so the user can keep theirs (resend on the current
 * version: the kind's `rebase`) or take the server's (discard, and read every cached record again). It drains at
 * start-up, when the browser comes online, on a timer and right after each write. With sign-in, an item is sent only
 * while the person who made it is signed in (its `author`): on a shared tablet, the next instructor's session does not
 * send the last one's roll as theirs.
 */
import { database, deviceStoreReady, openDeviceStoreNow, type OutboxRow } from '../lib/db.ts';
import { classifyFailure, currentToken, failureCode, failureMessage, staleRecordOf } from '../lib/http.ts';
import { tokenSubject } from '../lib/token-subject.ts';
import { sessionUid } from '../lib/session-user.ts';
import { markCacheStale, noteWrite, queryClient } from './query-client.ts';
import { outboxKinds } from './outbox-kinds.ts';

export type OutboxResult = Record<string, unknown> | void;
export type OutboxHandler = (item: OutboxRow) => Promise<OutboxResult>;

/** A versioned write sent again on the server's current version ("keep mine"): its payload with that version. */
export type OutboxRebase = (payload: unknown, current: unknown) => unknown;

const handlers = new Map<string, OutboxHandler>();
const rebases = new Map<string, OutboxRebase>();
export function registerOutboxHandler(kind: string, handler: OutboxHandler, options: { rebase?: OutboxRebase } = {}): void {
  handlers.set(kind, handler);
  if (options.rebase) rebases.set(kind, options.rebase);
}

/** Loads the handlers on the first drain that needs them, so the first screen does not carry every API module. */
let loadHandlers: (() => Promise<void>) | null = null;
let handlersLoading: Promise<void> | null = null;
async function ensureHandlers(items: OutboxRow[]): Promise<void> {
  if (!loadHandlers || items.every((item) => handlers.has(item.kind))) return;
  handlersLoading ??= loadHandlers().catch((error: unknown) => {
    handlersLoading = null; // try again on the next drain
    console.warn('Quadra: the outbox handlers could not be loaded', error);
  });
  await handlersLoading;
}

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
const MAX_ATTEMPTS_KEPT = 20;
const DRAIN_INTERVAL_MS = 15_000;

/** Growing, jittered wait before the next try: 2 s, 4 s, 8 s ... capped at 5 min, each somewhere in [d/2, d]. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

type Listener = () => void;
const syncedListeners = new Set<(item: OutboxRow, result: OutboxResult) => void>();
const authListeners = new Set<Listener>();
/** Called after the server accepted an item (features refresh their lists). */
export function onOutboxSynced(listener: (item: OutboxRow, result: OutboxResult) => void): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}
/** Called when the server asked for a (new) sign-in; the items stay pending. */
export function onOutboxAuthRequired(listener: Listener): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

let persistAsked = false;
/** Ask the browser to keep our storage under pressure, once, at the first write. */
function askDurableStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => undefined);
}

export type EnqueueInput = { kind: string; payload: unknown; id?: string; dependsOn?: string };

/** Store a write; it is on the device before this resolves. Then try to send it. */
export async function enqueue(input: EnqueueInput): Promise<OutboxRow> {
  const [row] = await enqueueAll([input]);
  return row!;
}

/** Store several writes at once (a student and its documents), so none is sent before all are on the device. */
export async function enqueueAll(inputs: EnqueueInput[]): Promise<OutboxRow[]> {
  const db = await database();
  const createdAt = Date.now();
  const author = sessionUid();
  const rows: OutboxRow[] = inputs.map((input, index) => ({
    id: input.id ?? crypto.randomUUID(),
    kind: input.kind,
    payload: input.payload,
    createdAt: createdAt + index,
    state: 'pending',
    nextAttemptAt: 0,
    attempts: [],
    ...(input.dependsOn ? { dependsOn: input.dependsOn } : {}),
    ...(author ? { author } : {}),
  }));
  openDeviceStoreNow();
  await db.outbox.bulkPut(rows);
  askDurableStorage();
  void drainOutbox();
  return rows;
}

/**
 * Lanes, drained side by side, each in its order: a document's file (a few MB, minutes on a court's poor link, or a
 * send that hangs up to the request timeout of 10 minutes) does not hold back a roll or an edit saved after it. A
 * write that waits for one of another lane (a document for its student's registration) waits across lanes.
 */
export type OutboxLane = 'records' | 'files';
const fileKinds: ReadonlySet<string> = new Set([outboxKinds.studentDocument, outboxKinds.studentDocumentRemove]);
export const laneOf = (kind: string): OutboxLane => (fileKinds.has(kind) ? 'files' : 'records');
const lanes: Record<OutboxLane, { draining: Promise<void> | null; again: boolean }> = {
  records: { draining: null, again: false },
  files: { draining: null, again: false },
};

/** The clock of the latest drain asked for (tests pass one; the app, Date.now): a run already going takes it on. */
let drainClock: () => number = Date.now;

/** Send every due item once, lane by lane side by side (resolves when both are done). */
export async function drainOutbox(now: () => number = Date.now): Promise<void> {
  drainClock = now;
  await Promise.all([drainLane('records'), drainLane('files')]);
  // A lane woken by the other's send (a document after its student's registration) is part of this drain.
  for (let going = runningLanes(); going.length > 0; going = runningLanes()) await Promise.all(going);
}

const runningLanes = (): Promise<void>[] => Object.values(lanes).flatMap((lane) => (lane.draining ? [lane.draining] : []));

/** One lane's pass. Concurrent calls share one run; one tab at a time sends in a lane (Web Locks when present). */
function drainLane(lane: OutboxLane): Promise<void> {
  const state = lanes[lane];
  if (state.draining) {
    state.again = true;
    return state.draining;
  }
  const run = async () => {
    do {
      state.again = false;
      await withLock(lane, () => drainOnce(lane, drainClock));
    } while (state.again);
  };
  state.draining = run().finally(() => {
    state.draining = null;
    // A drain asked for after the last pass had read the table must still happen.
    if (state.again) void drainLane(lane);
    else void scheduleNextDrain(drainClock);
  });
  return state.draining;
}

/** Once started, wake up when the earliest waiting item is due (its backoff), not only on the 15 s timer. */
let wakeTimer: ReturnType<typeof setTimeout> | undefined;
async function scheduleNextDrain(now: () => number): Promise<void> {
  const db = await database();
  if (!started) return;
  const due = (await db.outbox.where('state').equals('pending').toArray()).map((item) => item.nextAttemptAt).filter((at) => at > now());
  clearTimeout(wakeTimer);
  if (due.length === 0) return;
  const delay = Math.min(...due) - now();
  // The 15 s timer covers anything further away.
  if (delay < DRAIN_INTERVAL_MS) wakeTimer = setTimeout(() => void drainOutbox(), delay + 50);
}

async function withLock(lane: OutboxLane, fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) await locks.request(lane === 'records' ? 'quadra-outbox' : `quadra-outbox-${lane}`, fn);
  else await fn();
}

async function drainOnce(lane: OutboxLane, now: () => number): Promise<void> {
  const db = await database();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  // Whose token the requests will carry: another tab may have changed who is signed in a moment before this one heard.
  const sender = tokenSubject((await currentToken()) ?? '');
  const items = await db.outbox.orderBy('createdAt').toArray();
  await ensureHandlers(items);
  const waiting = new Set(items.map((item) => item.id));
  // A write that waits for another can come first in this order (two saved in the same millisecond): when its parent
  // is then sent, one more pass sends it, instead of leaving it to the next drain (up to 15 s later).
  let deferred = false;
  let sent = false;
  for (const item of items) {
    if (laneOf(item.kind) !== lane) continue;
    if (item.state !== 'pending' || item.nextAttemptAt > now() || !isMadeHere(item)) continue;
    if (item.author !== undefined && sender !== null && item.author !== sender) continue;
    if (item.dependsOn && waiting.has(item.dependsOn)) {
      deferred = true;
      continue;
    }
    const handler = handlers.get(item.kind);
    if (!handler) continue;
    // Read the row again: a parent sent earlier in this run may have just given it its parentResult.
    const fresh = await db.outbox.get(item.id);
    if (!fresh || fresh.state !== 'pending') continue;
    if (!(await sendOne(fresh, handler, now))) continue;
    waiting.delete(item.id);
    sent = true;
    // What waits for it in another lane goes now, not at that lane's next drain: read from the table, not from this
    // pass's list (a document added while its registration was on its way is not in it).
    const dependants = await db.outbox.where('dependsOn').equals(item.id).toArray();
    for (const other of new Set(dependants.map((row) => laneOf(row.kind)))) {
      if (other !== lane) void drainLane(other);
    }
  }
  if (deferred && sent) lanes[lane].again = true;
}

/**
 * Whether a write is of whoever is signed in now (or of nobody in particular: made without sign-in): only those are
 * sent, and only those can the drawer retry or discard. Another account's waits on the device until they sign in here
 * again; what depends on it waits with it.
 */
export function isMadeHere(item: Pick<OutboxRow, 'author'>): boolean {
  return item.author === undefined || item.author === sessionUid();
}

/** Returns true when the server accepted the item and it left the outbox (false: refused, not sent, or sent again). */
async function sendOne(item: OutboxRow, handler: OutboxHandler, now: () => number): Promise<boolean> {
  const db = await database();
  sending.set(item.id, now());
  notifySending();
  try {
    // From this moment the server's records may differ from the device's copies (the handler updates some of them in
    // memory): noted on the device first, so a reload before the cache's next save reads them again instead of showing
    // the copy from before the write as fresh (query-client markCacheStale).
    await markCacheStale();
    const result = await handler(item);
    const replaced = await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(item.id);
      // Its payload was replaced while this one was on its way (a second edit, in this tab or another): the row stays,
      // due at once, to be sent on what this send got (its handler reads parentResult), not deleted with the new edit;
      // what waits for it goes on waiting.
      if (current && (current.revision ?? 0) !== (item.revision ?? 0)) {
        await db.outbox.update(item.id, { nextAttemptAt: 0, ...(result ? { parentResult: result } : {}) });
        return true;
      }
      await db.outbox.delete(item.id);
      if (result) await db.outbox.where('dependsOn').equals(item.id).modify({ parentResult: result });
      return false;
    });
    for (const listener of syncedListeners) listener(item, result);
    if (replaced) lanes[laneOf(item.kind)].again = true;
    return !replaced;
  } catch (error) {
    const { kind, status } = await classifyFailure(error);
    const message = await failureMessage(error);
    const attempts = [...item.attempts, { at: now(), error: message, ...(status ? { status } : {}) }].slice(-MAX_ATTEMPTS_KEPT);
    if (kind === 'rejected') {
      const [conflict, reasonCode] = await Promise.all([staleRecordOf(error), failureCode(error)]);
      await db.outbox.update(item.id, { state: 'failed', reason: message, reasonCode, attempts, ...(conflict ? { conflict } : {}) });
    } else {
      await db.outbox.update(item.id, { attempts, nextAttemptAt: now() + backoffDelay(attempts.length) });
      if (kind === 'unauthorized') for (const listener of authListeners) listener();
    }
    return false;
  } finally {
    // Answered or not, the server may have applied it after a sync under way read its records (offline/sync.ts).
    noteWrite();
    sending.delete(item.id);
    notifySending();
  }
}

/**
 * "Send as mine": the signed-in user takes another account's waiting write as theirs (after a confirmation in the
 * drawer), so it is sent now, recorded on the server as theirs: the way out for work whose author will not sign in on
 * this device again. Nothing when nobody is signed in.
 */
export async function adoptItem(id: string): Promise<void> {
  const db = await database();
  const author = sessionUid();
  if (!author) return;
  await db.outbox.update(id, { author, nextAttemptAt: 0 });
  void drainOutbox();
}

/** Put a failed item back in the queue, due now. */
export async function retryItem(id: string): Promise<void> {
  const db = await database();
  const item = await db.outbox.get(id);
  if (!item || !isMadeHere(item)) return;
  await db.outbox.update(id, { state: 'pending', nextAttemptAt: 0 });
  void drainOutbox();
}

/**
 * "Keep mine" of a conflict: the same write, sent again on the version the server has now, so it overwrites what the
 * other person saved (which the user has seen side by side). False when the kind cannot be rebased.
 */
export async function keepMine(id: string): Promise<boolean> {
  const db = await database();
  const item = await db.outbox.get(id);
  if (!item?.conflict || !isMadeHere(item)) return false;
  // The handlers (and their rebases) may not be loaded yet in this visit.
  await ensureHandlers([item]);
  const rebase = rebases.get(item.kind);
  if (!rebase) return false;
  // What an earlier write of this device got no longer counts: the rebase is on the server's record as it is now.
  await db.outbox.update(id, {
    state: 'pending',
    nextAttemptAt: 0,
    payload: rebase(item.payload, item.conflict.current),
    conflict: undefined,
    parentResult: undefined,
  });
  void drainOutbox();
  return true;
}

/**
 * "Take theirs" of a conflict: mine is dropped and the screens read the server's records again. The device notes that
 * its copies are outdated before the item leaves the list, so a reload that comes before the cache's next save still
 * reads them again (query-client markCacheStale) instead of showing the copy from before the conflict as fresh.
 */
export async function takeTheirs(id: string): Promise<void> {
  const db = await database();
  const item = await db.outbox.get(id);
  if (!item || !isMadeHere(item)) return;
  await markCacheStale();
  // Only this write goes: what waits for it (a later edit, a removal, a later roll) is the user's too, unseen in this
  // conflict; it is sent on its own and, if stale as well, shows its own conflict.
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox
      .where('dependsOn')
      .equals(id)
      .modify((row) => {
        delete row.dependsOn;
        delete row.parentResult;
      });
    await db.outbox.delete(id);
  });
  void queryClient.invalidateQueries();
  void drainOutbox();
}

/** Whether a conflicted item's kind can be resent on the current version. */
export function canKeepMine(kind: string): boolean {
  return rebases.has(kind);
}

/** Writes that bring a record into being: what waits for one (a document of a student) cannot exist without it. */
const CREATES: ReadonlySet<string> = new Set([
  outboxKinds.studentCreate,
  outboxKinds.guardianCreate,
  outboxKinds.userCreate,
  outboxKinds.activityCreate,
  outboxKinds.classCreate,
]);

/**
 * Drop an item the user chose to give up. What of theirs waits for a record's creation goes with it (documents of a
 * refused student); what waits for any other write (a status change after a refused edit, a roll after a refused roll
 * of that day) is the user's own save and stands alone: it now waits for what the dropped item waited for, if anything.
 * Another account's write is never dropped here: one of theirs that waited for this item is sent on its own (and, if
 * it cannot stand alone, fails in front of them).
 */
export async function discardItem(id: string): Promise<void> {
  const db = await database();
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || !isMadeHere(item)) return;
    const dependents = await db.outbox.where('dependsOn').equals(id).toArray();
    const dropped = CREATES.has(item.kind) ? dependents.filter((row) => isMadeHere(row)).map((row) => row.id) : [];
    const released = dependents.filter((row) => !dropped.includes(row.id)).map((row) => row.id);
    const waitsFor = CREATES.has(item.kind) ? undefined : item.dependsOn;
    await db.outbox
      .where('id')
      .anyOf(released)
      .modify((row) => {
        if (waitsFor !== undefined && isMadeHere(row)) row.dependsOn = waitsFor;
        else delete row.dependsOn;
        // What the chain had got from the server (the version a write before the discarded one reached) goes on with it.
        if (item.parentResult && !row.parentResult && isMadeHere(row)) row.parentResult = item.parentResult;
      });
    await db.outbox.bulkDelete([id, ...dropped]);
  });
  void drainOutbox();
}

/** Make every waiting item due now (used when the connection comes back). */
export async function wakeOutbox(): Promise<void> {
  const db = await database();
  await db.outbox.where('state').equals('pending').modify({ nextAttemptAt: 0 });
  await drainOutbox();
}

/** The items on their way from this tab, with when their send began. */
const sending = new Map<string, number>();
const sendingListeners = new Set<Listener>();
let sendingChanges = 0;
function notifySending(): void {
  sendingChanges += 1;
  for (const listener of sendingListeners) listener();
}
export function isSending(id: string): boolean {
  return sending.has(id);
}
/** When this item's send began, while it is on its way (ms since the epoch). */
export function sendingSince(id: string): number | undefined {
  return sending.get(id);
}
/** Counts the sends begun and ended: a snapshot for useSyncExternalStore. */
export function sendingSnapshot(): number {
  return sendingChanges;
}
export function onSendingChange(listener: Listener): () => void {
  sendingListeners.add(listener);
  return () => sendingListeners.delete(listener);
}

let started = false;
/** Drain at start-up, when the browser comes online, when the tab comes back, and every 15 s. */
export function startOutbox(handlerLoader?: () => Promise<void>): void {
  if (started) return;
  started = true;
  if (handlerLoader) loadHandlers = handlerLoader;
  void deviceStoreReady().then(() => drainOutbox());
  window.addEventListener('online', () => void wakeOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drainOutbox();
  });
  window.setInterval(() => void drainOutbox(), DRAIN_INTERVAL_MS);
}

/**
 * What the outbox (src/offline/outbox.ts) tells the rest of the app, apart from the outbox itself, so the shell can
 * listen without carrying it: the header's count, the sign-in prompt and the screens' "sent" notices are in the app's
 * first script, the outbox's sending and its kinds load after the first screen (issue 57).
 */
import type { OutboxRow } from '../lib/db.ts';
import { sessionUid } from '../lib/session-user.ts';

export type OutboxResult = Record<string, unknown> | void;

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
export function announceSynced(item: OutboxRow, result: OutboxResult): void {
  for (const listener of syncedListeners) listener(item, result);
}
export function announceAuthRequired(): void {
  for (const listener of authListeners) listener();
}

/**
 * Whether a write is of whoever is signed in now (or of nobody in particular: made without sign-in): only those are
 * sent, and only those can the drawer retry or discard. Another account's waits on the device until they sign in here
 * again; what depends on it waits with it.
 */
export function isMadeHere(item: Pick<OutboxRow, 'author'>): boolean {
  return item.author === undefined || item.author === sessionUid();
}

/** The items on their way from this tab, with when their send began. */
const sending = new Map<string, number>();
const sendingListeners = new Set<Listener>();
let sendingChanges = 0;
function notifySending(): void {
  sendingChanges += 1;
  for (const listener of sendingListeners) listener();
}
export function markSending(id: string, since: number): void {
  sending.set(id, since);
  notifySending();
}
export function markSent(id: string): void {
  sending.delete(id);
  notifySending();
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

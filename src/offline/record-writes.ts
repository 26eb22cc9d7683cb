/**
 * One record's writes made on this device follow each other (a student's edits and status changes, a guardian's edits
 * and removal): each waits for the one before (`dependsOn`; the first for the record's own create if it is still
 * queued, whose outbox id is the record's id) and is sent on the version that one got (its `parentResult`), so a second
 * edit made offline is not a conflict with the user's own first. An edit made while an earlier one still waits, never
 * tried, takes its place (the screens start the form from the waiting edit), bumping the row's revision: a send of the
 * replaced edit already on its way (from another tab) then keeps the row and sends it again (outbox.ts sendOne). One
 * already tried (its answer may have been lost) is not replaced: the new edit waits behind it.
 */
import { database, type OutboxRow } from '../lib/db.ts';
import type { QuadraDb } from '../lib/db-dexie.ts';
import { drainOutbox, enqueue, isMadeHere, isSending } from './outbox.ts';

type RecordWrite = {
  kind: string;
  payload: unknown;
  /** The outbox kinds of this record's writes, and whether a row's payload is of this record. */
  kinds: readonly string[];
  ofRecord: (payload: unknown) => boolean;
  /** The record's id: the outbox id of its create, if that is still queued. */
  recordId: string;
  /** For an edit: the waiting edit it replaces keeps its version (the version the chain started from). */
  replaces?: (waiting: unknown, next: unknown) => unknown;
};

/**
 * This record's writes still waiting to be sent (not the failed ones), oldest first: the signed-in account's only. A
 * write never waits behind another account's (sent when they next sign in here, maybe never): it goes on the version
 * its form started from, and whichever of the two reaches the server second meets the other as a conflict.
 */
async function waitingWritesOf(db: QuadraDb, kinds: readonly string[], ofRecord: (payload: unknown) => boolean): Promise<OutboxRow[]> {
  const rows = await db.outbox
    .where('kind')
    .anyOf([...kinds])
    .sortBy('createdAt');
  return rows.filter((row) => row.state === 'pending' && isMadeHere(row) && ofRecord(row.payload));
}

/** Queue a write of one record after the record's writes still waiting, or in place of a waiting edit of the same kind. */
export async function enqueueRecordWrite({ kind, payload, kinds, ofRecord, recordId, replaces }: RecordWrite): Promise<void> {
  // Read and replace in one transaction: a send that ends meanwhile (in another tab) cannot delete the row between.
  const db = await database();
  const last = await db.transaction('rw', db.outbox, async () => {
    const waiting = (await waitingWritesOf(db, kinds, ofRecord)).at(-1);
    // An edit already tried may have reached the server with its answer lost (a timeout, a dropped link): it is sent
    // again as it is (the server takes a resend of an applied edit), and this one goes after it, on the version it got,
    // not as a conflict with it. The outbox tries nothing while the browser is offline: an edit made at the court waits
    // untried, and the next one takes its place.
    const tried = (waiting?.attempts.length ?? 0) > 0;
    if (!replaces || waiting?.kind !== kind || isSending(waiting.id) || tried) return { replaced: false, id: waiting?.id };
    const updated = await db.outbox.update(waiting.id, { payload: replaces(waiting.payload, payload), revision: (waiting.revision ?? 0) + 1 });
    return { replaced: updated > 0, id: waiting.id };
  });
  if (last.replaced) {
    void drainOutbox();
    return;
  }
  await enqueue({ kind, payload, dependsOn: last.id ?? recordId });
}

/**
 * The version a chained write is sent on: what the write before it got from the server, or its own if that is newer
 * ("keep mine" after a conflict moves it to the server's current version).
 */
export function versionAfterParent(item: OutboxRow, own: number): number;
export function versionAfterParent(item: OutboxRow, own: number | undefined): number | undefined;
export function versionAfterParent(item: OutboxRow, own: number | undefined): number | undefined {
  const parent = item.parentResult?.version;
  if (typeof parent !== 'number') return own;
  return own === undefined ? parent : Math.max(parent, own);
}

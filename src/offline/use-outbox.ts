import { useEffect, useState, useSyncExternalStore } from 'react';
import { holdsNoDatabase, type OutboxRow } from '../lib/db.ts';
import type { QuadraDb } from '../lib/db-dexie.ts';
import { useLiveQuery } from '../lib/use-live-query.ts';
import { isMadeHere, onSendingChange, sendingSince, sendingSnapshot } from './outbox.ts';

const none: OutboxRow[] = [];

const allItemsOf = (kind?: string) => (db: QuadraDb) =>
  kind ? db.outbox.where('kind').equals(kind).sortBy('createdAt') : db.outbox.orderBy('createdAt').toArray();
/** The signed-in account's own (isMadeHere): another account's waiting work is neither shown nor built on by screens. */
const itemsOf = (kind?: string) => async (db: QuadraDb) => (await allItemsOf(kind)(db)).filter(isMadeHere);

/** Every item in the outbox of whoever is signed in (of one kind), oldest first, live: what screens lay over their data. */
export function useOutboxItems(kind?: string): OutboxRow[] {
  return useLiveQuery(itemsOf(kind), [kind], none);
}

/**
 * Every item in the outbox, other accounts' too, oldest first, live: the header's counts and the drawer. Undefined
 * until IndexedDB has answered (none if it cannot), so nothing says "0 pending" while the writes waiting on the device
 * are still being read; none at once on a device that holds no database (a first visit: nothing can be waiting).
 */
export function useAllOutboxItems(): OutboxRow[] | undefined {
  const items = useLiveQuery<OutboxRow[] | undefined>(allItemsOf(), [], undefined, none);
  const [noDatabase, setNoDatabase] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void holdsNoDatabase().then((empty) => !cancelled && setNoDatabase(empty));
    return () => {
      cancelled = true;
    };
  }, []);
  return items ?? (noDatabase ? none : undefined);
}

/** The same, undefined until IndexedDB has answered: for a form that starts from them (none if it cannot answer). */
export function useLoadedOutboxItems(kind?: string): OutboxRow[] | undefined {
  return useLiveQuery<OutboxRow[] | undefined>(itemsOf(kind), [kind], undefined, none);
}

export function useOutboxCounts(): { pending: number; failed: number } {
  const items = useOutboxItems();
  let failed = 0;
  for (const item of items) if (item.state === 'failed') failed += 1;
  return { pending: items.length - failed, failed };
}

/** When each item's send began, while it is on its way from this tab (undefined otherwise); re-renders as sends begin and end. */
export function useSendingSince(): (id: string) => number | undefined {
  useSyncExternalStore(onSendingChange, sendingSnapshot);
  return sendingSince;
}

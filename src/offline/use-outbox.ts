import { useSyncExternalStore } from 'react';
import { db, type OutboxRow } from '../lib/db.ts';
import { useLiveQuery } from '../lib/use-live-query.ts';
import { onSendingChange, sendingSince, sendingSnapshot } from './outbox.ts';

const none: OutboxRow[] = [];

const itemsOf = (kind?: string) => () => (kind ? db.outbox.where('kind').equals(kind).sortBy('createdAt') : db.outbox.orderBy('createdAt').toArray());

/** Every item in the outbox (of one kind), oldest first, live. */
export function useOutboxItems(kind?: string): OutboxRow[] {
  return useLiveQuery(itemsOf(kind), [kind], none);
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

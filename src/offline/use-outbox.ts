import { db, type OutboxRow } from '../lib/db.ts';
import { useLiveQuery } from '../lib/use-live-query.ts';

const none: OutboxRow[] = [];

/** Every item in the outbox, oldest first, live. */
export function useOutboxItems(kind?: string): OutboxRow[] {
  return useLiveQuery(
    () => (kind ? db.outbox.where('kind').equals(kind).sortBy('createdAt') : db.outbox.orderBy('createdAt').toArray()),
    [kind],
    none,
  );
}

export function useOutboxCounts(): { pending: number; failed: number } {
  const items = useOutboxItems();
  let failed = 0;
  for (const item of items) if (item.state === 'failed') failed += 1;
  return { pending: items.length - failed, failed };
}

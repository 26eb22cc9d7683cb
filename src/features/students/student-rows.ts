/** What the student list shows: queued registrations first (marked), then the server's (or fallback) list. */
import type { StudentSummary } from '../../api/contract.ts';
import type { PendingStudent } from '../../api/students.ts';
import { foldedNames, foldForSearch } from '../../lib/fold-for-search.ts';

export type StudentRow = StudentSummary & { pending?: 'pending' | 'failed'; reason?: string };

export function studentRows(items: StudentSummary[], pending: PendingStudent[], query: string): StudentRow[] {
  const needle = foldForSearch(query);
  if (pending.length === 0 && !needle) return items; // the common case, with thousands of students: no copy
  const queued = pending.length === 0 ? [] : queuedRows(items, pending);
  if (!needle) return [...queued, ...items];
  // The list's names are folded once, not at each keystroke (lib/fold-for-search.ts foldedNames).
  const names = foldedNames(items);
  return [...queued.filter((row) => foldForSearch(row.name).includes(needle)), ...items.filter((_, i) => names[i]!.includes(needle))];
}

/** Registrations still in the outbox, but for those the server's list already has (it shows the server's row). */
function queuedRows(items: StudentSummary[], pending: PendingStudent[]): StudentRow[] {
  const known = new Set(items.map((s) => s.id));
  return pending
    .filter((p) => !known.has(p.id))
    .map((p) => ({
      id: p.id,
      name: p.name,
      frequencyPercent: 0,
      pending: p.failed ? 'failed' : 'pending',
      ...(p.reason ? { reason: p.reason } : {}),
    }));
}

/** Rows of `columns` cards each, for the virtualized grid. */
export function chunk<T>(items: T[], columns: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += columns) out.push(items.slice(i, i + columns));
  return out;
}

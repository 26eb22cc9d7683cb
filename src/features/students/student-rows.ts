/** What the student list shows: queued registrations first (marked), then the server's (or fallback) list. */
import type { StudentSummary } from '../../api/contract.ts';
import type { PendingStudent } from '../../api/students.ts';
import { foldForSearch } from '../../lib/fold-for-search.ts';

export type StudentRow = StudentSummary & { pending?: 'pending' | 'failed'; reason?: string };

export function studentRows(items: StudentSummary[], pending: PendingStudent[], query: string): StudentRow[] {
  const needle = foldForSearch(query);
  if (pending.length === 0 && !needle) return items; // the common case, with thousands of students: no copy
  const known = new Set(items.map((s) => s.id));
  const rows: StudentRow[] = [];
  for (const p of pending) {
    if (known.has(p.id)) continue; // already on the server: show the server's row
    rows.push({ id: p.id, name: p.name, frequencyPercent: 0, pending: p.failed ? 'failed' : 'pending', ...(p.reason ? { reason: p.reason } : {}) });
  }
  rows.push(...items);
  if (!needle) return rows;
  return rows.filter((row) => foldForSearch(row.name).includes(needle));
}

/** Rows of `columns` cards each, for the virtualized grid. */
export function chunk<T>(items: T[], columns: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += columns) out.push(items.slice(i, i + columns));
  return out;
}

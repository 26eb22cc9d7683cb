/** What the student list shows: queued registrations first (marked), then the server's (or fallback) list. */
import type { StudentSummary } from '../../api/contract.ts';
import type { PendingStudent } from '../../api/students.ts';
import { foldForSearch, searchByName } from '../../lib/fold-for-search.ts';
import type { Refusal } from '../../lib/db.ts';
import { setFilters, type StudentFilters } from '../../api/student-filters.ts';

export type StudentRow = StudentSummary & { pending?: 'pending' | 'failed' } & Refusal;

export function studentRows(all: StudentSummary[], pending: PendingStudent[], query: string, filters: StudentFilters = {}): StudentRow[] {
  const searching = foldForSearch(query) !== '';
  const items = filtered(all, filters);
  if (pending.length === 0 && !searching) return items; // the common case, with thousands of students: no copy
  const queued = pending.length === 0 ? [] : queuedRows(all, filtered(pending, filters));
  if (!searching) return [...queued, ...items];
  const found = searchByName(items, query);
  return queued.length === 0 ? found : [...searchByName(queued, query), ...found];
}

/** The students the filters keep (issue 52: each list's code set; the same list, not a copy, without filters). */
function filtered<T extends StudentFilters>(items: T[], filters: StudentFilters): T[] {
  const set = Object.entries(setFilters(filters)) as [keyof StudentFilters, string][];
  if (set.length === 0) return items;
  return items.filter((item) => set.every(([field, code]) => item[field] === code));
}

/** Registrations still in the outbox, but for those the server's list already has (it shows the server's row). */
function queuedRows(items: StudentSummary[], pending: PendingStudent[]): StudentRow[] {
  const known = new Set(items.map((s) => s.id));
  return pending
    .filter((p) => !known.has(p.id))
    .map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.civilName ? { civilName: p.civilName } : {}),
      ...setFilters(p),
      frequencyPercent: 0,
      pending: p.failed ? 'failed' : 'pending',
      reason: p.reason,
      reasonCode: p.reasonCode,
    }));
}

/** What the student list shows: queued registrations first (marked), then the server's (or fallback) list. */
import type { StudentSummary } from '../../api/contract.ts';
import type { PendingStudent } from '../../api/students.ts';
import { foldForSearch, searchByName } from '../../lib/fold-for-search.ts';
import type { Refusal } from '../../lib/db.ts';

export type StudentRow = StudentSummary & { pending?: 'pending' | 'failed' } & Refusal;

/** The list's filters (issue 52, in the URL's query): a gender code and a school year code; absent, anyone. */
export type StudentFilters = { gender?: string | undefined; schoolYear?: string | undefined };

export function studentRows(all: StudentSummary[], pending: PendingStudent[], query: string, filters: StudentFilters = {}): StudentRow[] {
  const searching = foldForSearch(query) !== '';
  const items = filtered(all, filters);
  if (pending.length === 0 && !searching) return items; // the common case, with thousands of students: no copy
  const queued = pending.length === 0 ? [] : queuedRows(all, filtered(pending, filters));
  if (!searching) return [...queued, ...items];
  const found = searchByName(items, query);
  return queued.length === 0 ? found : [...searchByName(queued, query), ...found];
}

/** The students the filters keep (the same list, not a copy, without filters). */
function filtered<T extends { gender?: string | undefined; schoolYear?: string | undefined }>(
  items: T[],
  { gender, schoolYear }: StudentFilters,
): T[] {
  if (!gender && !schoolYear) return items;
  return items.filter((item) => (!gender || item.gender === gender) && (!schoolYear || item.schoolYear === schoolYear));
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
      ...(p.gender ? { gender: p.gender } : {}),
      ...(p.schoolYear ? { schoolYear: p.schoolYear } : {}),
      frequencyPercent: 0,
      pending: p.failed ? 'failed' : 'pending',
      reason: p.reason,
      reasonCode: p.reasonCode,
    }));
}

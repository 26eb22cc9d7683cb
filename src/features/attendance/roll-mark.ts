/**
 * A student's mark on a roll call: present, absent, or a justified absence with its reason (and a note with OTHER).
 * Present and absent are shared constants, so an unchanged row keeps the same mark object and is not re-rendered.
 */
import type { AbsenceReason, AttendanceEntry } from '../../api/contract.ts';
import type { StoredRollMark } from '../../lib/db.ts';

export type JustifiedMark = { status: 'JUSTIFIED'; reason: AbsenceReason; note?: string };
export type RollMark = { status: 'PRESENT' } | { status: 'ABSENT' } | JustifiedMark;

export const PRESENT_MARK: RollMark = Object.freeze({ status: 'PRESENT' });
export const ABSENT_MARK: RollMark = Object.freeze({ status: 'ABSENT' });

const reasons: readonly string[] = ['HEALTH', 'SCHOOL', 'FAMILY', 'TRANSPORT', 'OTHER'] satisfies AbsenceReason[];

/** A justified absence; the note is kept only with OTHER, trimmed, and left out when empty. */
export function justifiedMark(reason: AbsenceReason, note?: string): JustifiedMark {
  const text = reason === 'OTHER' ? note?.trim() : undefined;
  return text ? { status: 'JUSTIFIED', reason, note: text } : { status: 'JUSTIFIED', reason };
}

export function markOfEntry(entry: AttendanceEntry): RollMark {
  if (entry.status === 'JUSTIFIED') return justifiedMark(entry.reason, entry.note);
  return entry.status === 'ABSENT' ? ABSENT_MARK : PRESENT_MARK;
}

export function entryOf(studentId: string, mark: RollMark): AttendanceEntry {
  return mark.status === 'JUSTIFIED' ? { studentId, ...mark } : { studentId, status: mark.status };
}

export function sameMark(a: RollMark, b: RollMark): boolean {
  if (a.status !== b.status) return false;
  if (a.status !== 'JUSTIFIED' || b.status !== 'JUSTIFIED') return true;
  return a.reason === b.reason && (a.note ?? '') === (b.note ?? '');
}

/** A mark read back from a draft kept on the device (older drafts hold 'PRESENT' / 'ABSENT'); null when unreadable. */
export function markOfDraft(value: StoredRollMark | undefined): RollMark | null {
  const stored = typeof value === 'string' ? { status: value } : value;
  if (stored?.status === 'PRESENT') return PRESENT_MARK;
  if (stored?.status === 'ABSENT') return ABSENT_MARK;
  if (stored?.status === 'JUSTIFIED' && reasons.includes(stored.reason ?? '')) return justifiedMark(stored.reason as AbsenceReason, stored.note);
  return null;
}

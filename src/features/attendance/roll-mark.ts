/**
 * A student's mark on a roll call: present, absent, or a justified absence with its reason (and a note with OTHER).
 * Present and absent are shared constants, so an unchanged row keeps the same mark object and is not re-rendered.
 */
import type { AbsenceReason, AttendanceEntry } from '../../api/contract.ts';
import type { StoredRollMark } from '../../lib/db.ts';

export type JustifiedMark = { status: 'JUSTIFIED'; reason: AbsenceReason; note?: string };
export type RollMark = { status: 'PRESENT' } | { status: 'ABSENT' } | JustifiedMark;

/**
 * What a roll call shows for a child its saved roll does not list (enrolled since it was taken, or left off): neither
 * present nor absent until someone marks them, and left out of a correction unless marked (issue 56). Never stored: a
 * new roll starts with everyone present (SPEC §5), and only a saved roll has children it does not list.
 */
export type NotMarked = { status: 'NOT_MARKED' };
/** A mark as the roll call shows it: a mark, or not marked. */
export type ShownMark = RollMark | NotMarked;

export const PRESENT_MARK: RollMark = Object.freeze({ status: 'PRESENT' });
export const NOT_MARKED: NotMarked = Object.freeze({ status: 'NOT_MARKED' });
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

export function sameMark(a: ShownMark, b: ShownMark): boolean {
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

/**
 * The base a roll call's marks start from: a saved roll's marks, and each child of the date's roster it does not list
 * as not marked; nothing saved, none (everyone starts present).
 */
export function baseMarks(saved: ReadonlyMap<string, RollMark>, hasSavedRoll: boolean, rosterIds: readonly string[]): ReadonlyMap<string, ShownMark> {
  if (!hasSavedRoll) return saved;
  const base = new Map<string, ShownMark>(saved);
  for (const id of rosterIds) if (!base.has(id)) base.set(id, NOT_MARKED);
  return base;
}

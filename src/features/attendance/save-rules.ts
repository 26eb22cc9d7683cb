/**
 * The roll call's save rules (SPEC §5) as a pure function, so they are tested without a screen:
 * no date -> refused; a date after today (the device's) -> refused, a roll is taken on its day or later; no student
 * list -> refused; sample students or a sample class -> refused (sample data is for display only); otherwise the roll
 * to store, with who took it and when.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { cleanText, type NotHeld, type RollInput, type StudentSummary } from '../../api/contract.ts';
import type { RollPayload } from '../../api/attendance.ts';
import type { ListSource } from '../../offline/list-source.ts';
import { isSampleId } from '../../offline/sample-data.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { entryOf, type ShownMark } from './roll-mark.ts';

/** A roll's date after the device's today (both YYYY-MM-DD, so they compare as text). */
export const isAfterToday = (date: string, now: Date = new Date()): boolean => date > localIsoDate(now);

export type SaveRefusal = 'no-date' | 'future-date' | 'no-students' | 'sample';

export const refusalMessages: Record<SaveRefusal, MessageDescriptor> = {
  'no-date': msg`Error saving attendance, please enter a date`,
  'future-date': msg`Error saving attendance: the date is after today. A roll is taken on its day or later.`,
  'no-students': msg`Error saving attendance, students not found`,
  sample: msg`Error saving attendance: these are sample students, not the class's real roster. Connect to the server to load the roster, then take the roll again.`,
};
export const savedMessage = msg`Attendance recorded successfully`;

export type SaveInput = {
  classId: string;
  date: string | undefined;
  students: readonly StudentSummary[] | undefined;
  source: ListSource;
  markOf: (studentId: string) => ShownMark;
  takenBy: string;
  now: Date;
  /** The day's roll this one was taken on (its latest save's time; null: none; undefined: not known on this device). */
  basedOn: string | null | undefined;
};

export type SaveDecision = { ok: true; payload: RollPayload } | { ok: false; reason: SaveRefusal };

/** Who took the roll, as a plain string: the user's email, else display name, else 'anonymous'. */
export function takenByOf(user: { email: string | null; displayName: string | null } | null | undefined): string {
  return user?.email?.trim() || user?.displayName?.trim() || 'anonymous';
}

export function decideSave({ classId, date, students, source, markOf, takenBy, now, basedOn }: SaveInput): SaveDecision {
  if (!date) return { ok: false, reason: 'no-date' };
  if (isAfterToday(date, now)) return { ok: false, reason: 'future-date' };
  if (!students || students.length === 0 || source === 'loading' || source === 'error') return { ok: false, reason: 'no-students' };
  if (source === 'sample' || isSampleId(classId) || students.some((student) => isSampleId(student.id))) return { ok: false, reason: 'sample' };
  const roll: RollInput = {
    // cleanText: a cut through an emoji leaves half of it, which the API refuses (the rule for text).
    takenBy: cleanText(takenBy.slice(0, 200)),
    takenAt: now.toISOString(),
    // A child the saved roll did not list and nobody marked stays off it: a correction records what was marked.
    entries: students.flatMap((student) => {
      const mark = markOf(student.id);
      return mark.status === 'NOT_MARKED' ? [] : [entryOf(student.id, mark)];
    }),
    ...(basedOn === undefined ? {} : { basedOn }),
  };
  return { ok: true, payload: { classId, date, roll } };
}

/**
 * "Class not held" (issue 50): the day's roll with its reason instead of marks, stored and sent like a roll (same
 * versions and conflicts). No roster needed: no one is marked.
 */
export function decideNotHeld({
  classId,
  date,
  notHeld,
  takenBy,
  now,
  basedOn,
}: Pick<SaveInput, 'classId' | 'date' | 'takenBy' | 'now' | 'basedOn'> & { notHeld: NotHeld }): SaveDecision {
  if (!date) return { ok: false, reason: 'no-date' };
  if (isAfterToday(date, now)) return { ok: false, reason: 'future-date' };
  if (isSampleId(classId)) return { ok: false, reason: 'sample' };
  const roll: RollInput = {
    takenBy: cleanText(takenBy.slice(0, 200)),
    takenAt: now.toISOString(),
    notHeld,
    ...(basedOn === undefined ? {} : { basedOn }),
  };
  return { ok: true, payload: { classId, date, roll } };
}

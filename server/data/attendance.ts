/**
 * Rolls: one per class and day (attendance_rolls: who took it first, last and who corrected it) with its marks
 * (attendance_entries, in the order sent). A class not held (issue 50) is a roll with its reason (not_held_reason,
 * not_held_note) and no marks. Saving one replaces that day's marks as a whole; its share of the kept
 * counts is the caller's (rules/counts.ts withdrawRoll / depositRoll, under lockRollCounts).
 */
import type { AbsenceReason, AttendanceEntry, NotHeld, NotHeldReason, Roll, RollDay, RollStatus } from '../../src/api/contract.ts';
import { insertRows } from '../db/bulk-insert.ts';
import type { Queryable } from '../db/types.ts';
import { instant } from './columns.ts';

/** A mark as stored: a reason (and a note) only on a justified absence. */
export type EntryRow = { studentId: string; status: RollStatus; reason: AbsenceReason | null; note: string | null };

/** A stored entry as the contract has it: a reason (and a note) only on a justified absence. */
export function toEntry({ studentId, status, reason, note }: EntryRow): AttendanceEntry {
  if (status !== 'JUSTIFIED') return { studentId, status };
  return { studentId, status, reason: reason!, ...(note === null ? {} : { note }) };
}

/** The SQL columns of an entry row (alias `a`), for toEntry. */
const entryColumns = (a: string): string => `${a}.student_id AS "studentId", ${a}.status, ${a}.reason, ${a}.note`;

/** Who took a roll and when (its first save, its latest, its latest correction), as the contract has them. */
export type RollHead = Pick<Roll, 'takenBy' | 'takenAt' | 'firstTakenBy' | 'firstTakenAt' | 'correctedBy' | 'correctedAt' | 'notHeld'>;
type RollHeadRow = Omit<RollHead, 'notHeld'> & { notHeldReason: NotHeldReason | null; notHeldNote: string | null };
const rollHeadColumns = `taken_by AS "takenBy", ${instant('taken_at')} AS "takenAt",
  first_taken_by AS "firstTakenBy", ${instant('first_taken_at')} AS "firstTakenAt",
  corrected_by AS "correctedBy", ${instant('corrected_at')} AS "correctedAt",
  not_held_reason AS "notHeldReason", not_held_note AS "notHeldNote"`;

/** A stored roll head as the contract has it: `notHeld` only on a class not held. */
function toHead({ notHeldReason, notHeldNote, ...head }: RollHeadRow): RollHead {
  if (notHeldReason === null) return head;
  return { ...head, notHeld: { reason: notHeldReason, ...(notHeldNote === null ? {} : { note: notHeldNote }) } };
}

/** The roll of a class and day (YYYY-MM-DD) with its marks in the order saved; undefined when none was saved. */
export async function readRoll(db: Queryable, classId: string, date: string): Promise<Roll | undefined> {
  const [roll] = await db.query<RollHeadRow>(`SELECT ${rollHeadColumns} FROM attendance_rolls WHERE class_id = $1 AND date = $2`, [classId, date]);
  if (!roll) return undefined;
  const entries = await db.query<EntryRow>(
    `SELECT ${entryColumns('a')} FROM attendance_entries a WHERE a.class_id = $1 AND a.date = $2 ORDER BY a.position`,
    [classId, date],
  );
  return { classId, date, ...toHead(roll), entries: entries.map(toEntry) };
}

/** When the day's roll was saved last (an ISO instant), its row locked for the save that reads it; undefined: no roll. */
export async function lockRollTakenAt(tx: Queryable, classId: string, date: string): Promise<string | undefined> {
  const [head] = await tx.query<{ taken_at: string }>(
    `SELECT ${instant('taken_at')} AS taken_at FROM attendance_rolls WHERE class_id = $1 AND date = $2 FOR UPDATE`,
    [classId, date],
  );
  return head?.taken_at;
}

/**
 * Writes the day's roll head: a first save, or a later one (a correction, unless it is a retry of the first save, with
 * the same takenAt). A class not held keeps its reason (`notHeld`); a held roll clears it. Answers the head as stored.
 */
export async function saveRollHead(
  tx: Queryable,
  classId: string,
  date: string,
  takenBy: string,
  takenAt: string,
  notHeld?: NotHeld,
): Promise<RollHead> {
  const [head] = await tx.query<RollHeadRow>(
    `INSERT INTO attendance_rolls (class_id, date, taken_by, taken_at, first_taken_by, first_taken_at, not_held_reason, not_held_note)
           VALUES ($1, $2, $3, $4, $3, $4, $5, $6)
           ON CONFLICT (class_id, date) DO UPDATE SET taken_by = EXCLUDED.taken_by, taken_at = EXCLUDED.taken_at,
             not_held_reason = EXCLUDED.not_held_reason, not_held_note = EXCLUDED.not_held_note,
             -- A retry of the first save (same takenAt) is not a correction.
             corrected_by = CASE WHEN EXCLUDED.taken_at = attendance_rolls.first_taken_at THEN attendance_rolls.corrected_by ELSE EXCLUDED.taken_by END,
             corrected_at = CASE WHEN EXCLUDED.taken_at = attendance_rolls.first_taken_at THEN attendance_rolls.corrected_at ELSE EXCLUDED.taken_at END
           RETURNING ${rollHeadColumns}`,
    [classId, date, takenBy, takenAt, notHeld?.reason ?? null, notHeld?.note ?? null],
  );
  return toHead(head!);
}

/** The day's marks replaced by these, kept in this order (their positions). */
export async function replaceEntries(tx: Queryable, classId: string, date: string, entries: readonly EntryRow[]): Promise<void> {
  await tx.run('DELETE FROM attendance_entries WHERE class_id = $1 AND date = $2', [classId, date]);
  await insertRows(
    tx,
    'attendance_entries',
    ['class_id', 'date', 'student_id', 'status', 'reason', 'note', 'position'],
    entries.map((entry, position) => [classId, date, entry.studentId, entry.status, entry.reason, entry.note, position]),
  );
}

/** A class's days with a saved roll, oldest first, with their counts of marks. */
export const rollDays = (db: Queryable, classId: string): Promise<RollDay[]> =>
  db.query<RollDay>(
    `SELECT r.date,
                count(e.student_id) FILTER (WHERE e.status = 'PRESENT')::int AS present,
                count(e.student_id) FILTER (WHERE e.status = 'ABSENT')::int AS absent,
                count(e.student_id) FILTER (WHERE e.status = 'JUSTIFIED')::int AS justified
           FROM attendance_rolls r
           LEFT JOIN attendance_entries e ON e.class_id = r.class_id AND e.date = r.date
          WHERE r.class_id = $1
          GROUP BY r.date ORDER BY r.date`,
    [classId],
  );

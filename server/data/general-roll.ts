/**
 * The general roll (issue 52): one per date (general_rolls: who saved it first and last, who corrected it) with its
 * marks (general_roll_entries, in the order sent), and who arrived through a class roll of that date (a present mark in
 * attendance_entries). A child has arrived on a date when the general roll has them present or a class roll does.
 * Saving replaces the date's marks as a whole, as a class roll's save does (data/attendance.ts).
 */
import type { ArrivalsDay, GeneralMonth, GeneralRoll, GeneralRollEntry } from '../../src/api/general-roll-contract.ts';
import { insertRows } from '../db/bulk-insert.ts';
import type { Queryable } from '../db/types.ts';
import { instant } from './columns.ts';
import { inMonth } from './rules/frequency.ts';
import { nameOrder } from './rules/name-order.ts';

type GeneralRollHead = Pick<GeneralRoll, 'takenBy' | 'takenAt' | 'firstTakenBy' | 'firstTakenAt' | 'correctedBy' | 'correctedAt'>;
const headColumns = `taken_by AS "takenBy", ${instant('taken_at')} AS "takenAt",
  first_taken_by AS "firstTakenBy", ${instant('first_taken_at')} AS "firstTakenAt",
  corrected_by AS "correctedBy", ${instant('corrected_at')} AS "correctedAt"`;

/** Different from every lock key of rules/counts.ts (a class roll's save): one general roll's saves one after another. */
const GENERAL_ROLL_LOCK = 52_003;

/**
 * SQL condition: student `s` is active on `day` (an SQL date): no inactivity covers it, and a student inactive now was
 * deactivated after it (a deactivation's row is its record; a student without one counts as inactive since ever).
 */
export const activeOn = (s: string, day: string): string =>
  `NOT EXISTS (SELECT 1 FROM student_inactivity i WHERE i.student_id = ${s}.id AND i.from_on <= ${day} AND (i.until_on IS NULL OR ${day} < i.until_on))
   AND (${s}.active OR EXISTS (SELECT 1 FROM student_inactivity i WHERE i.student_id = ${s}.id AND i.from_on > ${day}))`;

/** The ids of the children active on `date` (YYYY-MM-DD): who may be on its general roll. */
export async function activeIdsOn(db: Queryable, date: string): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(`SELECT s.id FROM students s WHERE ${activeOn('s', '$1::date')}`, [date]);
  return new Set(rows.map((row) => row.id));
}

/** The children a class roll of `date` has present: arrived, whatever the general roll says (name-free ids, sorted). */
export async function arrivedInClass(db: Queryable, date: string): Promise<string[]> {
  const rows = await db.query<{ student_id: string }>(
    `SELECT DISTINCT student_id FROM attendance_entries WHERE date = $1::date AND status = 'PRESENT' ORDER BY student_id`,
    [date],
  );
  return rows.map((row) => row.student_id);
}

/** The general roll of a date: its latest save's marks (none, no takenAt, while unsaved) and who arrived in a class. */
export async function readGeneralRoll(db: Queryable, date: string): Promise<GeneralRoll> {
  const [head] = await db.query<GeneralRollHead>(`SELECT ${headColumns} FROM general_rolls WHERE date = $1::date`, [date]);
  const entries = head
    ? await db.query<GeneralRollEntry>(`SELECT student_id AS "studentId", status FROM general_roll_entries WHERE date = $1::date ORDER BY position`, [
        date,
      ])
    : [];
  return { date, ...head, entries, arrivedInClass: await arrivedInClass(db, date) };
}

/**
 * When the date's general roll was saved last (an ISO instant), under a lock held to the end of the transaction, so two
 * saves of the same date (the first one included, which has no row to lock yet) go one after the other; undefined: none.
 */
export async function lockGeneralRollTakenAt(tx: Queryable, date: string): Promise<string | undefined> {
  await tx.query(`SELECT pg_advisory_xact_lock(${GENERAL_ROLL_LOCK}, hashtext($1))`, [date]);
  const [head] = await tx.query<{ taken_at: string }>(`SELECT ${instant('taken_at')} AS taken_at FROM general_rolls WHERE date = $1::date`, [date]);
  return head?.taken_at;
}

/** Writes the date's general roll with these marks (in this order): a first save, a retry of it, or a correction. */
export async function saveGeneralRoll(
  tx: Queryable,
  date: string,
  takenBy: string,
  takenAt: string,
  entries: readonly GeneralRollEntry[],
): Promise<GeneralRoll> {
  const [head] = await tx.query<GeneralRollHead>(
    `INSERT INTO general_rolls (date, taken_by, taken_at, first_taken_by, first_taken_at)
          VALUES ($1::date, $2, $3, $2, $3)
     ON CONFLICT (date) DO UPDATE SET taken_by = EXCLUDED.taken_by, taken_at = EXCLUDED.taken_at,
          -- A retry of the first save (same takenAt) is not a correction.
          corrected_by = CASE WHEN EXCLUDED.taken_at = general_rolls.first_taken_at THEN general_rolls.corrected_by ELSE EXCLUDED.taken_by END,
          corrected_at = CASE WHEN EXCLUDED.taken_at = general_rolls.first_taken_at THEN general_rolls.corrected_at ELSE EXCLUDED.taken_at END
     RETURNING ${headColumns}`,
    [date, takenBy, takenAt],
  );
  await tx.run('DELETE FROM general_roll_entries WHERE date = $1::date', [date]);
  await insertRows(
    tx,
    'general_roll_entries',
    ['date', 'student_id', 'status', 'position'],
    entries.map((entry, position) => [date, entry.studentId, entry.status, position]),
  );
  return { date, ...head!, entries: entries.map(({ studentId, status }) => ({ studentId, status })), arrivedInClass: await arrivedInClass(tx, date) };
}

/** A child's mark on one date's general roll, with who saved that roll last (the LGPD copy, issue 51). */
export type GeneralRollMark = { date: string; status: GeneralRollEntry['status']; takenBy: string; takenAt: string };

/** Every general-roll mark of a child, oldest first (a guardian's copy: data/student-export.ts). */
export function generalRollMarksOf(db: Queryable, studentId: string): Promise<GeneralRollMark[]> {
  return db.query<GeneralRollMark>(
    `SELECT to_char(e.date, 'YYYY-MM-DD') AS date, e.status, g.taken_by AS "takenBy", ${instant('g.taken_at')} AS "takenAt"
       FROM general_roll_entries e JOIN general_rolls g ON g.date = e.date
      WHERE e.student_id = $1 ORDER BY e.date`,
    [studentId],
  );
}

type MonthStudentRow = { id: string; name: string; cells: Array<'P' | 'C' | null> | null };

/**
 * SQL (the CTEs `arrivals` and `per_day`): the one rule of an arrival, per date of the month whose first day is
 * `firstDay` and child: 'P' marked arrived at the general roll, 'C' present in a class roll of that date only.
 */
const perDayArrivals = (firstDay: string): string => `arrivals AS (
       SELECT g.date, g.student_id, 'P' AS how FROM general_roll_entries g WHERE g.status = 'PRESENT' AND ${inMonth('g', firstDay)}
       UNION ALL
       SELECT DISTINCT a.date, a.student_id, 'C' AS how FROM attendance_entries a WHERE a.status = 'PRESENT' AND ${inMonth('a', firstDay)}
     ), per_day AS (
       -- marked at the general roll shows as such; arrived through a class roll only, as 'C'
       SELECT date, student_id, CASE WHEN bool_or(how = 'P') THEN 'P' ELSE 'C' END AS how FROM arrivals GROUP BY date, student_id
     )`;

/**
 * The arrivals of each day of a month (`month` YYYY-MM) with a general roll or a child present in a class roll: how
 * many children arrived, and of them how many were marked at the general roll (the others through a class roll only).
 */
export async function arrivalsPerDay(db: Queryable, month: string): Promise<ArrivalsDay[]> {
  return db.query<ArrivalsDay>(
    `WITH ${perDayArrivals('$1::date')}, days AS (
       SELECT g.date FROM general_rolls g WHERE ${inMonth('g', '$1::date')} UNION SELECT date FROM per_day
     )
     SELECT to_char(d.date, 'YYYY-MM-DD') AS date, count(p.student_id)::int AS arrived,
            (count(p.student_id) FILTER (WHERE p.how = 'P'))::int AS "atGeneralRoll"
       FROM days d LEFT JOIN per_day p ON p.date = d.date
      GROUP BY d.date ORDER BY d.date`,
    [`${month}-01`],
  );
}

/**
 * A month of arrivals (`month` YYYY-MM): the dates of arrivalsPerDay, the children marked or arrived on one of them
 * (name order) with a cell per date ('P' arrived at the general roll, 'C' through a class roll only, null not
 * arrived), and the arrivals of each date.
 */
export async function generalMonth(db: Queryable, month: string): Promise<GeneralMonth> {
  const days = await arrivalsPerDay(db, month);
  const dates = days.map((day) => day.date);
  const students = await db.query<MonthStudentRow>(
    `WITH ${perDayArrivals('$1::date')}, shown AS (
       SELECT student_id FROM per_day
       UNION SELECT g.student_id FROM general_roll_entries g WHERE ${inMonth('g', '$1::date')}
     ), dates AS (
       SELECT d::date AS date FROM unnest($2::text[]) d
     )
     SELECT s.id, s.shown_name AS name,
            (SELECT json_agg(p.how ORDER BY dates.date) FROM dates LEFT JOIN per_day p ON p.date = dates.date AND p.student_id = s.id) AS cells
       FROM shown JOIN students s ON s.id = shown.student_id
      ORDER BY ${nameOrder('s')}`,
    [`${month}-01`, dates],
  );
  const shown = students.map(({ cells, ...student }) => {
    const row = cells ?? dates.map(() => null);
    return { ...student, cells: row, arrived: row.filter((cell) => cell !== null).length };
  });
  return { month, dates, students: shown, totals: days.map(({ date, arrived }) => ({ date, arrived })) };
}

/**
 * What a coordinator reads of attendance (issue 17), computed in SQL with the one frequency rule (rules/frequency.ts)
 * over the counts the writes keep (rules/counts.ts): a class's month grid, the alerts about children dropping out and
 * classes without a roll, and the monthly frequency report per class and activity (a class's figure weighs each
 * student's roll day once, like the students' own figures).
 */
import {
  BELOW_THRESHOLD_MIN_ROLL_DAYS,
  type AttendanceAlerts,
  type AttendanceGrid,
  type FrequencyReport,
  type NotHeldReason,
} from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { dateLiteral, instant } from './columns.ts';
import { queryRowsAsJson } from './json-rows.ts';
import { frequencySql, heldRoll, inMonth } from './rules/frequency.ts';
import { nameOrder } from './rules/name-order.ts';
import { onRoster } from './rules/roster.ts';
import { meetsOnDay } from './rules/class-schedule.ts';
import { rollsToComplete } from './rolls-to-complete.ts';

/** How far back the absences in a row are looked for. */
export const STREAK_LOOKBACK_DAYS = 90;
/** How many absences in a row make an alert. */
export const STREAK_MIN = 3;

type GridRollRow = Omit<AttendanceGrid['rolls'][number], 'notHeld' | 'dayOff'> & {
  notHeldReason: NotHeldReason | null;
  notHeldNote: string | null;
  dayOff: string | null;
};
type GridStudentRow = Omit<AttendanceGrid['students'][number], 'cells' | 'notMarked'> & { cells: AttendanceGrid['students'][number]['cells'] | null };

/** The month grid of a class (the class is known to exist). */
export async function monthGrid(db: Queryable, classId: string, month: string): Promise<AttendanceGrid> {
  const params = [classId, `${month}-01`];
  // The month's rolls: their dates, who saved each first and who corrected it last (the rolls table keeps both).
  // A class not held and a calendar day off are shown as such (issue 50): no one's roll day.
  const rows = await db.query<GridRollRow>(
    `SELECT to_char(r.date, 'YYYY-MM-DD') AS date, r.first_taken_by AS "firstTakenBy", ${instant('r.first_taken_at')} AS "firstTakenAt",
            r.corrected_by AS "correctedBy", ${instant('r.corrected_at')} AS "correctedAt",
            r.not_held_reason AS "notHeldReason", r.not_held_note AS "notHeldNote",
            (SELECT d.name FROM calendar_days d WHERE d.date = r.date) AS "dayOff"
       FROM attendance_rolls r
      WHERE r.class_id = $1 AND ${inMonth('r', '$2::date')}
      ORDER BY r.date`,
    params,
  );
  const rolls = rows.map(({ notHeldReason, notHeldNote, dayOff, ...roll }) => ({
    ...roll,
    ...(notHeldReason === null ? {} : { notHeld: { reason: notHeldReason, ...(notHeldNote === null ? {} : { note: notHeldNote }) } }),
    ...(dayOff === null ? {} : { dayOff }),
  }));
  const dates = rolls.map((roll) => roll.date);
  const students = await db.query<GridStudentRow>(
    `WITH dates AS (
       -- held: a class not held or a day off is no one's roll day, so no one is "not marked" on it (issue 50)
       SELECT r.date, ${heldRoll('r')} AS held FROM attendance_rolls r WHERE r.class_id = $1 AND ${inMonth('r', '$2::date')}
     ), shown AS (
       -- on the roster on some day of the month, or listed on one of its rolls
       SELECT e.student_id FROM class_enrollments e
        WHERE e.class_id = $1
          AND EXISTS (SELECT 1 FROM generate_series($2::date, ($2::date + interval '1 month' - interval '1 day'), interval '1 day') g(day)
                       WHERE ${onRoster('e', 'g.day::date')})
       UNION
       SELECT a.student_id FROM attendance_entries a WHERE a.class_id = $1 AND ${inMonth('a', '$2::date')}
     ), counts AS (
       -- the class's month as the writes keep it (rules/counts.ts)
       SELECT student_id, days, present, absent, justified FROM attendance_month_counts WHERE class_id = $1 AND month = $2::date
     )
     SELECT s.id, s.shown_name AS name,
            (SELECT json_agg(CASE a.status WHEN 'PRESENT' THEN 'P' WHEN 'ABSENT' THEN 'A' WHEN 'JUSTIFIED' THEN 'J'
                                            ELSE CASE WHEN d.on_roster AND d.held THEN 'N' END END ORDER BY d.date)
               FROM (SELECT dates.date, dates.held, EXISTS (SELECT 1 FROM class_enrollments e
                                                 WHERE e.class_id = $1 AND e.student_id = s.id AND ${onRoster('e', 'dates.date')}) AS on_roster
                       FROM dates) d
               LEFT JOIN attendance_entries a ON a.class_id = $1 AND a.date = d.date AND a.student_id = s.id) AS cells,
            coalesce(c.present, 0) AS present, coalesce(c.absent, 0) AS absent, coalesce(c.justified, 0) AS justified,
            coalesce(c.days, 0) AS "rollDays", ${frequencySql('c')} AS "frequencyPercent"
       FROM shown
       JOIN students s ON s.id = shown.student_id
       LEFT JOIN counts c ON c.student_id = s.id
      ORDER BY ${nameOrder('s')}`,
    params,
  );
  const totals = await db.query<AttendanceGrid['totals'][number]>(
    `SELECT to_char(r.date, 'YYYY-MM-DD') AS date,
            count(a.student_id) FILTER (WHERE a.status = 'PRESENT')::int AS present,
            count(a.student_id) FILTER (WHERE a.status = 'ABSENT')::int AS absent,
            count(a.student_id) FILTER (WHERE a.status = 'JUSTIFIED')::int AS justified
       FROM attendance_rolls r
       LEFT JOIN attendance_entries a ON a.class_id = r.class_id AND a.date = r.date
      WHERE r.class_id = $1 AND ${inMonth('r', '$2::date')}
      GROUP BY r.date ORDER BY r.date`,
    params,
  );
  // Not marked (issue 56): on a date's roster, not on its roll; counted from the cells, so every row and column adds up.
  const shown = students.map((row) => {
    const cells = row.cells ?? [];
    return { ...row, cells, notMarked: cells.filter((cell) => cell === 'N').length };
  });
  const withNotMarked = totals.map((total, i) => ({ ...total, notMarked: shown.filter((row) => row.cells[i] === 'N').length }));
  return { classId, month, dates, students: shown, totals: withNotMarked, rolls };
}

/** The alerts as of `day` (YYYY-MM-DD): its month's frequencies, absences in a row, the 7 days before it. */
export async function attendanceAlerts(db: Queryable, day: string, minPercent: number): Promise<AttendanceAlerts> {
  const month = day.slice(0, 7);
  // The day as a constant of each statement, not a parameter: a statement without parameters is planned once and its
  // plan kept (pglite-statements.ts), where a parameter's generic plan, chosen after five runs, took one of them from
  // 0.6 to 5 s (bench-reports.ts, issue 50); the text changes once a day.
  const on = dateLiteral(day);
  const firstOfMonth = dateLiteral(`${month}-01`);
  const belowThreshold = await queryRowsAsJson<AttendanceAlerts['belowThreshold'][number]>(
    db,
    // The month's counts as the writes keep them (rules/counts.ts), not a recount of the month's marks; a long list, read
    // as one JSON value (json-rows.ts).
    `WITH counts AS (
       SELECT student_id, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
         FROM attendance_month_counts WHERE month = ${firstOfMonth} GROUP BY student_id
     )
     SELECT s.id AS "studentId", s.shown_name AS "studentName", ${frequencySql('c')} AS "frequencyPercent", c.days AS "rollDays",
            row_number() OVER (ORDER BY ${frequencySql('c')}, s.shown_name, s.id) AS _order
       FROM counts c JOIN students s ON s.id = c.student_id
      WHERE s.active AND c.days - c.justified > 0 AND ${frequencySql('c')} < ${Number(minPercent)}
        -- not judged too soon (issue 56): a few marked roll days this month first
        AND c.days >= ${BELOW_THRESHOLD_MIN_ROLL_DAYS}`,
  );
  // Per student and class of today's rosters (classes not archived): their roll days of the last days, latest first;
  // the absences in a row are the ABSENT marks before the first other mark (a justified absence or an unmarked day
  // breaks the run).
  const absenceStreaks = await db.query<AttendanceAlerts['absenceStreaks'][number]>(
    `WITH latest AS (
       -- each class's last ${STREAK_MIN} rolls of the look-back window (classes not archived), read backwards through
       -- the rolls' key: a few rows per class, not a sort of every roll of the window
       SELECT c.id AS class_id, r.date
         FROM classes c
         CROSS JOIN LATERAL (SELECT r.date FROM attendance_rolls r
                              WHERE r.class_id = c.id AND r.date <= ${on} AND r.date > ${on} - ${STREAK_LOOKBACK_DAYS}
                                AND ${heldRoll('r')}
                              ORDER BY r.date DESC LIMIT ${STREAK_MIN}) r
        WHERE NOT c.archived
     ), since AS (
       SELECT class_id, min(date) AS since FROM latest GROUP BY class_id HAVING count(*) = ${STREAK_MIN}
     ), candidates AS (
       -- Only these pairs of today's rosters can be in a run, so the day-by-day walk below reads a few of them, not
       -- every roster: absent on each of their class's last ${STREAK_MIN} rolls (read through the rolls' key, not a scan
       -- of every mark), or not on its roster on all of them (enrolled since, or inactive for a while), whose roll
       -- days are then fewer than the class's. The absences are read as one range of their index over the look-back
       -- window, hashed against those rolls (half the time of a lookup per roll at 5,000 students, issue 50).
       SELECT e.student_id, e.class_id
         FROM (SELECT a.student_id, a.class_id
                 FROM latest l JOIN attendance_entries a ON a.class_id = l.class_id AND a.date = l.date AND a.status = 'ABSENT'
                       AND a.date <= ${on} AND a.date > ${on} - ${STREAK_LOOKBACK_DAYS}
                GROUP BY a.student_id, a.class_id HAVING count(*) = ${STREAK_MIN}) absent
         JOIN class_enrollments e ON e.class_id = absent.class_id AND e.student_id = absent.student_id AND ${onRoster('e', on)}
       UNION
       SELECT e.student_id, e.class_id
         FROM since JOIN class_enrollments e ON e.class_id = since.class_id AND e.enrolled_on > since.since AND ${onRoster('e', on)}
       UNION
       SELECT e.student_id, e.class_id
         FROM student_inactivity i
         JOIN class_enrollments e ON e.student_id = i.student_id AND ${onRoster('e', on)}
         JOIN since ON since.class_id = e.class_id AND (i.until_on IS NULL OR i.until_on > since.since)
     ), days AS (
       SELECT cur.student_id, cur.class_id, r.date,
              (SELECT a.status FROM attendance_entries a
                WHERE a.class_id = r.class_id AND a.date = r.date AND a.student_id = cur.student_id) AS status
         FROM candidates cur
         JOIN attendance_rolls r ON r.class_id = cur.class_id AND r.date <= ${on} AND r.date > ${on} - ${STREAK_LOOKBACK_DAYS}
              AND ${heldRoll('r')}
     ), seq AS (
       -- the candidate's roll days: marked, or on the roster that day (an unmarked day on the roster breaks a run)
       SELECT d.student_id, d.class_id, d.date, d.status,
              row_number() OVER (PARTITION BY d.student_id, d.class_id ORDER BY d.date DESC) AS n
         FROM days d
        WHERE d.status IS NOT NULL
           OR EXISTS (SELECT 1 FROM class_enrollments e
                       WHERE e.class_id = d.class_id AND e.student_id = d.student_id AND ${onRoster('e', 'd.date')})
     ), runs AS (
       SELECT student_id, class_id, coalesce(min(n) FILTER (WHERE status IS DISTINCT FROM 'ABSENT') - 1, count(*)) AS absences
         FROM seq GROUP BY student_id, class_id
     )
     SELECT s.id AS "studentId", s.shown_name AS "studentName", c.id AS "classId", c.title AS "className",
            c.activity_id AS "activityId", runs.absences::int AS absences, to_char(seq.date, 'YYYY-MM-DD') AS since
       FROM runs
       JOIN seq ON seq.student_id = runs.student_id AND seq.class_id = runs.class_id AND seq.n = runs.absences
       JOIN students s ON s.id = runs.student_id
       JOIN classes c ON c.id = runs.class_id
      WHERE runs.absences >= ${STREAK_MIN}
      ORDER BY runs.absences DESC, s.shown_name, s.id, c.title, c.id`,
  );
  // The 7 days before `day`: a class (not archived, of an activity not archived) that met on one of them (one of its
  // meetings' weekdays, within its first and last day: issue 52), with someone on its roster that day, and no roll of
  // that day (a roll of a class not held is one); a calendar day off is no roll day.
  const missingRolls = await db.query<AttendanceAlerts['missingRolls'][number]>(
    `SELECT c.id AS "classId", c.title AS "className", a.id AS "activityId", a.name AS "activityName", to_char(g.day, 'YYYY-MM-DD') AS date
       FROM generate_series(${on} - 7, ${on} - 1, interval '1 day') g(day)
       JOIN classes c ON NOT c.archived AND ${meetsOnDay('c', 'g.day::date')}
       JOIN activities a ON a.id = c.activity_id AND NOT a.archived
      WHERE NOT EXISTS (SELECT 1 FROM attendance_rolls r WHERE r.class_id = c.id AND r.date = g.day::date)
        AND NOT EXISTS (SELECT 1 FROM calendar_days d WHERE d.date = g.day::date)
        AND EXISTS (SELECT 1 FROM class_enrollments e WHERE e.class_id = c.id AND ${onRoster('e', 'g.day::date')})
      ORDER BY g.day, c.title, c.id`,
  );
  // Rolls that leave off children of their date's roster (issue 56): to complete (data/rolls-to-complete.ts).
  const rolls = await rollsToComplete(db, day);
  return { month, minPercent, belowThreshold, absenceStreaks, missingRolls, rollsToComplete: rolls };
}

/**
 * Per class with at least one roll in the month (archived or not: the month happened): its rolls, and its students'
 * summed roll days and marks (`days` as attendanceCountsSql names it, for frequencySql).
 */
const perClassSql = `
  rolls AS (
    -- held rolls only: a class not held, a calendar day off, is no roll (issue 50)
    SELECT r.class_id, count(*)::int AS rolls FROM attendance_rolls r WHERE ${inMonth('r', '$1::date')} AND ${heldRoll('r')} GROUP BY r.class_id
  ), counts AS (
    -- the month's counts as the writes keep them (rules/counts.ts)
    SELECT class_id, days, present, absent, justified FROM attendance_month_counts WHERE month = $1::date
  ), per_class AS (
    SELECT r.class_id, r.rolls, coalesce(sum(c.days), 0)::int AS days, coalesce(sum(c.present), 0)::int AS present,
           coalesce(sum(c.absent), 0)::int AS absent, coalesce(sum(c.justified), 0)::int AS justified
      FROM rolls r LEFT JOIN counts c ON c.class_id = r.class_id
     GROUP BY r.class_id, r.rolls
  )`;

/** The frequency report of `month` (YYYY-MM). */
export async function frequencyReport(db: Queryable, month: string): Promise<FrequencyReport> {
  const params = [`${month}-01`];
  const classes = await db.query<FrequencyReport['classes'][number]>(
    `WITH ${perClassSql}
     SELECT cl.id AS "classId", cl.title AS "className", a.id AS "activityId", a.name AS "activityName",
            p.present, p.absent, p.justified, p.rolls, p.days AS "rollDays", ${frequencySql('p')} AS "frequencyPercent"
       FROM per_class p
       JOIN classes cl ON cl.id = p.class_id
       JOIN activities a ON a.id = cl.activity_id
      ORDER BY a.name, a.id, cl.title, cl.id`,
    params,
  );
  const activities = await db.query<FrequencyReport['activities'][number]>(
    `WITH ${perClassSql}, per_activity AS (
       SELECT cl.activity_id, sum(p.rolls)::int AS rolls, sum(p.days)::int AS days, sum(p.present)::int AS present,
              sum(p.absent)::int AS absent, sum(p.justified)::int AS justified
         FROM per_class p JOIN classes cl ON cl.id = p.class_id
        GROUP BY cl.activity_id
     )
     SELECT a.id AS "activityId", a.name AS "activityName",
            p.present, p.absent, p.justified, p.rolls, p.days AS "rollDays", ${frequencySql('p')} AS "frequencyPercent"
       FROM per_activity p JOIN activities a ON a.id = p.activity_id
      ORDER BY a.name, a.id`,
    params,
  );
  return { month, activities, classes };
}

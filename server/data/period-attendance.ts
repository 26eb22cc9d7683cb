/**
 * The period report's attendance (issue 53): per activity and class over a period, and each month beside it, by the one
 * frequency rule applied to summed counts (rules/frequency.ts frequencySql; each student's roll day weighs once, as in
 * the monthly report): whole months from the counts the writes keep (rules/counts.ts), the period's ends from the
 * rolls (attendanceCountsSql, held rolls only), and the rolls held per class and month (heldRoll).
 */
import type { PeriodAttendance } from '../../src/api/beneficiaries-contract.ts';
import { frequencySql, heldRoll } from './rules/frequency.ts';

export type AttendanceRow = {
  activityId: string;
  activityName: string;
  classId: string | null;
  className: string | null;
  month: string | null;
  rolls: number;
  present: number;
  absent: number;
  justified: number;
  rollDays: number;
  frequencyPercent: number;
};

/**
 * SQL: the common table expressions that sum the period's counts per activity, class and month (`grouped`), after a
 * `chosen` (report-classes.ts reportClassesSql) and a `counted` (period-counts.ts periodCountsSql) of the same classes.
 * `$1` and `$2` are the period's first and last days; `ofClasses` the condition on a class id that `counted` used.
 */
export const periodAttendanceCtes = (ofClasses: (classId: string) => string): string => `
     sums AS (
       SELECT class_id, month, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
         FROM counted
        GROUP BY class_id, month
        -- a month's rows that sum to nothing (marks only outside the period, taken out of the kept month): no figures
       HAVING sum(days) <> 0
     ), rolls AS (
       SELECT r.class_id, date_trunc('month', r.date)::date AS month, count(*)::int AS rolls
         FROM attendance_rolls r
        WHERE r.date >= $1::date AND r.date <= $2::date AND ${heldRoll('r')} AND ${ofClasses('r.class_id')}
        GROUP BY 1, 2
     ), joined AS (
       SELECT ch.activity_id, k.class_id, k.month, coalesce(r.rolls, 0) AS rolls, coalesce(s.days, 0) AS days,
              coalesce(s.present, 0) AS present, coalesce(s.absent, 0) AS absent, coalesce(s.justified, 0) AS justified
         FROM (SELECT class_id, month FROM sums UNION SELECT class_id, month FROM rolls) k
         JOIN chosen ch ON ch.id = k.class_id
         LEFT JOIN sums s ON s.class_id = k.class_id AND s.month = k.month
         LEFT JOIN rolls r ON r.class_id = k.class_id AND r.month = k.month
     ), grouped AS (
       SELECT activity_id, class_id, month, sum(rolls)::int AS rolls, sum(days)::int AS days, sum(present)::int AS present,
              sum(absent)::int AS absent, sum(justified)::int AS justified
         FROM joined
        GROUP BY GROUPING SETS ((activity_id, class_id, month), (activity_id, class_id), (activity_id, month), (activity_id))
     )`;

/**
 * SQL: the rows of `grouped` (periodAttendanceCtes) as one JSON array (the embedded database's driver copies every
 * field of every row apart), an activity's figures first, then its months, then each class's figures and months.
 */
export const periodAttendanceJson = `(
     SELECT coalesce(json_agg(json_build_object(
              'activityId', g.activity_id, 'activityName', a.activity_name, 'classId', g.class_id, 'className', cl.title,
              'month', to_char(g.month, 'YYYY-MM'), 'rolls', g.rolls, 'present', g.present, 'absent', g.absent, 'justified', g.justified,
              'rollDays', g.days, 'frequencyPercent', ${frequencySql('g')})
            ORDER BY a.activity_place, g.class_id IS NOT NULL, cl.place, g.month IS NOT NULL, g.month), '[]')
       FROM grouped g
       JOIN (SELECT DISTINCT activity_id, activity_name, activity_place FROM chosen) a ON a.activity_id = g.activity_id
       LEFT JOIN chosen cl ON cl.id = g.class_id)`;

/** The attendance part of the report from periodAttendanceJson's rows, in their order. */
export function periodAttendanceOf(rows: readonly AttendanceRow[]): PeriodAttendance {
  const figures = ({ rolls, present, absent, justified, rollDays, frequencyPercent }: AttendanceRow) => ({
    rolls,
    present,
    absent,
    justified,
    rollDays,
    frequencyPercent,
  });
  const activities: PeriodAttendance['activities'] = [];
  for (const row of rows) {
    let activity = activities.at(-1);
    if (!activity || activity.activityId !== row.activityId) {
      activity = { activityId: row.activityId, activityName: row.activityName, total: figures(row), months: [], classes: [] };
      activities.push(activity);
    }
    if (row.classId === null) {
      if (row.month !== null) activity.months.push({ month: row.month, ...figures(row) });
      continue;
    }
    let group = activity.classes.at(-1);
    if (!group || group.classId !== row.classId) {
      group = { classId: row.classId, className: row.className ?? '', total: figures(row), months: [] };
      activity.classes.push(group);
    }
    if (row.month !== null) group.months.push({ month: row.month, ...figures(row) });
  }
  return { activities };
}

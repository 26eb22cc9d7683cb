/**
 * The period report's attendance (issue 53): per activity and class over a period, and each month beside it, by the one
 * frequency rule applied to summed counts (rules/frequency.ts frequencySql; each student's roll day weighs once, as in
 * the monthly report): whole months from the counts the writes keep (rules/counts.ts), the period's ends from the
 * rolls (attendanceCountsSql, held rolls only), and the rolls held per class and month (heldRoll).
 */
import type { PeriodAttendance } from '../../src/api/beneficiaries-contract.ts';
import type { Queryable } from '../db/types.ts';
import { periodParts } from './beneficiaries.ts';
import { attendanceCountsSql, frequencySql, heldRoll } from './rules/frequency.ts';
import { reportClasses, reportClassesSql } from './report-classes.ts';

type Row = {
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

/** SQL condition: the class is one of those chosen; every class when no activity was asked for ($10), with nothing to look up. */
const everyOrChosen = (classId: string): string => `($10::boolean OR ${classId} IN (SELECT id FROM chosen))`;

export async function periodAttendance(db: Queryable, from: string, to: string, activityIds: readonly string[] | null): Promise<PeriodAttendance> {
  const parts = periodParts(from, to);
  const [first, second] = parts.edges;
  const edges = attendanceCountsSql({
    perClass: true,
    perMonth: true,
    filter: (r) =>
      `((${r}.date >= $4::date AND ${r}.date <= $5::date) OR (${r}.date >= $6::date AND ${r}.date <= $7::date)) AND ${everyOrChosen(`${r}.class_id`)}`,
  });
  const classIds = (await reportClasses(db, activityIds)).map((group) => group.id);
  const rows = await db.query<Row>(
    `WITH chosen AS (${reportClassesSql('$3')}), sums AS (
       SELECT class_id, month, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
         FROM (SELECT m.class_id, m.month, m.days, m.present, m.absent, m.justified
                 FROM attendance_month_counts m
                WHERE m.month >= $8::date AND m.month <= $9::date AND ${everyOrChosen('m.class_id')}
               UNION ALL
               SELECT class_id, month, days, present, absent, justified FROM (${edges}) e) counted
        GROUP BY class_id, month
     ), rolls AS (
       SELECT r.class_id, date_trunc('month', r.date)::date AS month, count(*)::int AS rolls
         FROM attendance_rolls r
        WHERE r.date >= $1::date AND r.date <= $2::date AND ${heldRoll('r')} AND ${everyOrChosen('r.class_id')}
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
     )
     SELECT g.activity_id AS "activityId", a.activity_name AS "activityName", g.class_id AS "classId", cl.title AS "className",
            to_char(g.month, 'YYYY-MM') AS month, g.rolls, g.present, g.absent, g.justified, g.days AS "rollDays",
            ${frequencySql('g')} AS "frequencyPercent"
       FROM grouped g
       JOIN (SELECT DISTINCT activity_id, activity_name, activity_place FROM chosen) a ON a.activity_id = g.activity_id
       LEFT JOIN chosen cl ON cl.id = g.class_id
      -- an activity's figures first, then its months, then each class's figures and months
      ORDER BY a.activity_place, g.class_id IS NOT NULL, cl.place, g.month IS NOT NULL, g.month`,
    [
      from,
      to,
      classIds,
      first?.[0] ?? null,
      first?.[1] ?? null,
      second?.[0] ?? null,
      second?.[1] ?? null,
      parts.months?.[0] ?? null,
      parts.months?.[1] ?? null,
      activityIds === null,
    ],
  );
  const figures = ({ rolls, present, absent, justified, rollDays, frequencyPercent }: Row) => ({
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

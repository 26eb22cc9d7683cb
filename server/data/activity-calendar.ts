/**
 * The period report's activity calendar (issue 53): per class and month of the period that has a roll of the class,
 * the days held, the days not held and why, and the calendar's days off of that month inside the period. "Held" is the
 * one rule's (rules/frequency.ts heldRoll), so a class's held days are the rolls the attendance part counts; a roll saved
 * on a day off is neither held nor "not held": it is on a day off, listed there.
 */
import type { ActivityCalendar } from '../../src/api/beneficiaries-contract.ts';
import type { CalendarDayKind } from '../../src/api/calendar-contract.ts';
import type { NotHeldReason } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { heldRoll } from './rules/frequency.ts';
import { reportClasses, reportClassesSql } from './report-classes.ts';

type MonthRow = {
  activityId: string;
  activityName: string;
  classId: string;
  className: string;
  month: string;
  /** The held days, comma-separated (none: ''). */
  held: string;
  notHeld: Array<{ date: string; reason: NotHeldReason; note: string | null }> | null;
};

export async function activityCalendar(db: Queryable, from: string, to: string, activityIds: readonly string[] | null): Promise<ActivityCalendar> {
  // one row per class and month, its days gathered by the database (a half year of 333 classes: ~2,000 rows, not ~9,000)
  const classIds = (await reportClasses(db, activityIds)).map((group) => group.id);
  const months = await db.query<MonthRow>(
    `WITH chosen AS (${reportClassesSql('$3')})
     SELECT ch.activity_id AS "activityId", ch.activity_name AS "activityName", ch.id AS "classId", ch.title AS "className",
            to_char(r.date, 'YYYY-MM') AS month,
            coalesce(string_agg(to_char(r.date, 'YYYY-MM-DD'), ',' ORDER BY r.date) FILTER (WHERE ${heldRoll('r')}), '') AS held,
            json_agg(json_build_object('date', to_char(r.date, 'YYYY-MM-DD'), 'reason', r.not_held_reason, 'note', r.not_held_note) ORDER BY r.date)
              FILTER (WHERE r.not_held_reason IS NOT NULL AND NOT (${heldRoll('r')})) AS "notHeld"
       FROM attendance_rolls r JOIN chosen ch ON ch.id = r.class_id
      WHERE r.date >= $1::date AND r.date <= $2::date
      GROUP BY ch.place, ch.activity_id, ch.activity_name, ch.id, ch.title, to_char(r.date, 'YYYY-MM')
      ORDER BY ch.place, month`,
    [from, to, classIds],
  );
  const daysOff = await db.query<{ date: string; kind: CalendarDayKind; name: string }>(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, kind, name FROM calendar_days WHERE date >= $1::date AND date <= $2::date ORDER BY date`,
    [from, to],
  );
  const offByMonth = new Map<string, typeof daysOff>();
  for (const day of daysOff) offByMonth.set(day.date.slice(0, 7), [...(offByMonth.get(day.date.slice(0, 7)) ?? []), day]);
  const classes: ActivityCalendar['classes'] = [];
  for (const row of months) {
    let group = classes.at(-1);
    if (!group || group.classId !== row.classId) {
      group = { activityId: row.activityId, activityName: row.activityName, classId: row.classId, className: row.className, months: [] };
      classes.push(group);
    }
    group.months.push({
      month: row.month,
      held: row.held === '' ? [] : row.held.split(','),
      notHeld: row.notHeld ?? [],
      daysOff: offByMonth.get(row.month) ?? [],
    });
  }
  return { classes };
}

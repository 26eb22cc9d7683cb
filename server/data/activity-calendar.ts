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
import { foldedOrder } from './rules/name-order.ts';

type RollRow = {
  activityId: string;
  activityName: string;
  classId: string;
  className: string;
  date: string;
  held: boolean;
  reason: NotHeldReason | null;
  note: string | null;
};

export async function activityCalendar(db: Queryable, from: string, to: string, activityIds: readonly string[] | null): Promise<ActivityCalendar> {
  const rolls = await db.query<RollRow>(
    `SELECT c.activity_id AS "activityId", a.name AS "activityName", c.id AS "classId", c.title AS "className",
            to_char(r.date, 'YYYY-MM-DD') AS date, ${heldRoll('r')} AS held, r.not_held_reason AS reason, r.not_held_note AS note
       FROM attendance_rolls r
       JOIN classes c ON c.id = r.class_id
       JOIN activities a ON a.id = c.activity_id
      WHERE r.date >= $1::date AND r.date <= $2::date AND ($3::text[] IS NULL OR c.activity_id = ANY($3::text[]))
      ORDER BY ${foldedOrder('a.name', 'a.id')}, ${foldedOrder('c.title', 'c.id')}, r.date`,
    [from, to, activityIds],
  );
  const daysOff = await db.query<{ date: string; kind: CalendarDayKind; name: string }>(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, kind, name FROM calendar_days WHERE date >= $1::date AND date <= $2::date ORDER BY date`,
    [from, to],
  );
  const offByMonth = new Map<string, typeof daysOff>();
  for (const day of daysOff) offByMonth.set(day.date.slice(0, 7), [...(offByMonth.get(day.date.slice(0, 7)) ?? []), day]);
  const classes: ActivityCalendar['classes'] = [];
  for (const roll of rolls) {
    let group = classes.at(-1);
    if (!group || group.classId !== roll.classId) {
      group = { activityId: roll.activityId, activityName: roll.activityName, classId: roll.classId, className: roll.className, months: [] };
      classes.push(group);
    }
    const monthKey = roll.date.slice(0, 7);
    let month = group.months.at(-1);
    if (!month || month.month !== monthKey) {
      month = { month: monthKey, held: [], notHeld: [], daysOff: offByMonth.get(monthKey) ?? [] };
      group.months.push(month);
    }
    if (roll.held) month.held.push(roll.date);
    else if (roll.reason !== null) month.notHeld.push({ date: roll.date, reason: roll.reason, note: roll.note });
  }
  return { classes };
}

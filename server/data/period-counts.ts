/**
 * A period's attendance counts (issue 53) per student, class and month, read once by each of the period's figures (the
 * period report's nominal list and attendance, the pack's class-month lists): whole months as the writes keep them
 * (attendance_month_counts, rules/counts.ts: the one rule applied a roll at a time), the ends of the period that are not
 * whole months counted from their rolls by the rule itself (rules/frequency.ts attendanceCountsSql, held rolls only).
 */
import { attendanceCountsSql } from './rules/frequency.ts';

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
/** The first day of the month `delta` months after the month of `ms` (setUTCFullYear: Date.UTC reads years 0-99 as 19xx). */
function monthStart(ms: number, delta = 0): number {
  const day = new Date(ms);
  const start = new Date(0);
  start.setUTCFullYear(day.getUTCFullYear(), day.getUTCMonth() + delta, 1);
  return start.getTime();
}

/**
 * A period split for counting: its whole months (`months`: the first days of the first and the last, null: none) and
 * the days before and after them (`edges`: at most two [first, last] ranges, inclusive).
 */
export function periodParts(from: string, to: string): { months: [string, string] | null; edges: Array<[string, string]> } {
  const start = Date.parse(from);
  const end = Date.parse(to);
  // the first day of the first month that starts on or after `from`
  const firstWhole = from.endsWith('-01') ? start : monthStart(start, 1);
  // the first day after the last month that ends on or before `to`
  const afterLastWhole = end + DAY_MS === monthStart(end, 1) ? end + DAY_MS : monthStart(end);
  if (firstWhole >= afterLastWhole) return { months: null, edges: [[from, to]] };
  const months: [string, string] = [isoDay(firstWhole), isoDay(monthStart(afterLastWhole - DAY_MS))];
  const edges: Array<[string, string]> = [];
  if (start < firstWhole) edges.push([from, isoDay(firstWhole - DAY_MS)]);
  if (afterLastWhole <= end) edges.push([isoDay(afterLastWhole), to]);
  return { months, edges };
}

/** The days from `from` to `to` (inclusive). */
const daysIn = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/**
 * How the period's counts are read (periodCountsSql): the months from `months[0]` to `months[1]` from the kept counts,
 * plus the days of `add` and minus the days of `subtract` (at most two [first, last] ranges each) counted from the rolls.
 * An end of the period that is not a whole month is counted from its own rolls or, when the rest of its month is
 * shorter, as its whole month's kept counts less the rolls of that rest (the counts are sums over the month's rolls,
 * so either way gives the same figures): a period that ends yesterday reads a day of rolls, not a month of them.
 */
export function countingPlan(
  from: string,
  to: string,
): { months: [string, string] | null; add: Array<[string, string]>; subtract: Array<[string, string]> } {
  const { months, edges } = periodParts(from, to);
  const plan = { months, add: [] as Array<[string, string]>, subtract: [] as Array<[string, string]> };
  for (const [first, last] of edges) {
    const monthFirst = isoDay(monthStart(Date.parse(first)));
    const monthLast = isoDay(monthStart(Date.parse(first), 1) - DAY_MS);
    const rest: Array<[string, string]> = [];
    if (first > monthFirst) rest.push([monthFirst, isoDay(Date.parse(first) - DAY_MS)]);
    if (last < monthLast) rest.push([isoDay(Date.parse(last) + DAY_MS), monthLast]);
    // an end within one month (a period of a few days across two months is counted from its rolls)
    const oneMonth = first.slice(0, 7) === last.slice(0, 7);
    if (!oneMonth || rest.reduce((days, [a, b]) => days + daysIn(a, b), 0) >= daysIn(first, last)) {
      plan.add.push([first, last]);
      continue;
    }
    plan.subtract.push(...rest);
    const [low, high] = plan.months ?? [monthFirst, monthFirst];
    plan.months = [monthFirst < low ? monthFirst : low, monthFirst > high ? monthFirst : high];
  }
  return plan;
}

/**
 * The ten parameters periodCountsSql's placeholders take, in its order: the first days of the first and last months
 * read from the kept counts, then the first and last days of the two ranges added and of the two taken out (null: none).
 */
export function periodCountsParams(from: string, to: string): Array<string | null> {
  const { months, add, subtract } = countingPlan(from, to);
  const ranges = (list: Array<[string, string]>) => [0, 1].flatMap((i) => [list[i]?.[0] ?? null, list[i]?.[1] ?? null]);
  return [months?.[0] ?? null, months?.[1] ?? null, ...ranges(add), ...ranges(subtract)];
}

/**
 * SQL: the rows (student_id, class_id, month, days, present, absent, justified) of the classes `ofClasses` (an SQL
 * condition on a class id column) over the period, to be summed by their reader (a student's class and month may have
 * a row from the kept counts and a row taken out of it). `first` is the number of the first of the ten placeholders
 * periodCountsParams fills.
 */
export function periodCountsSql(first: number, ofClasses: (classId: string) => string): string {
  const [monthsFrom, monthsTo, ...ranges] = Array.from({ length: 10 }, (_, i) => `$${first + i}::date`);
  const inRanges = (r: string) => [0, 2, 4, 6].map((i) => `(${r}.date >= ${ranges[i]} AND ${r}.date <= ${ranges[i + 1]})`).join(' OR ');
  const rolls = attendanceCountsSql({ perClass: true, perMonth: true, filter: (r) => `(${inRanges(r)}) AND ${ofClasses(`${r}.class_id`)}` });
  // a month of the kept counts has rolls read only to be taken out of it
  const sign = `CASE WHEN e.month >= ${monthsFrom} AND e.month <= ${monthsTo} THEN -1 ELSE 1 END`;
  return `SELECT m.student_id, m.class_id, m.month, m.days, m.present, m.absent, m.justified
            FROM attendance_month_counts m
           WHERE m.month >= ${monthsFrom} AND m.month <= ${monthsTo} AND ${ofClasses('m.class_id')}
          UNION ALL
          SELECT student_id, class_id, month, ${sign} * days, ${sign} * present, ${sign} * absent, ${sign} * justified FROM (${rolls}) e`;
}

/**
 * THE frequency rule, written once for every figure (the students list, the student record, the roster, the sync,
 * the class month grid, the alerts):
 *
 *   frequency = present / (roll days - justified)   (percent, one decimal; 0 when no day counts)
 *
 * A roll day is a roll of one of the student's classes taken on a day the student was on that class's roster
 * (rules/roster.ts), or any roll that lists the student anyway. A justified absence is a roll day that does
 * not count against the child. The counts kept up to date by every write (rules/counts.ts) are this rule applied
 * one roll or one student at a time, and a property test holds them equal to it applied to every roll.
 */
import { onRoster } from './roster.ts';

/**
 * Per student (or per student and class): days, present, absent, justified, over the rolls that pass `filter`
 * (an SQL condition on a row alias that has class_id and date; none: every roll).
 */
export function attendanceCountsSql(
  options: {
    perClass?: boolean;
    /** Also per calendar month (a `month` column, the month's first day): the figures attendance-counts.ts keeps. */
    perMonth?: boolean;
    filter?: (row: string) => string;
    student?: (studentIdColumn: string) => string;
  } = {},
): string {
  const keys = ['student_id', options.perClass ? 'class_id' : '', options.perMonth ? 'month' : ''].filter(Boolean).join(', ');
  // `date` is the roll's date column of the row (r.date for the roster's days, a.date for the marks).
  const keyed = (row: string, date = `${row}.date`) =>
    [`${row}.student_id`, options.perClass ? `${row}.class_id` : '', options.perMonth ? `date_trunc('month', ${date})::date AS month` : '']
      .filter(Boolean)
      .join(', ');
  const groupKeys = (row: string, date = `${row}.date`) =>
    [`${row}.student_id`, options.perClass ? `${row}.class_id` : '', options.perMonth ? `date_trunc('month', ${date})::date` : '']
      .filter(Boolean)
      .join(', ');
  const where = options.filter ? `WHERE ${options.filter('r')}` : 'WHERE true';
  // Only some students (a condition on a student id column): the enrolments and marks of others are never read.
  const onlyE = options.student ? `AND ${options.student('e.student_id')}` : '';
  const onlyA = options.student ? `AND ${options.student('a.student_id')}` : '';
  // Three small aggregates, each driven by the rolls that pass the filter (the selective side, through its indexes),
  // and joins (anti-joins) rather than a sub-query per row, so the cost follows the rolls asked for, not the history:
  // roll days while on the roster; the marks; and marks on rolls of days the student was not on that roster, which
  // count as roll days too.
  const marks = `FROM attendance_rolls r JOIN attendance_entries a ON a.class_id = r.class_id AND a.date = r.date ${onlyA} ${where}`;
  return `
    SELECT ${keys}, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
      FROM (
        SELECT ${keyed('e', 'r.date')}, count(*) AS days, 0 AS present, 0 AS absent, 0 AS justified
          FROM attendance_rolls r
          JOIN class_enrollments e ON e.class_id = r.class_id AND ${onRoster('e', 'r.date')} ${onlyE}
         ${where}
         GROUP BY ${groupKeys('e', 'r.date')}
        UNION ALL
        SELECT ${keyed('a')}, 0, count(*) FILTER (WHERE a.status = 'PRESENT'), count(*) FILTER (WHERE a.status = 'ABSENT'),
               count(*) FILTER (WHERE a.status = 'JUSTIFIED')
          ${marks}
         GROUP BY ${groupKeys('a')}
        UNION ALL
        SELECT ${keyed('a')}, count(*), 0, 0, 0
          ${marks}
           AND NOT EXISTS (SELECT 1 FROM class_enrollments e
                            WHERE e.class_id = a.class_id AND e.student_id = a.student_id AND ${onRoster('e', 'a.date')})
         GROUP BY ${groupKeys('a')}
      ) counted
     GROUP BY ${keys}`;
}

/** The percentage of a row of attendanceCountsSql (alias `c`; a missing row, all nulls, gives 0). */
export const frequencySql = (c: string): string =>
  `(CASE WHEN ${c}.days - ${c}.justified > 0 THEN round(100.0 * ${c}.present / (${c}.days - ${c}.justified), 1)::float8 ELSE 0::float8 END)`;

/** SQL condition: `row`.date falls in the month that starts on `firstDay` (an SQL date expression). */
export const inMonth = (row: string, firstDay: string): string =>
  `${row}.date >= ${firstDay} AND ${row}.date < (${firstDay} + interval '1 month')::date`;

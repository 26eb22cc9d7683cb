/**
 * THE frequency rule, written once for every figure (the students list, the student record, the roster, the sync,
 * the class month grid, the alerts):
 *
 *   frequency = present / (roll days - justified)   (percent, one decimal; 0 when no day counts)
 *
 * A roll day counts for a student when the roll marks them: present, absent or justified (issue 56, `markedRollDay`).
 * A child on a date's roster whom the roll does not list is "not marked": not a roll day, not an absence (the month
 * grid shows them apart, and home lists the roll to complete). So a child enrolled after a roll was taken is never
 * judged by it. Only a held roll is a roll day (heldRoll, issue 50): a class saved as "not held" and any roll on a
 * calendar day off count for no one. A justified absence is a roll day that does not count against the child. The counts kept up to date by
 * every write (rules/counts.ts) are this rule applied one roll or one student at a time, and a property test
 * holds them equal to it applied to every roll.
 */

/** SQL: the marks that make a roll day (issue 56): every mark of a roll, P, A or J; a child left off has none. */
const markedRollDay = (a: string): string => `${a}.status IN ('PRESENT', 'ABSENT', 'JUSTIFIED')`;

/**
 * Per student (or per student and class): days, present, absent, justified, over the rolls that pass `filter`
 * (an SQL condition on a row alias that has class_id and date; none: every roll).
 */
export function attendanceCountsSql(
  options: {
    perClass?: boolean;
    /** Also per calendar month (a `month` column, the month's first day): the figures rules/counts.ts keeps. */
    perMonth?: boolean;
    filter?: (row: string) => string;
    student?: (studentIdColumn: string) => string;
  } = {},
): string {
  const keys = ['student_id', options.perClass ? 'class_id' : '', options.perMonth ? 'month' : ''].filter(Boolean).join(', ');
  const keyed = ['a.student_id', options.perClass ? 'a.class_id' : '', options.perMonth ? `date_trunc('month', a.date)::date AS month` : '']
    .filter(Boolean)
    .join(', ');
  const groupKeys = ['a.student_id', options.perClass ? 'a.class_id' : '', options.perMonth ? `date_trunc('month', a.date)::date` : '']
    .filter(Boolean)
    .join(', ');
  const where = `WHERE ${heldRoll('r')}${options.filter ? ` AND ${options.filter('r')}` : ''}`;
  // Only some students (a condition on a student id column): the marks of others are never read.
  const onlyA = options.student ? `AND ${options.student('a.student_id')}` : '';
  // One aggregate of the marks, driven by the rolls that pass the filter (the selective side, through its indexes).
  return `
    SELECT ${keys}, days, present, absent, justified
      FROM (
        SELECT ${keyed}, count(*) FILTER (WHERE ${markedRollDay('a')})::int AS days,
               count(*) FILTER (WHERE a.status = 'PRESENT')::int AS present, count(*) FILTER (WHERE a.status = 'ABSENT')::int AS absent,
               count(*) FILTER (WHERE a.status = 'JUSTIFIED')::int AS justified
          FROM attendance_rolls r JOIN attendance_entries a ON a.class_id = r.class_id AND a.date = r.date ${onlyA}
         ${where}
         GROUP BY ${groupKeys}
      ) counted`;
}

/**
 * SQL condition: the roll (alias `r`, of attendance_rolls) was a roll day, the class held: not saved as "class not held"
 * and not on a calendar day off (issue 50). The one place the rule says which rolls count.
 */
export const heldRoll = (r: string): string => `${r}.not_held_reason IS NULL AND NOT EXISTS (SELECT 1 FROM calendar_days d WHERE d.date = ${r}.date)`;

/** The percentage of a row of attendanceCountsSql (alias `c`; a missing row, all nulls, gives 0). */
export const frequencySql = (c: string): string =>
  `(CASE WHEN ${c}.days - ${c}.justified > 0 THEN round(100.0 * ${c}.present / (${c}.days - ${c}.justified), 1)::float8 ELSE 0::float8 END)`;

/** SQL condition: `row`.date falls in the month that starts on `firstDay` (an SQL date expression). */
export const inMonth = (row: string, firstDay: string): string =>
  `${row}.date >= ${firstDay} AND ${row}.date < (${firstDay} + interval '1 month')::date`;

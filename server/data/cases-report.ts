/**
 * The follow-up report of a month (issue 50, src/api/cases-contract.ts followUpReportSchema): what the cases achieved.
 * Counts only, no child named. The frequency before and after a RETURNED close is the one rule (attendanceCountsSql,
 * frequencySql) over each child's own window, the marks summed over the children.
 */
import {
  absenceCauses,
  CASE_WITHIN_DAYS,
  caseCloseOutcomes,
  RETURNED_FOLLOW_DAYS,
  type AbsenceCause,
  type CaseCloseOutcome,
  type FollowUpReport,
} from '../../src/api/cases-contract.ts';
import type { Queryable } from '../db/types.ts';
import { addDays } from './cases.ts';
import { attendanceCountsSql, frequencySql } from './rules/frequency.ts';

type Counts = { days: number; present: number; justified: number };
type Window = FollowUpReport['returned']['before'];

/** The rule's counts of one child over the rolls from `from` (included) to `to` (excluded). */
async function countsBetween(db: Queryable, studentId: string, from: string, to: string): Promise<Counts> {
  const [row] = await db.query<Counts>(
    `SELECT coalesce(sum(c.days), 0)::int AS days, coalesce(sum(c.present), 0)::int AS present, coalesce(sum(c.justified), 0)::int AS justified
       FROM (${attendanceCountsSql({ student: (column) => `${column} = $1`, filter: (r) => `${r}.date >= $2::date AND ${r}.date < $3::date` })}) c`,
    [studentId, from, to],
  );
  return row!;
}

/** The rule's percentage of summed counts (frequencySql itself, not a copy of it). */
async function windowOf(db: Queryable, counts: Counts): Promise<Window> {
  const [row] = await db.query<{ percent: number }>(
    `SELECT ${frequencySql('c')} AS percent FROM (SELECT $1::int AS days, $2::int AS present, $3::int AS justified) c`,
    [counts.days, counts.present, counts.justified],
  );
  return { rollDays: counts.days, present: counts.present, justified: counts.justified, frequencyPercent: row!.percent };
}

const add = (a: Counts, b: Counts): Counts => ({ days: a.days + b.days, present: a.present + b.present, justified: a.justified + b.justified });

/** The follow-up of `month` (YYYY-MM) as of `day` (YYYY-MM-DD: the days after a close are those up to it). */
export async function followUpReport(db: Queryable, month: string, day: string): Promise<FollowUpReport> {
  const first = `${month}-01`;
  const inMonth = (column: string) => `${column} >= $1::date AND ${column} < ($1::date + interval '1 month')::date`;
  const [totals] = await db.query<{ opened: number; closed: number }>(
    `SELECT (SELECT count(*)::int FROM follow_up_cases WHERE ${inMonth('opened_on')}) AS opened,
            (SELECT count(*)::int FROM follow_up_cases WHERE ${inMonth('closed_on')}) AS closed`,
    [first],
  );
  const outcomeRows = await db.query<{ code: CaseCloseOutcome; count: number }>(
    `SELECT outcome AS code, count(*)::int AS count FROM follow_up_cases WHERE ${inMonth('closed_on')} GROUP BY outcome`,
    [first],
  );
  // The causes heard in the month (a CAUSES step dated in it), each child's case counted once per cause.
  const causeRows = await db.query<{ code: AbsenceCause; count: number }>(
    `SELECT cause AS code, count(DISTINCT s.case_id)::int AS count
       FROM follow_up_steps s CROSS JOIN LATERAL unnest(s.causes) AS cause
      WHERE s.kind = 'CAUSES' AND ${inMonth('s.at::date')}
      GROUP BY cause`,
    [first],
  );
  // Cases opened in the month from an alert: days from the alert to their first contact (none yet: not counted).
  const [median] = await db.query<{ days: number | null }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY (fc.first_contact - c.alerted_on))::float8 AS days
       FROM follow_up_cases c
       JOIN LATERAL (SELECT min(s.at)::date AS first_contact FROM follow_up_steps s WHERE s.case_id = c.id AND s.kind = 'CONTACT') fc ON true
      WHERE ${inMonth('c.opened_on')} AND c.alerted_on IS NOT NULL AND fc.first_contact IS NOT NULL`,
    [first],
  );
  // The children first seen on an alert in the month, and those of them with a case opened within N days of it.
  const [alerted] = await db.query<{ alerted: number; withCase: number }>(
    `WITH seen AS (SELECT student_id, min(first_on) AS first_on FROM follow_up_alerts WHERE month = $1::date GROUP BY student_id)
     SELECT count(*)::int AS alerted,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM follow_up_cases c WHERE c.student_id = seen.student_id
                                            AND c.opened_on >= seen.first_on AND c.opened_on <= seen.first_on + ${CASE_WITHIN_DAYS}))::int AS "withCase"
       FROM seen`,
    [first],
  );
  // RETURNED closes of the month: each child's window before the close and after it (so far).
  const returned = await db.query<{ studentId: string; closedOn: string }>(
    `SELECT student_id AS "studentId", to_char(closed_on, 'YYYY-MM-DD') AS "closedOn" FROM follow_up_cases
      WHERE outcome = 'RETURNED' AND ${inMonth('closed_on')} ORDER BY closed_on, id`,
    [first],
  );
  let before: Counts = { days: 0, present: 0, justified: 0 };
  let after: Counts = { days: 0, present: 0, justified: 0 };
  for (const { studentId, closedOn } of returned) {
    before = add(before, await countsBetween(db, studentId, addDays(closedOn, -RETURNED_FOLLOW_DAYS), closedOn));
    const end = addDays(closedOn, RETURNED_FOLLOW_DAYS);
    after = add(after, await countsBetween(db, studentId, closedOn, end < addDays(day, 1) ? end : addDays(day, 1)));
  }
  const countsIn = <C extends string>(codes: readonly C[], rows: Array<{ code: C; count: number }>) =>
    codes.map((code) => ({ code, count: rows.find((row) => row.code === code)?.count ?? 0 }));
  return {
    month,
    opened: totals!.opened,
    closed: totals!.closed,
    outcomes: countsIn(caseCloseOutcomes, outcomeRows),
    causes: countsIn(absenceCauses, causeRows),
    medianDaysToFirstContact: median?.days ?? null,
    alerted: alerted!.alerted,
    alertedWithCase: alerted!.withCase,
    alertedWithCasePercent: alerted!.alerted > 0 ? Math.round((1000 * alerted!.withCase) / alerted!.alerted) / 10 : null,
    returned: { children: new Set(returned.map((row) => row.studentId)).size, before: await windowOf(db, before), after: await windowOf(db, after) },
  };
}

/**
 * The period report's beneficiaries (issue 53, GET /reports/beneficiaries): who was served in a period, with the rules
 * every other figure uses, none copied: who is on a roster on a day (rules/roster.ts onRoster), which rolls count
 * (rules/frequency.ts heldRoll, inside attendanceCountsSql) and the one frequency rule (frequencySql).
 */
import {
  ageBandOf,
  OTHER_AGE,
  type AgeBand,
  type BeneficiariesReport,
  type Beneficiary,
  type BreakdownKey,
  type BreakdownRow,
} from '../../src/api/beneficiaries-contract.ts';
import type { Queryable } from '../db/types.ts';
import { attendanceCountsSql, frequencySql } from './rules/frequency.ts';
import { nameOrder } from './rules/name-order.ts';
import { onRoster } from './rules/roster.ts';
import { reportClasses } from './report-classes.ts';

/** The social anamnese's question on special needs or disability (migration 014; ids stay across versions). */
const SPECIAL_NEEDS_QUESTION = 'necessidades-especiais';

type Row = Omit<Beneficiary, 'ageBand'> & { specialNeeds: 'YES' | 'NO' | null };

/**
 * Every child on the roster of a class of the chosen activities (`activityIds` null: every class) on at least one day
 * from `from` to `to` (inclusive), in name order, with their figures over the period's held rolls of those classes.
 *
 * The first and last day a child is on a roster inside an enrolment's stretch of the period: the roster rule can only
 * change at the stretch's ends and at the child's inactivity bounds, so onRoster is asked on those days alone (the
 * stretch's first day and each day an inactivity ends; its last day and each day before one starts), not on every day;
 * and only for the children with a deactivation that touches the period: the others' stretches are on the roster from
 * end to end (onRoster's other two conditions are the stretch's bounds), so they are its two ends.
 */
/** SQL condition: the class is one of those chosen; none asked for ($3 null), every class, with nothing to look up. */
const everyOrChosen = (classId: string): string => `($3::text[] IS NULL OR ${classId} IN (SELECT id FROM chosen))`;

export async function beneficiaryRows(db: Queryable, from: string, to: string, activityIds: readonly string[] | null): Promise<Row[]> {
  const parts = periodParts(from, to);
  // The ends of the period that are not whole months, counted from their rolls by the rule itself.
  const edges = attendanceCountsSql({
    filter: (r) =>
      `((${r}.date >= $4::date AND ${r}.date <= $5::date) OR (${r}.date >= $6::date AND ${r}.date <= $7::date)) AND ${everyOrChosen(`${r}.class_id`)}`,
  });
  const [first, second] = parts.edges;
  const classes = await reportClasses(db, activityIds);
  const [answer] = await db.query<{ list: Array<Omit<Row, 'classes'> & { classIds: string[] }> }>(
    `WITH chosen AS (
       SELECT c.id FROM classes c WHERE $3::text[] IS NULL OR c.activity_id = ANY($3::text[])
     ), stretch AS (
       -- each enrolment's days inside the period, [lo, hi] (the enrolment's end date is its first day off the roster)
       SELECT e.student_id, e.class_id, e.enrolled_on, e.ended_on,
              greatest(e.enrolled_on, $1::date) AS lo, least(coalesce(e.ended_on - 1, $2::date), $2::date) AS hi
         FROM class_enrollments e JOIN chosen c ON c.id = e.class_id
        WHERE e.enrolled_on <= $2::date AND (e.ended_on IS NULL OR e.ended_on > $1::date)
     ), inactive AS (
       -- the children with a deactivation that touches the period: only their stretches ask the roster rule day by day
       SELECT DISTINCT i.student_id FROM student_inactivity i WHERE i.from_on <= $2::date AND (i.until_on IS NULL OR i.until_on > $1::date)
     ), on_roster AS (
       -- any other child is on the roster every day of their stretch (enrolled, not ended, never inactive): its ends
       SELECT s.student_id, s.class_id,
              CASE WHEN ia.student_id IS NULL THEN CASE WHEN s.lo <= s.hi THEN s.lo END
                   ELSE (SELECT min(d.day) FROM (SELECT s.lo AS day
                                                 UNION ALL
                                                 SELECT i.until_on FROM student_inactivity i
                                                  WHERE i.student_id = s.student_id AND i.until_on > s.lo AND i.until_on <= s.hi) d
                          WHERE ${onRoster('s', 'd.day')}) END AS first_day,
              CASE WHEN ia.student_id IS NULL THEN CASE WHEN s.lo <= s.hi THEN s.hi END
                   ELSE (SELECT max(d.day) FROM (SELECT s.hi AS day
                                                 UNION ALL
                                                 SELECT i.from_on - 1 FROM student_inactivity i
                                                  WHERE i.student_id = s.student_id AND i.from_on > s.lo AND i.from_on <= s.hi) d
                          WHERE ${onRoster('s', 'd.day')}) END AS last_day
         FROM stretch s LEFT JOIN inactive ia ON ia.student_id = s.student_id
     ), served AS (
       SELECT o.student_id, min(o.first_day) AS first_day, max(o.last_day) AS last_day, array_agg(o.class_id) AS class_ids
         FROM on_roster o
        WHERE o.first_day IS NOT NULL
        GROUP BY o.student_id
     ), counts AS (
       -- whole months as the writes keep them (rules/counts.ts, the same rule one roll at a time), the ends from the rolls
       SELECT student_id, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
         FROM (SELECT m.student_id, m.days, m.present, m.absent, m.justified
                 FROM attendance_month_counts m
                WHERE m.month >= $8::date AND m.month <= $9::date AND ${everyOrChosen('m.class_id')}
               UNION ALL
               SELECT student_id, days, present, absent, justified FROM (${edges}) e) parts
        GROUP BY student_id
     )
     -- one JSON value, not a row per child: the embedded database's driver copies every field of every row apart
     SELECT coalesce(json_agg(json_build_object(
              'id', st.id, 'name', st.shown_name, 'dateOfBirth', to_char(st.date_of_birth, 'YYYY-MM-DD'),
              'age', CASE WHEN st.date_of_birth IS NULL THEN NULL ELSE date_part('year', age($1::date, st.date_of_birth))::int END,
              'gender', st.gender, 'race', st.race, 'neighborhood', nullif(btrim(st.address_neighborhood), ''),
              'schoolName', st.school_name, 'schoolYear', st.school_year, 'socialProgram', st.social_program,
              'classIds', sv.class_ids, 'firstDay', to_char(sv.first_day, 'YYYY-MM-DD'), 'lastDay', to_char(sv.last_day, 'YYYY-MM-DD'),
              'present', coalesce(c.present, 0), 'absent', coalesce(c.absent, 0), 'justified', coalesce(c.justified, 0),
              'rollDays', coalesce(c.days, 0), 'frequencyPercent', ${frequencySql('c')},
              'specialNeeds', CASE sa.answers -> '${SPECIAL_NEEDS_QUESTION}' ->> 'yes' WHEN 'true' THEN 'YES' WHEN 'false' THEN 'NO' END
            ) ORDER BY ${nameOrder('st')}), '[]') AS list
       FROM served sv
       JOIN students st ON st.id = sv.student_id
       LEFT JOIN counts c ON c.student_id = sv.student_id
       LEFT JOIN student_assessments sa ON sa.student_id = sv.student_id AND sa.form_type = 'SOCIAL'`,
    [
      from,
      to,
      activityIds,
      first?.[0] ?? null,
      first?.[1] ?? null,
      second?.[0] ?? null,
      second?.[1] ?? null,
      parts.months?.[0] ?? null,
      parts.months?.[1] ?? null,
    ],
  );
  // each child's classes in the reports' order (activity by name, then class by title), named from the one list
  const place = new Map(classes.map((group, i) => [group.id, i]));
  return answer!.list.map(({ classIds, ...row }) => ({
    ...row,
    classes: classIds
      .map((id) => place.get(id)!)
      .sort((a, b) => a - b)
      .map((i) => {
        const group = classes[i]!;
        return { classId: group.id, className: group.title, activityId: group.activityId, activityName: group.activityName };
      }),
  }));
}

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

/** A breakdown's rows: each value's counts, most served first (then the value), "not recorded" (null) last. */
function breakdown<R extends Row>(rows: readonly R[], valueOf: (row: R) => string | null, order?: readonly (string | null)[]): BreakdownRow[] {
  const byValue = new Map<string | null, BreakdownRow>();
  for (const value of order ?? []) byValue.set(value, { value, served: 0, attended: 0 });
  for (const row of rows) {
    const value = valueOf(row);
    const entry = byValue.get(value) ?? { value, served: 0, attended: 0 };
    entry.served += 1;
    if (row.present > 0) entry.attended += 1;
    byValue.set(value, entry);
  }
  const entries = [...byValue.values()];
  // the ordered values always (a band with no one is a row of zeros); ages outside them and no date of birth when someone is
  if (order) return entries.filter((entry) => entry.served > 0 || (entry.value !== OTHER_AGE && entry.value !== null));
  return entries.sort(
    (a, b) => Number(a.value === null) - Number(b.value === null) || b.served - a.served || (a.value ?? '').localeCompare(b.value ?? '', 'pt-BR'),
  );
}

/**
 * Each spelling of a free text (the neighbourhood, typed or filled by the postcode lookup) mapped to the one its group
 * is counted under: spellings that differ only in case, accents or spaces are one group, shown by its most frequent
 * spelling (the first one met, in the list's name order, among equals).
 */
function commonSpellings(values: ReadonlyArray<string | null>): Map<string, string> {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
  const groups = new Map<string, Map<string, number>>();
  for (const value of values) {
    if (value === null) continue;
    const spellings = groups.get(fold(value)) ?? new Map<string, number>();
    spellings.set(value, (spellings.get(value) ?? 0) + 1);
    groups.set(fold(value), spellings);
  }
  const shown = new Map<string, string>();
  for (const spellings of groups.values()) {
    const [common] = [...spellings].reduce((best, next) => (next[1] > best[1] ? next : best));
    for (const spelling of spellings.keys()) shown.set(spelling, common);
  }
  return shown;
}

/** The report: the two counts, the breakdowns and the nominal list. */
export async function beneficiariesReport(
  db: Queryable,
  query: { from: string; to: string; activityIds: readonly string[] },
  bands: readonly AgeBand[],
): Promise<Omit<BeneficiariesReport, 'attendance'>> {
  const rows = await beneficiaryRows(db, query.from, query.to, query.activityIds.length ? query.activityIds : null);
  const withBand = rows.map((row) => ({ ...row, ageBand: ageBandOf(row.age, bands) }));
  const neighborhoods = commonSpellings(rows.map((row) => row.neighborhood ?? null));
  const breakdowns: Record<BreakdownKey, BreakdownRow[]> = {
    // every band in its order, then ages outside them, then no date of birth
    ageBand: breakdown(withBand, (row) => row.ageBand, [...bands.map((band) => band.label), OTHER_AGE, null]),
    gender: breakdown(rows, (row) => row.gender),
    race: breakdown(rows, (row) => row.race),
    neighborhood: breakdown(rows, (row) => (row.neighborhood ? (neighborhoods.get(row.neighborhood) ?? null) : null)),
    schoolYear: breakdown(rows, (row) => row.schoolYear),
    socialProgram: breakdown(rows, (row) => row.socialProgram),
    specialNeeds: breakdown(rows, (row) => row.specialNeeds),
  };
  return {
    from: query.from,
    to: query.to,
    activityIds: [...query.activityIds],
    ageBands: bands.map((band) => ({ ...band })),
    served: rows.length,
    attended: rows.filter((row) => row.present > 0).length,
    breakdowns,
    // the special needs answer stays out of the list: it is the anamnese's, counted above, not shown per child
    students: withBand.map(({ specialNeeds: _, ...student }) => student),
  };
}

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
  type PeriodAttendance,
} from '../../src/api/beneficiaries-contract.ts';
import type { Queryable } from '../db/types.ts';
import { periodAttendanceCtes, periodAttendanceJson, periodAttendanceOf, type AttendanceRow } from './period-attendance.ts';
import { periodCountsParams, periodCountsSql } from './period-counts.ts';
import { frequencySql } from './rules/frequency.ts';
import { nameOrder } from './rules/name-order.ts';
import { onRoster } from './rules/roster.ts';
import { reportClasses, reportClassesSql } from './report-classes.ts';

/** The social anamnese's question on special needs or disability (migration 014; ids stay across versions). */
const SPECIAL_NEEDS_QUESTION = 'necessidades-especiais';

type Row = Omit<Beneficiary, 'ageBand'> & { specialNeeds: 'YES' | 'NO' | null };
/** What the counts and the breakdowns read of a child. */
type Counted = Pick<Row, 'age' | 'gender' | 'race' | 'neighborhood' | 'schoolYear' | 'socialProgram' | 'specialNeeds' | 'present'>;
/** A child's Counted fields in that order, one JSON array: what the figures without the list need (no name, no id). */
type CountedCells = [number | null, string | null, string | null, string | null, string | null, string | null, 'YES' | 'NO' | null, number];

/** SQL condition: the class is one of those chosen; every class when no activity was asked for ($14), with nothing to look up. */
const everyOrChosen = (classId: string): string => `($14::boolean OR ${classId} IN (SELECT id FROM chosen))`;

/**
 * Every child on the roster of a class of the chosen activities (`activityIds` null: every class) on at least one day
 * from `from` to `to` (inclusive), in name order, with their figures over the period's held rolls of those classes.
 *
 * The first and last day a child is on a roster inside an enrolment's stretch of the period: the roster rule can only
 * change at the stretch's ends and at the child's inactivity bounds, so onRoster is asked on those days alone (the
 * stretch's first day and each day an inactivity ends; its last day and each day before one starts), not on every day;
 * and only for the children with a deactivation that touches the period: the others' stretches are on the roster from
 * end to end (onRoster's other two conditions are the stretch's bounds), so they are its two ends.
 *
 * In the same statement, the attendance part (period-attendance.ts): the period's counts are read once
 * (period-counts.ts), each child's figures sum their rows, each class's and month's sum theirs.
 */
async function periodRows<L extends boolean>(
  db: Queryable,
  from: string,
  to: string,
  activityIds: readonly string[] | null,
  list: L,
): Promise<{ rows: L extends true ? Row[] : Counted[]; attendance: PeriodAttendance }>;
async function periodRows(
  db: Queryable,
  from: string,
  to: string,
  activityIds: readonly string[] | null,
  list: boolean,
): Promise<{ rows: Counted[]; attendance: PeriodAttendance }> {
  const classes = await reportClasses(db, activityIds);
  const age = `CASE WHEN st.date_of_birth IS NULL THEN NULL ELSE date_part('year', age($1::date, st.date_of_birth))::int END`;
  const neighborhood = `nullif(btrim(st.address_neighborhood), '')`;
  const specialNeeds = `CASE sa.answers -> '${SPECIAL_NEEDS_QUESTION}' ->> 'yes' WHEN 'true' THEN 'YES' WHEN 'false' THEN 'NO' END`;
  const child = list
    ? `json_build_object(
              'id', st.id, 'name', st.shown_name, 'dateOfBirth', to_char(st.date_of_birth, 'YYYY-MM-DD'), 'age', ${age},
              'gender', st.gender, 'race', st.race, 'neighborhood', ${neighborhood},
              'schoolName', st.school_name, 'schoolYear', st.school_year, 'socialProgram', st.social_program,
              'classIds', sv.class_ids, 'firstDay', to_char(sv.first_day, 'YYYY-MM-DD'), 'lastDay', to_char(sv.last_day, 'YYYY-MM-DD'),
              'present', coalesce(c.present, 0), 'absent', coalesce(c.absent, 0), 'justified', coalesce(c.justified, 0),
              'rollDays', coalesce(c.days, 0), 'frequencyPercent', ${frequencySql('c')}, 'specialNeeds', ${specialNeeds}
            ) ORDER BY ${nameOrder('st')}`
    : // the figures alone: each child's Counted cells (in the list's order: a neighbourhood's spellings tie in it)
      `json_build_array(${age}, st.gender, st.race, ${neighborhood}, st.school_year, st.social_program, ${specialNeeds}, coalesce(c.present, 0))
            ORDER BY ${nameOrder('st')}`;
  const [answer] = await db.query<{ list: Array<(Omit<Row, 'classes'> & { classIds: string[] }) | CountedCells>; attendance: AttendanceRow[] }>(
    `WITH chosen AS (${reportClassesSql('$3')}), stretch AS (
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
     ), counted AS MATERIALIZED (${periodCountsSql(4, everyOrChosen)}
     ), counts AS (
       SELECT student_id, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
         FROM counted
        GROUP BY student_id
     ), ${periodAttendanceCtes(everyOrChosen)}
     -- one JSON value each, not a row per child: the embedded database's driver copies every field of every row apart
     SELECT (SELECT coalesce(json_agg(${child}), '[]')
               FROM served sv
               JOIN students st ON st.id = sv.student_id
               LEFT JOIN counts c ON c.student_id = sv.student_id
               LEFT JOIN student_assessments sa ON sa.student_id = sv.student_id AND sa.form_type = 'SOCIAL') AS list,
            ${periodAttendanceJson} AS attendance`,
    [from, to, classes.map((group) => group.id), ...periodCountsParams(from, to), activityIds === null],
  );
  const attendance = periodAttendanceOf(answer!.attendance);
  if (!list) {
    const cells = answer!.list as CountedCells[];
    const rows = cells.map(([age, gender, race, neighborhood, schoolYear, socialProgram, specialNeeds, present]) => {
      return { age, gender, race, neighborhood, schoolYear, socialProgram, specialNeeds, present };
    });
    return { rows, attendance };
  }
  // each child's classes in the reports' order (activity by name, then class by title), named from the one list
  const place = new Map(classes.map((group, i) => [group.id, i]));
  const rows = (answer!.list as Array<Omit<Row, 'classes'> & { classIds: string[] }>).map(({ classIds, ...row }) => ({
    ...row,
    classes: classIds
      .map((id) => place.get(id)!)
      .sort((a, b) => a - b)
      .map((i) => {
        const group = classes[i]!;
        return { classId: group.id, className: group.title, activityId: group.activityId, activityName: group.activityName };
      }),
  }));
  return { rows, attendance };
}

/** A breakdown's rows: each value's counts, most served first (then the value), "not recorded" (null) last. */
function breakdown<R extends Counted>(rows: readonly R[], valueOf: (row: R) => string | null, order?: readonly (string | null)[]): BreakdownRow[] {
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

type Query = { from: string; to: string; activityIds: readonly string[] };
/** The report with its nominal list: the pack's, and the screen's when it shows the list. */
export type ListedReport = Omit<BeneficiariesReport, 'calendar' | 'students'> & { students: Beneficiary[] };

/** The report: the two counts, the breakdowns, the nominal list and the attendance part. */
export async function beneficiariesReport(db: Queryable, query: Query, bands: readonly AgeBand[]): Promise<ListedReport> {
  const { rows, attendance } = await periodRows(db, query.from, query.to, query.activityIds.length ? query.activityIds : null, true);
  const withBand = rows.map((row) => ({ ...row, ageBand: ageBandOf(row.age, bands) }));
  return {
    ...figuresOf(query, bands, withBand, attendance),
    // the special needs answer stays out of the list: it is the anamnese's, counted above, not shown per child
    students: withBand.map(({ specialNeeds: _, ...student }) => student),
  };
}

/** The report without its nominal list (`list=none`): the same figures, no child named. */
export async function beneficiariesFigures(
  db: Queryable,
  query: Query,
  bands: readonly AgeBand[],
): Promise<Omit<BeneficiariesReport, 'calendar' | 'students'>> {
  const { rows, attendance } = await periodRows(db, query.from, query.to, query.activityIds.length ? query.activityIds : null, false);
  return figuresOf(
    query,
    bands,
    rows.map((row) => ({ ...row, ageBand: ageBandOf(row.age, bands) })),
    attendance,
  );
}

/** The two counts and the breakdowns of the children served. */
function figuresOf(
  query: Query,
  bands: readonly AgeBand[],
  rows: ReadonlyArray<Counted & { ageBand: string | null }>,
  attendance: PeriodAttendance,
): Omit<BeneficiariesReport, 'calendar' | 'students'> {
  const neighborhoods = commonSpellings(rows.map((row) => row.neighborhood ?? null));
  const breakdowns: Record<BreakdownKey, BreakdownRow[]> = {
    // every band in its order, then ages outside them, then no date of birth
    ageBand: breakdown(rows, (row) => row.ageBand, [...bands.map((band) => band.label), OTHER_AGE, null]),
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
    attendance,
  };
}

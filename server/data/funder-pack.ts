/**
 * What the funder's pack (issue 53, GET /reports/funder-pack) reads beyond the period report itself: the attendance
 * lists of every class and month of the period (the month grid's rows, read for all classes at once), the CPFs of the
 * children named, who has no image-use consent, and the programme's names for the lists' header. Every figure by the
 * rules the month grid uses: who is on a roster (rules/roster.ts onRoster), which rolls count (heldRoll) and the one
 * frequency rule (attendanceCountsSql, frequencySql).
 */
import { scheduleTextOf } from '../../src/api/class-schedule.ts';
import type { ClassMeeting, NotHeldReason } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { currentConsents } from './consents.ts';
import { periodCountsParams, periodCountsSql } from './period-counts.ts';
import { frequencySql, heldRoll } from './rules/frequency.ts';
import { foldedOrder, nameOrder } from './rules/name-order.ts';
import { onRoster } from './rules/roster.ts';
import { settings } from './settings.ts';

/** The names on every list's header (issue 58's programme settings). */
export type PackHeader = { programme: string | null; project: string | null; funder: string | null };

/** The programme, project and funder names for the pack's header: the programme settings' (issue 58); empty is none. */
export async function packHeader(db: Queryable): Promise<PackHeader> {
  const { programmeName, projectName, funderName } = await settings(db);
  const named = (text: string) => (text.trim() === '' ? null : text.trim());
  return { programme: named(programmeName), project: named(projectName), funder: named(funderName) };
}

export type ListRoll = { date: string; held: boolean; notHeld: { reason: NotHeldReason; note: string | null } | null; dayOff: string | null };
/** One child's line of a class's month: a mark per roll date (null: none), and the month's figures. */
export type ListLine = {
  id: string;
  name: string;
  marks: Array<'P' | 'A' | 'J' | 'N' | null>;
  present: number;
  absent: number;
  justified: number;
  rollDays: number;
  frequencyPercent: number;
};
/** A class's month inside the period: its rolls (the list's columns) and a line per child the month grid shows. */
export type ClassMonthList = Omit<KeptList, 'lines'> & { lines: ListLine[] };
/**
 * A class's month as the pack keeps it until its PDF is made: its lines as the database wrote them, one JSON text
 * (a pack holds some 60,000 lines: as objects, about five times the memory), read by listOf.
 */
export type KeptList = {
  activityId: string;
  activityName: string;
  classId: string;
  className: string;
  instructor: string | null;
  weekDay: string | null;
  schedule: string | null;
  month: string;
  rolls: ListRoll[];
  lines: string;
};

/** A kept list with its lines read: [id, name, marks ('-' for none), present, absent, justified, roll days, frequency]. */
export function listOf(list: KeptList): ClassMonthList {
  const cells = JSON.parse(list.lines) as Array<[string, string, string | null, number, number, number, number, number]>;
  return {
    ...list,
    lines: cells.map(([id, name, marks, present, absent, justified, rollDays, frequencyPercent]) => {
      const cellsOf = [...(marks ?? '')].map((mark) => (mark === '-' ? null : (mark as 'P' | 'A' | 'J' | 'N')));
      return { id, name, marks: cellsOf, present, absent, justified, rollDays, frequencyPercent };
    }),
  };
}

/** Classes read per statement of the lists: each statement's working memory and answer stay small (the embedded database keeps its memory's high-water mark). */
const CLASSES_PER_READ = 40;

type ClassRow = {
  id: string;
  title: string;
  activityId: string;
  activityName: string;
  instructor: string | null;
  meetings: ClassMeeting[] | string;
  scheduleNote: string;
};

/**
 * The schedule a list prints (issue 52): one meeting's weekday beside its times; several meetings as one text that
 * names each day ("Seg 08:00 - 09:30, Qua 14:00 - 15:30"), with no weekday of its own.
 */
function scheduleOfRow(row: ClassRow): { weekDay: string | null; schedule: string | null } {
  const meetings = typeof row.meetings === 'string' ? (JSON.parse(row.meetings) as ClassMeeting[]) : row.meetings;
  const text = scheduleTextOf(meetings, row.scheduleNote) || null;
  return meetings.length === 1 ? { weekDay: meetings[0]!.weekDay || null, schedule: text } : { weekDay: null, schedule: text };
}
type RollRow = { classId: string; date: string; held: boolean; reason: NotHeldReason | null; note: string | null; dayOff: string | null };
type LinesRow = { classId: string; month: string; lines: string };

/**
 * Every class (of the chosen activities, null: all) and month of the period that has a roll or a child on its roster,
 * with the month grid's lines restricted to the period's days: a child on the roster on some day of it or marked on one
 * of its rolls; P/A/J as marked, N (not marked) on a held roll the child's roster day had them on, nothing otherwise.
 */
export async function classMonthLists(db: Queryable, from: string, to: string, activityIds: readonly string[] | null): Promise<KeptList[]> {
  const chosen = `SELECT c.id FROM classes c WHERE $3::text[] IS NULL OR c.activity_id = ANY($3::text[])`;
  const classes = await db.query<ClassRow>(
    `SELECT c.id, c.title, c.activity_id AS "activityId", a.name AS "activityName",
            coalesce((SELECT string_agg(u.full_name, ', ' ORDER BY array_position(c.instructor_ids, u.id)) FROM users u WHERE u.id = ANY (c.instructor_ids)),
                     nullif(a.teacher, '')) AS instructor,
            c.meetings, c.schedule_note AS "scheduleNote"
       FROM classes c JOIN activities a ON a.id = c.activity_id
      WHERE c.id IN (${chosen}) AND $1::date IS NOT NULL AND $2::date IS NOT NULL
      ORDER BY ${foldedOrder('a.name', 'a.id')}, ${foldedOrder('c.title', 'c.id')}`,
    [from, to, activityIds],
  );
  const rolls = await db.query<RollRow>(
    `SELECT r.class_id AS "classId", to_char(r.date, 'YYYY-MM-DD') AS date, ${heldRoll('r')} AS held, r.not_held_reason AS reason,
            r.not_held_note AS note, (SELECT d.name FROM calendar_days d WHERE d.date = r.date) AS "dayOff"
       FROM attendance_rolls r
      WHERE r.date >= $1::date AND r.date <= $2::date AND r.class_id IN (${chosen})
      ORDER BY r.class_id, r.date`,
    [from, to, activityIds],
  );
  const linesSql = `WITH chosen AS (SELECT unnest($3::text[]) AS id),
     months AS (
       SELECT m::date AS month, greatest(m::date, $1::date) AS lo, least((m + interval '1 month' - interval '1 day')::date, $2::date) AS hi
         FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') m
     ), stretch AS (
       -- each enrolment's days inside each month of the period (the end date is the first day off the roster)
       SELECT e.student_id, e.class_id, e.enrolled_on, e.ended_on, mo.month, mo.lo AS month_lo, mo.hi AS month_hi,
              greatest(e.enrolled_on, mo.lo) AS lo, least(coalesce(e.ended_on - 1, mo.hi), mo.hi) AS hi
         FROM class_enrollments e JOIN chosen c ON c.id = e.class_id
         JOIN months mo ON e.enrolled_on <= mo.hi AND (e.ended_on IS NULL OR e.ended_on > mo.lo)
     ), inactive AS (
       -- the children with a deactivation that touches the period: only their stretches ask the roster rule day by day
       SELECT DISTINCT i.student_id FROM student_inactivity i WHERE i.from_on <= $2::date AND (i.until_on IS NULL OR i.until_on > $1::date)
     ), shown AS (
       -- on the roster on some day: the rule can only change at the stretch's start and where an inactivity ends (any
       -- other child is on it every day of a stretch that has a day)
       SELECT s.class_id, s.month, s.month_lo, s.month_hi, s.student_id FROM stretch s
        WHERE CASE WHEN s.student_id NOT IN (SELECT student_id FROM inactive) THEN s.lo <= s.hi
                   ELSE EXISTS (SELECT 1 FROM (SELECT s.lo AS day
                                               UNION ALL
                                               SELECT i.until_on FROM student_inactivity i
                                                WHERE i.student_id = s.student_id AND i.until_on > s.lo AND i.until_on <= s.hi) d
                                 WHERE ${onRoster('s', 'd.day')}) END
       UNION
       SELECT a.class_id, mo.month, mo.lo, mo.hi, a.student_id
         FROM attendance_entries a JOIN months mo ON a.date >= mo.lo AND a.date <= mo.hi
        WHERE a.class_id IN (SELECT id FROM chosen)
     ), counts AS (
       -- each child's figures per class and month: whole months as the writes keep them, the period's ends from the rolls
       SELECT student_id, class_id, month, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent,
              sum(justified)::int AS justified
         FROM (${periodCountsSql(4, (classId) => `${classId} IN (SELECT id FROM chosen)`)}) counted
        GROUP BY student_id, class_id, month
     ),
     cells AS (
       -- each shown child's mark on each roll of the month: P/A/J as marked; N on a held roll their roster had them on
       SELECT sh.class_id, sh.month, sh.student_id, r.date,
              coalesce(CASE a.status WHEN 'PRESENT' THEN 'P' WHEN 'ABSENT' THEN 'A' WHEN 'JUSTIFIED' THEN 'J' END,
                       CASE WHEN ${heldRoll('r')} AND EXISTS (SELECT 1 FROM class_enrollments e
                                 WHERE e.class_id = r.class_id AND e.student_id = sh.student_id AND ${onRoster('e', 'r.date')})
                            THEN 'N' ELSE '-' END) AS mark
         FROM shown sh
         JOIN attendance_rolls r ON r.class_id = sh.class_id AND date_trunc('month', r.date)::date = sh.month
                                AND r.date >= sh.month_lo AND r.date <= sh.month_hi
         LEFT JOIN attendance_entries a ON a.class_id = r.class_id AND a.date = r.date AND a.student_id = sh.student_id
     ), marks AS (
       SELECT class_id, month, student_id, string_agg(mark, '' ORDER BY date) AS marks FROM cells GROUP BY class_id, month, student_id
     )
     -- a list's lines as one JSON text (the embedded database's driver copies every field of every row apart)
     SELECT sh.class_id AS "classId", to_char(sh.month, 'YYYY-MM') AS month,
            json_agg(json_build_array(st.id, st.shown_name, m.marks, coalesce(c.present, 0), coalesce(c.absent, 0), coalesce(c.justified, 0),
                                      coalesce(c.days, 0), ${frequencySql('c')}) ORDER BY ${nameOrder('st')})::text AS lines
       FROM shown sh
       JOIN students st ON st.id = sh.student_id
       LEFT JOIN marks m ON m.class_id = sh.class_id AND m.month = sh.month AND m.student_id = sh.student_id
       LEFT JOIN counts c ON c.student_id = sh.student_id AND c.class_id = sh.class_id AND c.month = sh.month
      GROUP BY sh.class_id, sh.month`;
  // a few classes per statement, all in the caller's transaction (one moment of the data)
  const lines: LinesRow[] = [];
  for (let i = 0; i < classes.length; i += CLASSES_PER_READ) {
    const ids = classes.slice(i, i + CLASSES_PER_READ).map((group) => group.id);
    lines.push(...(await db.query<LinesRow>(linesSql, [from, to, ids, ...periodCountsParams(from, to)])));
  }
  const rollsOf = new Map<string, ListRoll[]>();
  for (const { classId, date, held, reason, note, dayOff } of rolls) {
    const key = `${classId} ${date.slice(0, 7)}`;
    const roll: ListRoll = { date, held, notHeld: reason === null ? null : { reason, note }, dayOff };
    rollsOf.set(key, [...(rollsOf.get(key) ?? []), roll]);
  }
  const linesOf = new Map(lines.map((row) => [`${row.classId} ${row.month}`, row.lines]));
  const months = monthsOf(from, to);
  const result: KeptList[] = [];
  for (const group of classes)
    for (const month of months) {
      const key = `${group.id} ${month}`;
      const monthRolls = rollsOf.get(key) ?? [];
      const monthLines = linesOf.get(key) ?? '[]';
      if (monthRolls.length === 0 && monthLines === '[]') continue;
      result.push({
        activityId: group.activityId,
        activityName: group.activityName,
        classId: group.id,
        className: group.title,
        instructor: group.instructor,
        ...scheduleOfRow(group),
        month,
        rolls: monthRolls,
        lines: monthLines,
      });
    }
  return result;
}

/** The months (YYYY-MM) from `from`'s to `to`'s. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** What the nominal list names beyond the report's list: the civil name, the social name and the CPF. */
export type PackPerson = { fullName: string; socialName: string | null; cpf: string | null };

export async function packPeople(db: Queryable, studentIds: readonly string[]): Promise<Map<string, PackPerson>> {
  const rows = await db.query<PackPerson & { id: string }>(
    `SELECT id, full_name AS "fullName", nullif(social_name, '') AS "socialName", registration_number AS cpf
       FROM students WHERE id = ANY($1::text[])`,
    [studentIds],
  );
  return new Map(rows.map(({ id, ...person }) => [id, person]));
}

/** Of these children, those whose image-use consent is not granted now (refused, withdrawn or never asked). */
export async function withoutImageConsent(db: Queryable, studentIds: readonly string[]): Promise<Map<string, 'REFUSED' | 'MISSING'>> {
  const states = await currentConsents(db, studentIds);
  const without = new Map<string, 'REFUSED' | 'MISSING'>();
  for (const [id, state] of states) if (state.IMAGE_USE !== 'GRANTED') without.set(id, state.IMAGE_USE === 'REFUSED' ? 'REFUSED' : 'MISSING');
  return without;
}

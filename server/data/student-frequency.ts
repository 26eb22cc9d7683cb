/**
 * A student's frequency for the profile (issue 17): this month and this school year, overall, per activity and per
 * class, with the one frequency rule (frequency.ts) over the rolls of the classes the student has a roll day in.
 */
import type { FrequencyFigure, StudentFrequency } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { attendanceCountsSql, frequencySql } from './rules/frequency.ts';

type Row = { classId: string | null; className: string | null; activityId: string | null; activityName: string | null } & FrequencyFigure;

const none: FrequencyFigure = { rollDays: 0, present: 0, absent: 0, justified: 0, frequencyPercent: 0 };

/** Per class, per activity and overall (grouping sets), over the rolls from `$2` (inclusive) to `$3` (exclusive). */
const periodSql = `
  WITH counts AS (${attendanceCountsSql({
    perClass: true,
    // Only the rolls of the student's classes: those enrolled in, and any that lists them.
    filter: (r) => `${r}.date >= $2::date AND ${r}.date < $3::date
      AND ${r}.class_id IN (SELECT class_id FROM class_enrollments WHERE student_id = $1
                            UNION SELECT class_id FROM attendance_entries WHERE student_id = $1)`,
  })}), figures AS (
    SELECT cl.id AS class_id, cl.activity_id, sum(c.days)::int AS days, sum(c.present)::int AS present,
           sum(c.absent)::int AS absent, sum(c.justified)::int AS justified
      FROM counts c JOIN classes cl ON cl.id = c.class_id
     WHERE c.student_id = $1
     GROUP BY GROUPING SETS ((cl.activity_id, cl.id), (cl.activity_id), ())
  )
  SELECT f.class_id AS "classId", cl.title AS "className", f.activity_id AS "activityId", a.name AS "activityName",
         coalesce(f.days, 0) AS "rollDays", coalesce(f.present, 0) AS present, coalesce(f.absent, 0) AS absent,
         coalesce(f.justified, 0) AS justified, ${frequencySql('f')} AS "frequencyPercent"
    FROM figures f
    LEFT JOIN classes cl ON cl.id = f.class_id
    LEFT JOIN activities a ON a.id = f.activity_id
   ORDER BY a.name NULLS FIRST, cl.title NULLS FIRST`;

const figureOf = ({ rollDays, present, absent, justified, frequencyPercent }: FrequencyFigure): FrequencyFigure => ({
  rollDays,
  present,
  absent,
  justified,
  frequencyPercent,
});

/** `day` is today (YYYY-MM-DD) where the server runs. */
export async function studentFrequency(db: Queryable, studentId: string, day: string): Promise<StudentFrequency> {
  const month = day.slice(0, 7);
  const year = Number(day.slice(0, 4));
  const monthNumber = Number(day.slice(5, 7));
  const nextMonth = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  const monthRows = await db.query<Row>(periodSql, [studentId, `${month}-01`, nextMonth]);
  const yearRows = await db.query<Row>(periodSql, [studentId, `${year}-01-01`, `${year + 1}-01-01`]);
  return combine(month, String(year), monthRows, yearRows);
}

function combine(month: string, schoolYear: string, monthRows: Row[], yearRows: Row[]): StudentFrequency {
  const monthOf = (match: (row: Row) => boolean) => {
    const row = monthRows.find(match);
    return row ? figureOf(row) : none;
  };
  const overall = (row: Row) => row.classId === null && row.activityId === null;
  const yearOverall = yearRows.find(overall);
  const result: StudentFrequency = {
    month,
    schoolYear,
    overall: { month: monthOf(overall), schoolYear: yearOverall ? figureOf(yearOverall) : none },
    activities: [],
    classes: [],
  };
  // The school year holds the month, so its rows name every class and activity.
  for (const row of yearRows) {
    if (overall(row)) continue;
    if (row.classId === null) {
      result.activities.push({
        activityId: row.activityId!,
        activityName: row.activityName ?? '',
        schoolYear: figureOf(row),
        month: monthOf((m) => m.classId === null && m.activityId === row.activityId),
      });
    } else {
      result.classes.push({
        classId: row.classId,
        className: row.className ?? '',
        activityId: row.activityId!,
        schoolYear: figureOf(row),
        month: monthOf((m) => m.classId === row.classId),
      });
    }
  }
  return result;
}

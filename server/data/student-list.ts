/**
 * Students as the lists show them (id, name, frequencyPercent, active): the whole list (kept in memory by
 * server/student-list-cache.ts, read through listReaders), an instructor's list, and a class's roster of a date.
 *
 * frequencyPercent follows the one frequency rule (rules/frequency.ts: present / (roll days - justified)), over every
 * roll. One SQL query with aggregation answers the whole list.
 */
import { studentStatusFilters, type StudentSummary } from '../../src/api/contract.ts';
import { studentFilterFields, type StudentFilterField } from '../../src/api/student-filters.ts';
import type { Queryable } from '../db/types.ts';
import type { ListReader, ListRow, Placed } from '../student-list-cache.ts';
import { frequencySql } from './rules/frequency.ts';
import { nameOrder, nameOrderKey } from './rules/name-order.ts';
import { onRoster, seenByInstructor } from './rules/roster.ts';

export type StudentStatusFilter = (typeof studentStatusFilters)[number];

// The one frequency rule (rules/frequency.ts), over every roll: the counts kept up to date by every write that changes
// them (rules/counts.ts), summed over the student's classes.
// `countsWhere` narrows the counts summed to the students asked for (a few, not the whole list). `filtered`: with the
// record's lists the list filters by (issue 52: gender, school year, employment, school shift), for the lists of those
// who read the records, never an instructor's list nor a roster (an instructor gets names and frequency only).
/** The columns the list filters by (api/student-filters.ts), as the list answers them. */
const filterColumns = 's.gender, s.school_year AS "schoolYear", s.employment_status AS "employmentStatus", s.school_shift AS "schoolShift"';

export const studentSummarySql = (where: string, countsWhere = '', filtered = false): string => `
  WITH counts AS (
    SELECT student_id, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
      FROM attendance_counts ${countsWhere} GROUP BY student_id
  )
  SELECT s.id, s.shown_name AS name, ${frequencySql('c')} AS "frequencyPercent", s.active,
         CASE WHEN s.social_name IS NOT NULL THEN s.full_name END AS "civilName"${filtered ? `, ${filterColumns}` : ''}
    FROM students s
    LEFT JOIN counts c ON c.student_id = s.id
   ${where}
   ORDER BY ${nameOrder('s')}`;

/**
 * A summary row as the API answers it: the civil name only when the child has a social name (issue 52: a search
 * finds them by either), absent otherwise; the lists it filters by, where the list carries them, only when recorded.
 */
export const asSummary = <T extends object>(row: T): T => {
  const named = row as Record<'civilName' | StudentFilterField, string | null | undefined>;
  for (const field of ['civilName', ...studentFilterFields] as const) if (named[field] === null) delete named[field];
  return row;
};
const summaries = async <T extends object>(rows: Promise<T[]>): Promise<T[]> => (await rows).map(asSummary);

const statusWhere: Record<StudentStatusFilter, string> = {
  active: 'WHERE s.active',
  inactive: 'WHERE NOT s.active',
  all: '',
};

/** Each variant of the list, read whole or for some students only (a patch of the kept list), and where some stand in it. */
export const listReaders = Object.fromEntries(
  studentStatusFilters.map((status) => {
    const where = statusWhere[status];
    const reader: ListReader = {
      rows: (tx, ids) =>
        summaries(
          ids
            ? tx.query<ListRow>(
                studentSummarySql(`${where ? `${where} AND` : 'WHERE'} s.id = ANY($1::text[])`, 'WHERE student_id = ANY($1::text[])', true),
                [ids],
              )
            : tx.query<ListRow>(studentSummarySql(where, '', true)),
        ),
      neighbours: (tx, ids) =>
        tx.query<Placed>(
          `SELECT m.id,
                  (SELECT s.id FROM students s ${where ? `${where} AND` : 'WHERE'} ${nameOrderKey('s')} < ${nameOrderKey('m')} AND s.id <> ALL($1::text[])
                    ORDER BY ${nameOrder('s', 'DESC')} LIMIT 1) AS after
             FROM students m WHERE m.id = ANY($1::text[])
            ORDER BY ${nameOrder('m')}`,
          [ids],
        ),
    };
    return [status, reader];
  }),
) as Record<StudentStatusFilter, ListReader>;

/**
 * An instructor's list: the students of the classes they see only (rules/roster.ts seenByInstructor) on `day`, read for
 * them alone (a few dozen rows); with `limit`, only its first students (LIMIT after the summary's ORDER BY).
 */
export function instructorStudents(
  db: Queryable,
  status: StudentStatusFilter,
  instructorId: string,
  day: string,
  limit?: number,
): Promise<StudentSummary[]> {
  const where = statusWhere[status];
  return summaries(
    db.query<StudentSummary>(
      studentSummarySql(
        `${where ? `${where} AND` : 'WHERE'} ${seenByInstructor('s.id', '$1', '$2::date')}`,
        `WHERE ${seenByInstructor('student_id', '$1', '$2::date')}`,
      ) + (limit === undefined ? '' : ` LIMIT ${limit}`),
      [instructorId, day],
    ),
  );
}

/** A class's roster on `date` (YYYY-MM-DD; rules/roster.ts onRoster), in name order, with each one's frequency. */
export function rosterOf(db: Queryable, classId: string, date: string): Promise<StudentSummary[]> {
  const onIt = `IN (SELECT e.student_id FROM class_enrollments e WHERE e.class_id = $1 AND ${onRoster('e', '$2::date')})`;
  return summaries(db.query<StudentSummary>(studentSummarySql(`WHERE s.id ${onIt}`, `WHERE student_id ${onIt}`), [classId, date]));
}

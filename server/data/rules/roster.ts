/**
 * Who is on a class's roster on a given day, written once for every query that needs it (rosters, roll checks, the
 * attendance percentage): enrolled on or before that day, not yet ended (an enrolment's end date is the first day off
 * the roster), and not inactive that day (a deactivation takes the student off every roster from its date on).
 */
import type { Queryable } from '../../db/types.ts';

/** SQL condition: enrolment row `e` puts its student on the roster on `day` (an SQL date expression). */
export const onRoster = (e: string, day: string): string =>
  `${e}.enrolled_on <= ${day} AND (${e}.ended_on IS NULL OR ${day} < ${e}.ended_on)
   AND NOT EXISTS (SELECT 1 FROM student_inactivity i
                    WHERE i.student_id = ${e}.student_id AND i.from_on <= ${day} AND (i.until_on IS NULL OR ${day} < i.until_on))`;

/**
 * SQL condition: the student `student` (an SQL expression) is one the instructor `instructor` sees (least privilege: an
 * instructor's lists hold the children they teach, not the programme's): active, on the roster of a class of theirs,
 * or of a class that names no instructor (the rolls they see, permissions.ts seesRollsOf), neither the class nor its
 * activity archived, by an enrolment not ended on `day` (one that starts later counts: the child is coming to their
 * class). A deactivated child is on no roster, so off the instructor's lists.
 */
export const seenByInstructor = (student: string, instructor: string, day: string): string =>
  `${student} IN (SELECT e.student_id FROM class_enrollments e JOIN classes c ON c.id = e.class_id
                    JOIN activities a ON a.id = c.activity_id JOIN students st ON st.id = e.student_id
                    WHERE st.active AND ${classOfInstructor('c', 'a', instructor)}
                      AND (e.ended_on IS NULL OR ${day} < e.ended_on))`;

/**
 * SQL condition: class `c` (of activity `a`) is one whose students and rolls the instructor `instructor` sees: theirs
 * (one of its instructors, issue 52) or naming no instructor (permissions.ts seesRollsOf), neither it nor its activity archived (routes/class-access.ts requireClass refuses those).
 */
export const classOfInstructor = (c: string, a: string, instructor: string): string =>
  `NOT ${c}.archived AND NOT ${a}.archived AND (cardinality(${c}.instructor_ids) = 0 OR ${instructor} = ANY (${c}.instructor_ids))`;

/** The ids of the students on a class's roster on `date` (YYYY-MM-DD). */
export async function rosterIds(db: Queryable, classId: string, date: string): Promise<Set<string>> {
  const rows = await db.query<{ student_id: string }>(
    `SELECT e.student_id FROM class_enrollments e WHERE e.class_id = $1 AND ${onRoster('e', '$2::date')}`,
    [classId, date],
  );
  return new Set(rows.map((row) => row.student_id));
}

/**
 * The latest day that is today somewhere: tomorrow in UTC. A roll or a student's status dated after it is dated after
 * today in every time zone (the app holds its user to the device's own today).
 */
export const latestToday = (now: Date): string => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

/** Today as a calendar date where the server runs (the programme's own time zone). */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

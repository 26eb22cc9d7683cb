/**
 * The programme calendar's days off (issue 50, migration 012). A day off changes which rolls are roll days (the rule's
 * heldRoll), so setting or removing one takes that day's rolls out of the maintained counts under the old rule and puts
 * them back under the new one, in the same transaction: the counts stay what a recount gives.
 */
import type { CalendarDay, CalendarDayInput } from '../../src/api/calendar-contract.ts';
import type { Queryable } from '../db/types.ts';
import { depositRoll, lockCounts, withdrawRoll } from './rules/counts.ts';
import { instant } from './columns.ts';

const dayColumns = `to_char(date, 'YYYY-MM-DD') AS date, kind, name, updated_by AS "updatedBy", ${instant('updated_at')} AS "updatedAt"`;

/** The days off of a year, in date order. */
export function calendarOfYear(db: Queryable, year: number): Promise<CalendarDay[]> {
  return db.query<CalendarDay>(
    `SELECT ${dayColumns} FROM calendar_days WHERE date >= make_date($1::int, 1, 1) AND date < make_date($1::int + 1, 1, 1) ORDER BY date`,
    [year],
  );
}

/** The day off of a date, if it is one. */
export async function calendarDay(db: Queryable, date: string): Promise<CalendarDay | undefined> {
  const [day] = await db.query<CalendarDay>(`SELECT ${dayColumns} FROM calendar_days WHERE date = $1::date`, [date]);
  return day;
}

/**
 * Runs `change` (a write to calendar_days of `date`) with that day's rolls out of the counts, then puts them back: the
 * counts follow the rule's new answer. The students on those rolls' classes are noted as changed (the sync, the lists).
 */
async function recountingDay(tx: Queryable, date: string, change: () => Promise<void>): Promise<void> {
  // The whole counts, alone: a roll of any class on that day may be re-counted.
  await lockCounts(tx);
  const classes = (await tx.query<{ classId: string }>('SELECT class_id AS "classId" FROM attendance_rolls WHERE date = $1::date', [date])).map(
    (row) => row.classId,
  );
  for (const classId of classes) await withdrawRoll(tx, classId, date);
  await change();
  for (const classId of classes) await depositRoll(tx, classId, date);
  if (classes.length > 0) {
    await tx.run(
      `INSERT INTO changes (entity, entity_id)
       SELECT DISTINCT 'students', student_id FROM class_enrollments WHERE class_id = ANY($1)
       UNION SELECT 'students', student_id FROM attendance_entries WHERE date = $2::date AND class_id = ANY($1)`,
      [classes, date],
    );
  }
}

/** Sets `date` as a day off (a new one, or its kind and name changed). */
export async function setCalendarDay(tx: Queryable, date: string, input: CalendarDayInput, by: string): Promise<CalendarDay> {
  await recountingDay(tx, date, async () => {
    await tx.run(
      `INSERT INTO calendar_days (date, kind, name, updated_by) VALUES ($1::date, $2, $3, $4)
       ON CONFLICT (date) DO UPDATE SET kind = EXCLUDED.kind, name = EXCLUDED.name, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [date, input.kind, input.name, by],
    );
  });
  return (await calendarDay(tx, date))!;
}

/** `date` is a day of classes again; false when it was no day off. */
export async function removeCalendarDay(tx: Queryable, date: string): Promise<boolean> {
  if (!(await calendarDay(tx, date))) return false;
  await recountingDay(tx, date, async () => {
    await tx.run('DELETE FROM calendar_days WHERE date = $1::date', [date]);
  });
  return true;
}

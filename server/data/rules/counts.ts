/**
 * The maintained attendance counts (issue 23, migration 006): each student's roll days, present, absent and justified
 * per class over every roll, and per class and calendar month, changed in the transaction of every write that changes them, with the one frequency rule
 * (rules/frequency.ts attendanceCountsSql), so they are always what a recount from the rolls would give (a property test
 * holds them to it). The students list, a roster and the sync read them instead of every mark ever taken.
 *
 * - A roll saved: its old share (one class, one day) is taken out and its new share put in.
 * - An enrolment or a student's status changed: that student is recounted from the rolls.
 * Locks, taken first in the transaction, before any row lock, so no two writers deadlock: a recount (which touches a
 * student's rows in every class) holds the counts alone, lockCounts(); a roll touches only its class's rows, so rolls
 * of different classes run side by side (the counts shared) and rolls of one class one after the other,
 * lockRollCounts() (on PostgreSQL with several connections; PGlite runs one transaction at a time anyway).
 */
import type { Queryable } from '../../db/types.ts';
import { attendanceCountsSql } from './frequency.ts';

/** The two kept tables: per student and class over every roll, and the same per calendar month. */
const kept = [
  { table: 'attendance_counts', keys: 'student_id, class_id', perMonth: false },
  { table: 'attendance_month_counts', keys: 'student_id, class_id, month', perMonth: true },
] as const;
const figures = 'days, present, absent, justified';

/** One roll's share of the counts, its class and day ($1, $2): per student, in the roll's month (one month). */
const rollShareSql = attendanceCountsSql({ perClass: true, perMonth: true, filter: (r) => `${r}.class_id = $1 AND ${r}.date = $2::date` });

const COUNTS_LOCK = 2023112301;

/** Held until the transaction ends: the counts, for this transaction alone (a recount). */
export async function lockCounts(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${COUNTS_LOCK})`);
}

/** Held until the transaction ends: one class's share of the counts (a roll), beside rolls of other classes. */
export async function lockRollCounts(tx: Queryable, classId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${COUNTS_LOCK}), pg_advisory_xact_lock(${COUNTS_LOCK}, hashtext($1))`, [classId]);
}

/**
 * Adds a roll's share to both tables (`sign` -1 takes it out): the share is read once, in one statement. A row that
 * does not exist yet starts at the share (a roll taken out was put in before, so its rows exist).
 */
async function applyRollShare(tx: Queryable, classId: string, date: string, sign: 1 | -1): Promise<void> {
  const upsert = (table: string, keys: string) =>
    `INSERT INTO ${table} (${keys}, ${figures})
     SELECT ${keys}, ${sign} * sum(days), ${sign} * sum(present), ${sign} * sum(absent), ${sign} * sum(justified) FROM share GROUP BY ${keys}
     ON CONFLICT (${keys}) DO UPDATE
        SET days = ${table}.days + EXCLUDED.days, present = ${table}.present + EXCLUDED.present,
            absent = ${table}.absent + EXCLUDED.absent, justified = ${table}.justified + EXCLUDED.justified`;
  await tx.run(
    `WITH share AS MATERIALIZED (${rollShareSql}),
          months AS (${upsert(kept[1].table, kept[1].keys)} RETURNING 1)
     ${upsert(kept[0].table, kept[0].keys)}`,
    [classId, date],
  );
}

/**
 * Before a roll of (classId, date) changes: its share leaves the counts (a day with no roll yet has none). The caller
 * took lockRollCounts(tx, classId) first in the transaction, as for depositRoll.
 */
export async function withdrawRoll(tx: Queryable, classId: string, date: string): Promise<void> {
  const [saved] = await tx.query('SELECT 1 FROM attendance_rolls WHERE class_id = $1 AND date = $2::date', [classId, date]);
  if (saved) await applyRollShare(tx, classId, date, -1);
}

/** After a roll of (classId, date) was written: its share joins the counts (under the caller's lockRollCounts). */
export async function depositRoll(tx: Queryable, classId: string, date: string): Promise<void> {
  await applyRollShare(tx, classId, date, 1);
}

/** A student's counts recounted from the rolls (an enrolment or the student's status changed which days count). */
export async function recountStudent(tx: Queryable, studentId: string): Promise<void> {
  await lockCounts(tx);
  for (const { table, keys, perMonth } of kept) {
    await tx.run(`DELETE FROM ${table} WHERE student_id = $1`, [studentId]);
    await tx.run(
      `INSERT INTO ${table} (${keys}, ${figures})
       SELECT ${keys}, ${figures} FROM (${attendanceCountsSql({ perClass: true, perMonth, student: (column) => `${column} = $1` })}) s`,
      [studentId],
    );
  }
}

/** Every count recounted from the rolls: a database whose counts are empty (just migrated, restored, seeded). */
export async function recountAll(tx: Queryable): Promise<void> {
  await lockCounts(tx);
  for (const { table, keys, perMonth } of kept) {
    await tx.run(`DELETE FROM ${table}`);
    await tx.run(
      `INSERT INTO ${table} (${keys}, ${figures}) SELECT ${keys}, ${figures} FROM (${attendanceCountsSql({ perClass: true, perMonth })}) s`,
    );
  }
}

/** Fills the counts when they are empty and there are rolls to count (every start; cheap when filled). */
export async function fillCountsIfEmpty(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM attendance_counts) AND EXISTS (SELECT 1 FROM attendance_rolls) AS empty',
  );
  if (!row?.empty) return false;
  await recountAll(tx);
  return true;
}

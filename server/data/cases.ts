/**
 * Follow-up cases ("busca ativa", issue 50, migration 020): where cases and their steps are read and written. One open
 * case per child (a partial unique index; the opening locks the child's row first, so two openings at once queue and
 * the second meets the first). Every step, outcome and close moves the case's version on. "Today" is the server's day,
 * passed in (YYYY-MM-DD), so a case's days open and lateness are those of one clock.
 */
import {
  FIRST_STEP_DAYS,
  MISSED_DATES_MAX,
  MISSED_DAYS,
  NEXT_STEP_DAYS,
  RETURNED_FOLLOW_DAYS,
  type CaseClose,
  type CaseInput,
  type CaseStatusFilter,
  type CaseStep,
  type CaseStepInput,
  type CaseSummary,
  type ContactOutcome,
  type FollowUpCase,
} from '../../src/api/cases-contract.ts';
import type { FrequencyFigure } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { instant } from './columns.ts';
import { queryRowsAsJson } from './json-rows.ts';
import { attendanceCountsSql, frequencySql, heldRoll } from './rules/frequency.ts';
import { onRoster } from './rules/roster.ts';

/** Who writes: the staff user's name for the screen and id for the record. */
export type CaseAuthor = { name: string; id: string };

/** The titles of the classes whose roster has the child `student` (an SQL expression) on `day`, per child. */
const classTitlesOf = (student: string, day: string): string =>
  `SELECT e.student_id, array_agg(cl.title ORDER BY cl.title) AS titles FROM class_enrollments e JOIN classes cl ON cl.id = e.class_id
    WHERE e.student_id ${student} AND ${onRoster('e', day)} GROUP BY e.student_id`;

/**
 * The summary of a case (alias c, its student s) as of the day `day` (an SQL date expression); `titles`: the child's
 * class titles (an SQL expression; default: read for this case alone).
 */
const summaryColumns = (day: string, titles = `(SELECT k.titles FROM (${classTitlesOf('= c.student_id', day)}) k)`): string => `
  c.id, c.student_id AS "studentId", s.shown_name AS "studentName", coalesce(${titles}, '{}') AS "classNames",
  c.origin, CASE WHEN c.closed_at IS NULL THEN 'OPEN' ELSE 'CLOSED' END AS status,
  to_char(c.opened_on, 'YYYY-MM-DD') AS "openedOn", c.opened_by AS "openedBy",
  (coalesce(c.closed_on, ${day}) - c.opened_on)::int AS "daysOpen",
  to_char(c.next_step_on, 'YYYY-MM-DD') AS "nextStepOn",
  (c.closed_at IS NULL AND c.next_step_on < ${day}) AS late,
  to_char(c.closed_on, 'YYYY-MM-DD') AS "closedOn", c.outcome, c.version`;

const detailColumns = (day: string): string => `${summaryColumns(day)},
  c.note, to_char(c.alerted_on, 'YYYY-MM-DD') AS "alertedOn", ${instant('c.opened_at')} AS "openedAt",
  c.closed_by AS "closedBy", c.close_note AS "closeNote"`;

const stepColumns = `id, case_id AS "caseId", kind, ${instant('at')} AS at, note, channel, outcome, referral_to AS "referralTo",
  to_char(referral_on, 'YYYY-MM-DD') AS "referralOn", causes, recorded_by AS "recordedBy"`;

/**
 * The cases of a status, as the list shows them: open ones by next step (the late first), closed ones newest first.
 * The children's classes are read for all of them in one join (not once per case: 1,000 open cases took 60 ms more),
 * and the list as one JSON value (json-rows.ts).
 */
export function listCases(db: Queryable, status: CaseStatusFilter, day: string): Promise<CaseSummary[]> {
  const where = status === 'open' ? 'WHERE c.closed_at IS NULL' : status === 'closed' ? 'WHERE c.closed_at IS NOT NULL' : '';
  return queryRowsAsJson<CaseSummary>(
    db,
    `WITH listed AS (SELECT c.* FROM follow_up_cases c ${where}),
          titles AS (${classTitlesOf('IN (SELECT student_id FROM listed)', '$1::date')})
     SELECT ${summaryColumns('$1::date', 'k.titles')},
            row_number() OVER (ORDER BY c.closed_at IS NOT NULL, c.next_step_on, c.closed_on DESC, s.shown_name, c.id) AS _order
       FROM listed c JOIN students s ON s.id = c.student_id LEFT JOIN titles k ON k.student_id = c.student_id`,
    [day],
  );
}

type DetailRow = Omit<FollowUpCase, 'steps' | 'frequencySince' | 'missedDates'>;

/** The child's latest absences (held rolls) of the last MISSED_DAYS days up to `day`, oldest first. */
export async function missedDatesOf(db: Queryable, studentId: string, day: string): Promise<string[]> {
  const rows = await db.query<{ date: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date FROM (
       SELECT DISTINCT a.date AS d FROM attendance_entries a JOIN attendance_rolls r ON r.class_id = a.class_id AND r.date = a.date
        WHERE a.student_id = $1 AND a.status = 'ABSENT' AND a.date > $2::date - ${MISSED_DAYS} AND a.date <= $2::date AND ${heldRoll('r')}
        ORDER BY d DESC LIMIT ${MISSED_DATES_MAX}) latest
      ORDER BY d`,
    [studentId, day],
  );
  return rows.map((row) => row.date);
}

async function withSteps(db: Queryable, rows: DetailRow[], day: string): Promise<FollowUpCase[]> {
  if (rows.length === 0) return [];
  const steps = await db.query<CaseStep & { caseId: string }>(
    `SELECT ${stepColumns} FROM follow_up_steps WHERE case_id = ANY($1) ORDER BY at, recorded_at, id`,
    [rows.map((row) => row.id)],
  );
  const cases: FollowUpCase[] = [];
  const missed = new Map<string, string[]>();
  for (const row of rows) {
    if (!missed.has(row.studentId)) missed.set(row.studentId, await missedDatesOf(db, row.studentId, day));
    const since =
      row.outcome === 'RETURNED' && row.closedOn && addDays(row.closedOn, RETURNED_FOLLOW_DAYS) <= day
        ? { from: row.closedOn, ...(await frequencyBetween(db, row.studentId, row.closedOn, day)) }
        : null;
    cases.push({
      ...row,
      steps: steps.filter((step) => step.caseId === row.id).map(({ caseId: _caseId, ...step }) => step),
      frequencySince: since,
      missedDates: missed.get(row.studentId)!,
    });
  }
  return cases;
}

/** A case with its steps; undefined when there is none. */
export async function readCase(db: Queryable, id: string, day: string): Promise<FollowUpCase | undefined> {
  const rows = await db.query<DetailRow>(
    `SELECT ${detailColumns('$2::date')} FROM follow_up_cases c JOIN students s ON s.id = c.student_id WHERE c.id = $1`,
    [id, day],
  );
  return (await withSteps(db, rows, day))[0];
}

/** A child's cases for the profile: the open one first, then the closed ones newest first. */
export async function casesOfStudent(db: Queryable, studentId: string, day: string): Promise<FollowUpCase[]> {
  const rows = await db.query<DetailRow>(
    `SELECT ${detailColumns('$2::date')} FROM follow_up_cases c JOIN students s ON s.id = c.student_id WHERE c.student_id = $1
      ORDER BY c.closed_at IS NOT NULL, c.closed_at DESC, c.opened_at DESC`,
    [studentId, day],
  );
  return withSteps(db, rows, day);
}

/** The child's figures by the one frequency rule over the rolls from `from` to `to` (both included). */
export async function frequencyBetween(db: Queryable, studentId: string, from: string, to: string): Promise<FrequencyFigure> {
  const [row] = await db.query<FrequencyFigure>(
    `SELECT coalesce(c.days, 0) AS "rollDays", coalesce(c.present, 0) AS present, coalesce(c.absent, 0) AS absent,
            coalesce(c.justified, 0) AS justified, ${frequencySql('c')} AS "frequencyPercent"
       FROM (SELECT 1) one
       LEFT JOIN (${attendanceCountsSql({
         student: (column) => `${column} = $1`,
         filter: (r) => `${r}.date >= $2::date AND ${r}.date <= $3::date`,
       })}) c ON true`,
    [studentId, from, to],
  );
  return row!;
}

/** The case's state for a change (locked): its child, whether closed and with what outcome, its version. */
export type CaseState = { id: string; studentId: string; closed: boolean; outcome: string | null; version: number };

export async function lockCase(tx: Queryable, id: string): Promise<CaseState | undefined> {
  const [row] = await tx.query<CaseState>(
    `SELECT id, student_id AS "studentId", closed_at IS NOT NULL AS closed, outcome, version FROM follow_up_cases WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** Locks the child's row (openings of one child queue); false when there is no such child. */
export async function lockStudentForCase(tx: Queryable, studentId: string): Promise<boolean> {
  const [row] = await tx.query('SELECT 1 FROM students WHERE id = $1 FOR UPDATE', [studentId]);
  return row !== undefined;
}

/** The id of the child's open case, if any. */
export async function openCaseIdOf(tx: Queryable, studentId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>('SELECT id FROM follow_up_cases WHERE student_id = $1 AND closed_at IS NULL', [studentId]);
  return row?.id;
}

/** Opens a case; its alert day is the child's latest first sighting on an alert of its kind (none: by hand). */
export async function insertCase(tx: Queryable, id: string, input: CaseInput, day: string, by: CaseAuthor): Promise<void> {
  await tx.run(
    `INSERT INTO follow_up_cases (id, student_id, origin, note, alerted_on, opened_on, opened_by, opened_by_id, next_step_on)
     VALUES ($1, $2, $3, $4,
             (SELECT max(first_on) FROM follow_up_alerts WHERE student_id = $2 AND origin = $3 AND first_on <= $5::date),
             $5::date, $6, $7, coalesce($8::date, $5::date + ${FIRST_STEP_DAYS}))`,
    [id, input.studentId, input.origin, input.note?.trim() || null, day, by.name, by.id, input.nextStepOn ?? null],
  );
}

/** A step's case and state, if the id is taken. */
export async function readStepState(tx: Queryable, id: string): Promise<{ caseId: string; kind: string; outcome: string | null } | undefined> {
  const [row] = await tx.query<{ caseId: string; kind: string; outcome: string | null }>(
    'SELECT case_id AS "caseId", kind, outcome FROM follow_up_steps WHERE id = $1',
    [id],
  );
  return row;
}

/** Adds a step and moves the case's next step (the one given, else NEXT_STEP_DAYS after the step's day) and version. */
export async function insertStep(tx: Queryable, caseId: string, id: string, input: CaseStepInput, by: CaseAuthor): Promise<void> {
  await tx.run(
    `INSERT INTO follow_up_steps (id, case_id, kind, at, note, channel, outcome, referral_to, referral_on, causes, recorded_by, recorded_by_id)
     VALUES ($1, $2, $3, $4::timestamptz, $5, $6, $7, $8, $9::date, $10::text[], $11, $12)`,
    [
      id,
      caseId,
      input.kind,
      input.at,
      input.note?.trim() || null,
      input.kind === 'CONTACT' ? input.channel : null,
      input.kind === 'CONTACT' ? (input.outcome ?? null) : null,
      input.kind === 'REFERRAL' ? input.referralTo : null,
      input.kind === 'REFERRAL' ? input.referralOn : null,
      input.kind === 'CAUSES' ? [...new Set(input.causes)] : [],
      by.name,
      by.id,
    ],
  );
  await tx.run(
    `UPDATE follow_up_cases SET next_step_on = coalesce($2::date, $3::timestamptz::date + ${NEXT_STEP_DAYS}), version = version + 1 WHERE id = $1`,
    [caseId, input.nextStepOn ?? null, input.at],
  );
}

/** Says a contact's outcome (it was still to say) and moves the case's version on. */
export async function setStepOutcome(tx: Queryable, caseId: string, stepId: string, outcome: ContactOutcome): Promise<void> {
  await tx.run('UPDATE follow_up_steps SET outcome = $2 WHERE id = $1', [stepId, outcome]);
  await tx.run('UPDATE follow_up_cases SET version = version + 1 WHERE id = $1', [caseId]);
}

/** Closes the case with its outcome; it has no next step any more. */
export async function closeCase(tx: Queryable, id: string, input: CaseClose, day: string, by: CaseAuthor): Promise<void> {
  await tx.run(
    `UPDATE follow_up_cases SET closed_on = $2::date, closed_at = now(), closed_by = $3, outcome = $4, close_note = $5,
            next_step_on = NULL, version = version + 1
      WHERE id = $1`,
    [id, day, by.name, input.outcome, input.note?.trim() || null],
  );
}

/**
 * Notes the children of today's alerts as seen (the first day of each month and kind stays): what the follow-up report
 * measures against. One statement for every child; alertNoter runs it only for the children not noted yet.
 */
export async function noteAlerted(db: Queryable, day: string, belowThreshold: readonly string[], absentStreak: readonly string[]): Promise<void> {
  if (belowThreshold.length === 0 && absentStreak.length === 0) return;
  await db.run(
    `INSERT INTO follow_up_alerts (student_id, month, origin, first_on)
     SELECT DISTINCT s, date_trunc('month', $1::date)::date, o, $1::date
       FROM (SELECT unnest($2::text[]) AS s, 'BELOW_THRESHOLD' AS o UNION ALL SELECT unnest($3::text[]), 'ABSENT_STREAK') seen
     ON CONFLICT (student_id, month, origin) DO NOTHING`,
    [day, belowThreshold, absentStreak],
  );
}

/**
 * noteAlerted for a server process: it remembers whom it noted this month (per kind), and writes only the children new
 * to it, so a read of home's alerts with no child newly alerted writes nothing (it wrote each time, issue 50). The
 * database keeps the first day whatever the process remembers (ON CONFLICT DO NOTHING): a restart, or a second server,
 * notes its children once more and changes nothing.
 */
export function alertNoter(db: Queryable) {
  let month = '';
  const noted = new Set<string>();
  return async (day: string, belowThreshold: readonly string[], absentStreak: readonly string[]): Promise<void> => {
    if (day.slice(0, 7) !== month) {
      month = day.slice(0, 7);
      noted.clear();
    }
    const fresh = (origin: string, ids: readonly string[]) => [...new Set(ids)].filter((id) => !noted.has(`${origin}:${id}`));
    const below = fresh('BELOW_THRESHOLD', belowThreshold);
    const streak = fresh('ABSENT_STREAK', absentStreak);
    await noteAlerted(db, day, below, streak);
    for (const id of below) noted.add(`BELOW_THRESHOLD:${id}`);
    for (const id of streak) noted.add(`ABSENT_STREAK:${id}`);
  };
}

/** `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar day of `at` where the server runs (as rules/roster.ts today()). */
export function dayOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

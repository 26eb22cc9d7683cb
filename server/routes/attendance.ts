/**
 * Roll calls (extension): one roll per class and day. PUT replaces that day's roll as a whole, so a retried or
 * corrected save never duplicates anything. Entries must name students on the class's roster of that date (400
 * otherwise), each at most once: a student who left the class or was deactivated before that date is refused.
 * A roll keeps its first save (firstTakenBy/At) and its latest correction (correctedBy/At) beside its latest save.
 * A save that says which roll it was taken on (`basedOn`) is refused as stale (409, with the roll as it is now) when the
 * day's roll was saved since by someone else: an offline tablet's older roll never silently replaces a newer correction.
 * A roll is taken on its day or later: a date after today is refused (400, code 'roll-date-future'). "Today" is the
 * server's day in UTC plus one, so that no device's own today is refused whatever its time zone (the app holds its user
 * to the device's today).
 * A class not held (issue 50) is saved the same way, `notHeld` (its reason) instead of the marks: a roll with no marks
 * that the frequency rule counts for no one (frequency.ts heldRoll), with the same versions and conflicts as a roll.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceGridSchema,
  attendanceQuerySchema,
  isoDateSchema,
  rollDaySchema,
  rollInputSchema,
  rollSchema,
  type Roll,
} from '../../src/api/contract.ts';
import { lockRollTakenAt, readRoll, replaceEntries, rollDays, saveRollHead, toEntry, type EntryRow } from '../data/attendance.ts';
import { monthGrid } from '../data/reports.ts';
import { depositRoll, lockRollCounts, withdrawRoll } from '../data/rules/counts.ts';
import { rosterIds } from '../data/rules/roster.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, HttpError, listed, notFound, staleVersion } from '../errors.ts';
import { requireClass } from './class-access.ts';
import { requireOnceEach, requireRollTimes, unchangedSince } from './roll-rules.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const rollParams = z.object({ classId: pathIdSchema, date: isoDateSchema });

/** The students whose justified absence a roll says why (a child's health): what the access record names of a read. */
export const justifiedStudents = (roll: { entries: readonly { studentId: string; status: string }[] } | null | undefined): string[] =>
  roll?.entries.filter((entry) => entry.status === 'JUSTIFIED').map((entry) => entry.studentId) ?? [];

/**
 * A save taken on the day's roll as it was at `basedOn` (null: no roll) goes through only if nobody saved it since; the
 * same save sent again (its answer lost) finds its own takenAt there and goes through too (roll-rules.ts unchangedSince).
 */
async function requireUnchangedSince(
  tx: Queryable,
  classId: string,
  date: string,
  save: { basedOn: string | null; takenAt: string; supersedes?: readonly string[] | undefined },
): Promise<void> {
  if (unchangedSince(await lockRollTakenAt(tx, classId, date), save)) return;
  throw staleVersion('roll', await readRoll(tx, classId, date));
}

export const attendanceRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, now, openMode }) => {
  app.put(
    '/classes/:classId/attendance/:date',
    {
      config: { rule: 'attendance:write' },
      schema: {
        tags: ['attendance'],
        summary: "Save a class's whole roll for one day (replaces any earlier roll of that day)",
        params: rollParams,
        body: rollInputSchema,
        response: { 200: rollSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { classId, date } = request.params;
      const { takenAt, basedOn, supersedes, notHeld } = request.body;
      // A class not held has no marks (the schema holds a roll to one or the other).
      const entries = request.body.entries ?? [];
      // With sign-in, who took the roll is the signed-in user, not what the device says; open mode has no one to name.
      const takenBy = openMode || !request.staff ? request.body.takenBy : request.staff.email;
      requireRollTimes(date, takenAt, now());
      // The access record: a row for every student on the roll (their attendance, a justified absence's reason).
      request.auditStudents = entries.map((entry) => entry.studentId);
      requireOnceEach(entries);
      const roll = await db.transaction(async (tx) => {
        // First, before any row lock: the roll's share of the maintained counts changes with it (rules/counts.ts).
        await lockRollCounts(tx, classId);
        await requireClass(tx, classId, request.staff);
        if (basedOn !== undefined) {
          await requireUnchangedSince(tx, classId, date, { basedOn, takenAt, supersedes }).catch((error: unknown) => {
            // Refused as stale, the answer shows the roll as it is now: its justified absences' students are recorded
            // too (a device's roster may lack one), and the answer is held back if that record fails (server/access.ts).
            if (error instanceof HttpError && error.current !== undefined) {
              request.auditStudents = [...new Set([...(request.auditStudents ?? []), ...justifiedStudents(error.current as Roll | null)])];
            }
            throw error;
          });
        }
        const enrolled = await rosterIds(tx, classId, date);
        const strangers = entries.filter(({ studentId }) => !enrolled.has(studentId)).map((e) => e.studentId);
        if (strangers.length > 0) throw badRequest(`Students not enrolled in this class on ${date}: ${listed(strangers)}`);
        await withdrawRoll(tx, classId, date);
        const head = await saveRollHead(tx, classId, date, takenBy, takenAt, notHeld);
        const stored = entries.map((entry): EntryRow => ({
          studentId: entry.studentId,
          status: entry.status,
          reason: entry.status === 'JUSTIFIED' ? entry.reason : null,
          note: entry.status === 'JUSTIFIED' ? (entry.note ?? null) : null,
        }));
        await replaceEntries(tx, classId, date, stored);
        await depositRoll(tx, classId, date);
        // The roll as stored: its head as the database wrote it, its marks in the order sent (their positions).
        return { classId, date, ...head, entries: stored.map(toEntry) };
      });
      return roll;
    },
  );

  app.get(
    '/classes/:classId/attendance/:date',
    {
      config: { rule: 'attendance:read', audit: 'student' },
      schema: {
        tags: ['attendance'],
        summary: "A class's saved roll of one day (404 when none was saved)",
        params: rollParams,
        response: { 200: rollSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { classId, date } = request.params;
      await requireClass(db, classId, request.staff);
      const roll = await readRoll(db, classId, date);
      // The access record: the students whose justified absence it says why (a child's health), and no one else.
      request.auditStudents = justifiedStudents(roll);
      if (!roll) throw notFound(`Roll of ${date}`);
      return roll;
    },
  );

  app.get(
    '/classes/:classId/attendance',
    {
      config: { rule: 'attendance:read' },
      schema: {
        tags: ['attendance'],
        summary:
          "Without month: the days with a saved roll, oldest first, with their counts. With month=YYYY-MM: that month's grid (students x dates with a roll, P/A/J, totals per student and per date)",
        params: z.object({ classId: pathIdSchema }),
        querystring: attendanceQuerySchema,
        response: { 200: z.union([z.array(rollDaySchema), attendanceGridSchema]), ...errors(400, 404) },
      },
    },
    async (request) => {
      const { classId } = request.params;
      await requireClass(db, classId, request.staff);
      if (request.query.month !== undefined) return monthGrid(db, classId, request.query.month);
      return rollDays(db, classId);
    },
  );
};

/**
 * Roll calls (extension): one roll per class and day. PUT replaces that day's roll as a whole, so a retried or
 * corrected save never duplicates anything. Entries must name students on the class's roster of that date (400
 * otherwise), each at most once: a student who left the class or was deactivated before that date is refused.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateSchema, rollDaySchema, rollInputSchema, rollSchema, type Roll } from '../../src/api/contract.ts';
import { insertRows } from '../db/bulk-insert.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';
import { rosterIds } from './roster.ts';

const rollParams = z.object({ classId: pathIdSchema, date: isoDateSchema });

async function requireClass(db: Queryable, id: string): Promise<void> {
  const [found] = await db.query('SELECT 1 FROM classes WHERE id = $1', [id]);
  if (!found) throw notFound('Class');
}

async function readRoll(db: Queryable, classId: string, date: string): Promise<Roll | undefined> {
  const [roll] = await db.query<{ takenBy: string; takenAt: string }>(
    `SELECT taken_by AS "takenBy",
            to_char(taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "takenAt"
       FROM attendance_rolls WHERE class_id = $1 AND date = $2`,
    [classId, date],
  );
  if (!roll) return undefined;
  const entries = await db.query<Roll['entries'][number]>(
    `SELECT student_id AS "studentId", status FROM attendance_entries
      WHERE class_id = $1 AND date = $2 ORDER BY position`,
    [classId, date],
  );
  return { classId, date, ...roll, entries };
}

export const attendanceRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.put(
    '/classes/:classId/attendance/:date',
    {
      config: { rule: 'attendance:write' },
      schema: {
        tags: ['attendance'],
        summary: "Save a class's whole roll for one day (replaces any earlier roll of that day)",
        params: rollParams,
        body: rollInputSchema,
        response: { 200: rollSchema, ...errors(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const { classId, date } = request.params;
      const { takenBy, takenAt, entries } = request.body;
      const seen = new Set<string>();
      const repeated = entries.filter(({ studentId }) => seen.has(studentId) || !seen.add(studentId));
      if (repeated.length > 0) {
        throw badRequest(`Each student may appear once in a roll; repeated: ${[...new Set(repeated.map((e) => e.studentId))].join(', ')}`);
      }
      const roll = await db.transaction(async (tx) => {
        await requireClass(tx, classId);
        const enrolled = await rosterIds(tx, classId, date);
        const strangers = entries.filter(({ studentId }) => !enrolled.has(studentId)).map((e) => e.studentId);
        if (strangers.length > 0) throw badRequest(`Students not enrolled in this class on ${date}: ${strangers.join(', ')}`);
        // Upsert first: it locks the day's roll, so two concurrent saves of one day run one after the other.
        await tx.run(
          `INSERT INTO attendance_rolls (class_id, date, taken_by, taken_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (class_id, date) DO UPDATE SET taken_by = EXCLUDED.taken_by, taken_at = EXCLUDED.taken_at`,
          [classId, date, takenBy, takenAt],
        );
        await tx.run('DELETE FROM attendance_entries WHERE class_id = $1 AND date = $2', [classId, date]);
        await insertRows(
          tx,
          'attendance_entries',
          ['class_id', 'date', 'student_id', 'status', 'position'],
          entries.map((entry, position) => [classId, date, entry.studentId, entry.status, position]),
        );
        return readRoll(tx, classId, date);
      });
      return roll as Roll;
    },
  );

  app.get(
    '/classes/:classId/attendance/:date',
    {
      config: { rule: 'attendance:read' },
      schema: {
        tags: ['attendance'],
        summary: "A class's saved roll of one day (404 when none was saved)",
        params: rollParams,
        response: { 200: rollSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { classId, date } = request.params;
      await requireClass(db, classId);
      const roll = await readRoll(db, classId, date);
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
        summary: 'Days with a saved roll, oldest first, with present and absent counts',
        params: z.object({ classId: pathIdSchema }),
        response: { 200: z.array(rollDaySchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      await requireClass(db, request.params.classId);
      return db.query(
        `SELECT r.date,
                count(e.student_id) FILTER (WHERE e.status = 'PRESENT')::int AS present,
                count(e.student_id) FILTER (WHERE e.status = 'ABSENT')::int AS absent
           FROM attendance_rolls r
           LEFT JOIN attendance_entries e ON e.class_id = r.class_id AND e.date = r.date
          WHERE r.class_id = $1
          GROUP BY r.date ORDER BY r.date`,
        [request.params.classId],
      );
    },
  );
};

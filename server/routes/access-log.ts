/** A student's access record (LGPD art. 37): who read their personal data or wrote about them, newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessLogSchema, type AccessLogEntry } from '../../src/api/contract.ts';
import { notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

/** At most this many entries are answered: a screen, not an export. */
const LIMIT = 500;

export const accessLogRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/students/:id/access-log',
    {
      // Reading who saw a child's data is itself a read of it.
      config: { rule: 'access-log:read', audit: 'student' },
      schema: {
        tags: ['students'],
        summary: `A student's access record, newest first (at most ${LIMIT} entries)`,
        params: z.object({ id: pathIdSchema }),
        response: { 200: accessLogSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const [found] = await db.query('SELECT 1 FROM students WHERE id = $1', [request.params.id]);
      if (!found) throw notFound('Student');
      return db.query<AccessLogEntry>(
        `SELECT to_char(l.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, l.user_email AS "userEmail",
                u.full_name AS "userName", l.kind, l.method, l.route, l.status
           FROM access_log l LEFT JOIN users u ON u.id = l.user_id
          WHERE l.student_id = $1
          ORDER BY l.at DESC, l.id DESC
          LIMIT ${LIMIT}`,
        [request.params.id],
      );
    },
  );
};

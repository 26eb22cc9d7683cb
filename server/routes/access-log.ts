/** A student's access record (LGPD art. 37): who read their personal data or wrote about them, newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_LOG_PAGE, accessLogSchema, type AccessLogEntry } from '../../src/api/contract.ts';
import { notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

export const accessLogRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/students/:id/access-log',
    {
      // Reading who saw a child's data is itself a read of it.
      config: { rule: 'access-log:read', audit: 'student' },
      schema: {
        tags: ['students'],
        summary: `A student's access record, newest first, ${ACCESS_LOG_PAGE} entries a page; the next page is ?before= the last entry's id`,
        params: z.object({ id: pathIdSchema }),
        querystring: z.object({
          before: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional(),
        }),
        response: { 200: accessLogSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const [found] = await db.query('SELECT 1 FROM students WHERE id = $1', [request.params.id]);
      if (!found) throw notFound('Student');
      return db.query<AccessLogEntry>(
        `SELECT l.id::text AS id, to_char(l.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, l.user_email AS "userEmail",
                u.full_name AS "userName", l.kind, l.method, l.route, l.status
           FROM access_log l LEFT JOIN users u ON u.id = l.user_id
          WHERE l.student_id = $1
            AND ($2::bigint IS NULL OR (l.at, l.id) < (SELECT o.at, o.id FROM access_log o WHERE o.id = $2::bigint))
          ORDER BY l.at DESC, l.id DESC
          LIMIT ${ACCESS_LOG_PAGE}`,
        [request.params.id, request.query.before ?? null],
      );
    },
  );
};

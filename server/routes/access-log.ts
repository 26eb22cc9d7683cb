/** A student's access record (LGPD art. 37): who read their personal data or wrote about them, newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_LOG_PAGE, accessLogSchema } from '../../src/api/contract.ts';
import { accessLogPage } from '../data/access-record.ts';
import { studentExists } from '../data/students.ts';
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
      if (!(await studentExists(db, request.params.id))) throw notFound('Student');
      return accessLogPage(db, request.params.id, request.query.before ?? null);
    },
  );
};

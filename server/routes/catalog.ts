/** Read-only lists of SPEC §7: activities, classes and the ten filter enumerations (staff users: routes/users.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityListSchema,
  classListSchema,
  enums,
  filterAnswerSchema,
  filterPaths,
  type Activity,
  type ClassGroup,
  type EnumName,
} from '../../src/api/contract.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

export const catalogRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/activities',
    { config: { rule: 'activities:read' }, schema: { tags: ['activities'], summary: 'All activities', response: { 200: activityListSchema } } },
    () => db.query<Activity>('SELECT id, name, teacher, area, frequency FROM activities ORDER BY name, id'),
  );

  app.get(
    '/classes',
    {
      config: { rule: 'classes:read' },
      schema: {
        tags: ['classes'],
        summary: 'All classes, or the classes of one activity',
        querystring: z.object({ activityId: pathIdSchema.optional() }),
        response: { 200: classListSchema, ...errors(400) },
      },
    },
    (request) =>
      db.query<ClassGroup>(
        `SELECT id, title, week_day AS "weekDay", schedule, level, activity_id AS "activityId"
           FROM classes WHERE $1::text IS NULL OR activity_id = $1 ORDER BY title, id`,
        [request.query.activityId ?? null],
      ),
  );

  for (const [name, path] of Object.entries(filterPaths) as [EnumName, string][]) {
    app.get(
      `/${path}`,
      {
        config: { rule: 'filters:read' },
        schema: {
          tags: ['filters'],
          summary: `Codes of the ${name} enumeration`,
          response: { 200: filterAnswerSchema },
        },
      },
      async () => [...enums[name]],
    );
  }
};

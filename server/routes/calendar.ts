/**
 * The programme calendar (issue 50): GET /calendar?year=YYYY (everyone signed in: the roll call shows a day off),
 * PUT and DELETE /calendar/{date} (coordinators and admins, `calendar:write`). No child's data here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDayInputSchema, calendarDaySchema, calendarQuerySchema, calendarSchema } from '../../src/api/calendar-contract.ts';
import { isoDateSchema } from '../../src/api/contract.ts';
import { calendarOfYear, removeCalendarDay, setCalendarDay } from '../data/calendar.ts';
import { OPEN_MODE_STAFF } from '../access.ts';
import { notFound } from '../errors.ts';
import { errors, type ApiContext } from './context.ts';

const dayParams = z.object({ date: isoDateSchema });

export const calendarRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/calendar',
    {
      config: { rule: 'calendar:read' },
      schema: {
        tags: ['attendance'],
        summary: "The programme's days off of a year (holidays and recess days), in date order: no roll day for anyone",
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema, ...errors(400) },
      },
    },
    async (request) => calendarOfYear(db, Number(request.query.year)),
  );

  app.put(
    '/calendar/:date',
    {
      config: { rule: 'calendar:write' },
      schema: {
        tags: ['attendance'],
        summary: 'Set a day off (HOLIDAY or RECESS, with its name): no roll day for anyone; rolls saved on it no longer count',
        params: dayParams,
        body: calendarDayInputSchema,
        response: { 200: calendarDaySchema, ...errors(400, 415) },
      },
    },
    async (request) => {
      const by = request.staff?.email ?? OPEN_MODE_STAFF.email;
      return db.transaction((tx) => setCalendarDay(tx, request.params.date, request.body, by));
    },
  );

  app.delete(
    '/calendar/:date',
    {
      config: { rule: 'calendar:write' },
      schema: {
        tags: ['attendance'],
        summary: 'A day off becomes a day of classes again (404 when it was none)',
        params: dayParams,
        response: { 204: z.null(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const removed = await db.transaction((tx) => removeCalendarDay(tx, request.params.date));
      if (!removed) throw notFound(`Day off ${request.params.date}`);
      return reply.code(204).send(null);
    },
  );
};

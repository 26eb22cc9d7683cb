/**
 * The monthly reports of /relatorios (issue 17): per class and per activity, the month's marks, rolls and frequency
 * (data/reports.ts frequencyReport, with the one frequency rule); and the arrivals per day (issue 52: by the general
 * roll's rule, data/general-roll.ts arrivalsPerDay). Counts only: no child is named, so no access-record row.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceQuerySchema, frequencyReportSchema } from '../../src/api/contract.ts';
import { arrivalsReportSchema, generalMonthQuerySchema } from '../../src/api/general-roll-contract.ts';
import { arrivalsPerDay } from '../data/general-roll.ts';
import { frequencyReport } from '../data/reports.ts';
import { today } from '../data/rules/roster.ts';
import { errors, type ApiContext } from './context.ts';

export const frequencyReportRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/reports/frequency',
    {
      config: { rule: 'reports:read' },
      schema: {
        tags: ['attendance'],
        summary:
          "A month's frequency (month=YYYY-MM, default the current month) per activity and per class with a roll that month: present, absent, justified, rolls, roll days and present / (roll days - justified)",
        querystring: attendanceQuerySchema,
        response: { 200: frequencyReportSchema, ...errors(400) },
      },
    },
    async (request) => frequencyReport(db, request.query.month ?? today().slice(0, 7)),
  );

  app.get(
    '/reports/arrivals',
    {
      config: { rule: 'reports:read' },
      schema: {
        tags: ['attendance'],
        summary:
          "A month's arrivals per day (month=YYYY-MM, default the current month): each day with a general roll or a child present in a class roll, the children who arrived (marked at the general roll or present in a class roll) and of them those marked at the general roll",
        querystring: generalMonthQuerySchema,
        response: { 200: arrivalsReportSchema, ...errors(400) },
      },
    },
    async (request) => {
      const month = request.query.month ?? today().slice(0, 7);
      return { month, days: await arrivalsPerDay(db, month) };
    },
  );
};

/**
 * The monthly frequency report (issue 17, /relatorios): per class and per activity, the month's marks, rolls and
 * frequency (data/reports.ts frequencyReport, with the one frequency rule).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceQuerySchema, frequencyReportSchema } from '../../src/api/contract.ts';
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
};

/**
 * The period report for funders (issue 53): GET /reports/beneficiaries?from=&to=[&activityId=...]. The figures and the
 * nominal list (data/beneficiaries.ts); the list names children, so the read is in the access record, one row per child
 * named, written in one statement (server/access.ts, `audit: 'student'` with the children in `auditStudents`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beneficiariesQuerySchema, beneficiariesReportSchema, type AgeBand } from '../../src/api/beneficiaries-contract.ts';
import { activityCalendar } from '../data/activity-calendar.ts';
import { beneficiariesFigures, beneficiariesReport } from '../data/beneficiaries.ts';
import { badRequest } from '../errors.ts';
import { errors, type ApiContext } from './context.ts';

export const beneficiariesRoutes: FastifyPluginAsyncZod<ApiContext & { ageBands: readonly AgeBand[] }> = async (app, { db, ageBands }) => {
  app.get(
    '/reports/beneficiaries',
    {
      config: { rule: 'reports:read', audit: 'student' },
      schema: {
        tags: ['attendance'],
        summary:
          'Beneficiaries served from `from` to `to` (inclusive): children on the roster of a class (of the activities given, or any) on at least one day of the period and active then; of them, those with at least one presence; broken down by age band at the period start (REPORT_AGE_BANDS), gender, race, neighbourhood, school year, social programme and special needs; and the nominal list with each child’s frequency over the period; attendance per activity and class over the period, each month beside it; the activity calendar (per class and month: days held, not held and why, days off)',
        description:
          'Repeat activityId for several activities. The nominal list is a read of each child named: one access record row per child. ' +
          'list=none: the figures alone, without the nominal list (`students` absent), naming no child.',
        querystring: beneficiariesQuerySchema,
        response: { 200: beneficiariesReportSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { from, to, activityId, list } = request.query;
      if (from > to) throw badRequest(`The period ends (${to}) before it starts (${from})`);
      const activityIds = activityId === undefined ? [] : [...new Set([activityId].flat())];
      const query = { from, to, activityIds };
      const calendarOf = () => activityCalendar(db, from, to, activityIds.length ? activityIds : null);
      // the figures alone name no child: one access record row, with no child in it
      if (list === 'none') return { ...(await beneficiariesFigures(db, query, ageBands)), calendar: await calendarOf() };
      const report = await beneficiariesReport(db, query, ageBands);
      request.auditStudents = report.students.map((student) => student.id);
      return { ...report, calendar: await calendarOf() };
    },
  );
};

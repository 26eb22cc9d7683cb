/**
 * Attendance a coordinator can read (issue 17): the alerts about children dropping out, classes without a roll and
 * rolls to complete (data/reports.ts; a class's month grid is GET /classes/{id}/attendance?month=, routes/attendance.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceAlertsQuerySchema, attendanceAlertsSchema, BELOW_THRESHOLD_MIN_ROLL_DAYS, ROLL_TO_COMPLETE_DAYS } from '../../src/api/contract.ts';
import { alertNoter } from '../data/cases.ts';
import { attendanceAlerts, STREAK_MIN } from '../data/reports.ts';
import { today } from '../data/rules/roster.ts';
import { errors, type ApiContext } from './context.ts';

/** The default of ATTENDANCE_MIN_PERCENT: Bolsa Família's lowest school attendance. */
export const DEFAULT_ATTENDANCE_MIN_PERCENT = 75;

export const attendanceReportRoutes: FastifyPluginAsyncZod<ApiContext & { minPercent: number }> = async (app, { db, minPercent }) => {
  // The children seen on an alert, for the follow-up report (issue 50): alerted, then followed or not. Only those new
  // to this server's month are written (a read of the alerts writes nothing when no child is newly alerted).
  const noteAlerted = alertNoter(db);
  app.get(
    '/attendance/alerts',
    {
      config: { rule: 'reports:read' },
      schema: {
        tags: ['attendance'],
        summary: `Students below ATTENDANCE_MIN_PERCENT this month (${BELOW_THRESHOLD_MIN_ROLL_DAYS}+ marked roll days), ${STREAK_MIN}+ absences in a row in a class, classes whose weekday came in the last 7 days with no roll`,
        description: `With limit=N, each list is its first N and \`totals\` says how long each is in full (home shows a few). rollsToComplete: rolls of the last ${ROLL_TO_COMPLETE_DAYS} days that leave children of their roster not marked.`,
        querystring: attendanceAlertsQuerySchema,
        response: { 200: attendanceAlertsSchema, ...errors(400) },
      },
    },
    async (request) => {
      const day = today();
      const alerts = await attendanceAlerts(db, day, minPercent);
      await noteAlerted(
        day,
        alerts.belowThreshold.map((row) => row.studentId),
        alerts.absenceStreaks.map((row) => row.studentId),
      );
      if (request.query.limit === undefined) return alerts;
      const limit = Number(request.query.limit);
      const { belowThreshold, absenceStreaks, missingRolls, rollsToComplete = [] } = alerts;
      return {
        ...alerts,
        belowThreshold: belowThreshold.slice(0, limit),
        absenceStreaks: absenceStreaks.slice(0, limit),
        missingRolls: missingRolls.slice(0, limit),
        rollsToComplete: rollsToComplete.slice(0, limit),
        totals: {
          belowThreshold: belowThreshold.length,
          absenceStreaks: absenceStreaks.length,
          missingRolls: missingRolls.length,
          rollsToComplete: rollsToComplete.length,
        },
      };
    },
  );
};

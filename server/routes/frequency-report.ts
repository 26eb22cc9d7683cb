/**
 * The monthly frequency report (issue 17, /relatorios): per class and per activity, the month's marks, rolls and
 * frequency, in SQL with the one frequency rule (server/routes/frequency.ts): the students' month counts (kept by
 * attendance-counts.ts), summed per class (and per activity), then frequencySql over the sums, so a class's
 * figure weighs each student's roll day once, like the students' own figures.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceQuerySchema, frequencyReportSchema, type FrequencyReport } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { errors, type ApiContext } from './context.ts';
import { frequencySql, inMonth } from '../data/rules/frequency.ts';
import { today } from '../data/rules/roster.ts';

/**
 * Per class with at least one roll in the month (archived or not: the month happened): its rolls, and its students'
 * summed roll days and marks (`days` as attendanceCountsSql names it, for frequencySql).
 */
const perClassSql = `
  rolls AS (
    SELECT r.class_id, count(*)::int AS rolls FROM attendance_rolls r WHERE ${inMonth('r', '$1::date')} GROUP BY r.class_id
  ), counts AS (
    -- the month's counts as the writes keep them (attendance-counts.ts)
    SELECT class_id, days, present, absent, justified FROM attendance_month_counts WHERE month = $1::date
  ), per_class AS (
    SELECT r.class_id, r.rolls, coalesce(sum(c.days), 0)::int AS days, coalesce(sum(c.present), 0)::int AS present,
           coalesce(sum(c.absent), 0)::int AS absent, coalesce(sum(c.justified), 0)::int AS justified
      FROM rolls r LEFT JOIN counts c ON c.class_id = r.class_id
     GROUP BY r.class_id, r.rolls
  )`;

/** The frequency report of `month` (YYYY-MM). */
export async function frequencyReport(db: Queryable, month: string): Promise<FrequencyReport> {
  const params = [`${month}-01`];
  const classes = await db.query<FrequencyReport['classes'][number]>(
    `WITH ${perClassSql}
     SELECT cl.id AS "classId", cl.title AS "className", a.id AS "activityId", a.name AS "activityName",
            p.present, p.absent, p.justified, p.rolls, p.days AS "rollDays", ${frequencySql('p')} AS "frequencyPercent"
       FROM per_class p
       JOIN classes cl ON cl.id = p.class_id
       JOIN activities a ON a.id = cl.activity_id
      ORDER BY a.name, a.id, cl.title, cl.id`,
    params,
  );
  const activities = await db.query<FrequencyReport['activities'][number]>(
    `WITH ${perClassSql}, per_activity AS (
       SELECT cl.activity_id, sum(p.rolls)::int AS rolls, sum(p.days)::int AS days, sum(p.present)::int AS present,
              sum(p.absent)::int AS absent, sum(p.justified)::int AS justified
         FROM per_class p JOIN classes cl ON cl.id = p.class_id
        GROUP BY cl.activity_id
     )
     SELECT a.id AS "activityId", a.name AS "activityName",
            p.present, p.absent, p.justified, p.rolls, p.days AS "rollDays", ${frequencySql('p')} AS "frequencyPercent"
       FROM per_activity p JOIN activities a ON a.id = p.activity_id
      ORDER BY a.name, a.id`,
    params,
  );
  return { month, activities, classes };
}

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

/**
 * The funder's pack (issue 53): GET /reports/funder-pack?from=&to=[&activityId=...][&cpf=full], one ZIP made for the
 * request and streamed as it is made, never kept on the server (funder-pack/pack-zip.ts). Its figures are the period
 * report's (data/beneficiaries.ts with period-attendance.ts, activity-calendar.ts) and the month grid's rules
 * (data/funder-pack.ts), read in one transaction: one moment of the data. It names children, so every child named is in
 * the access record, one row each in one statement (server/access.ts, `auditStudents`), with whether the CPF went in full.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AgeBand } from '../../src/api/beneficiaries-contract.ts';
import { funderPackFileName, funderPackQuerySchema } from '../../src/api/funder-pack-contract.ts';
import { activityCalendar } from '../data/activity-calendar.ts';
import { beneficiariesReport } from '../data/beneficiaries.ts';
import { classMonthLists, listOf, packHeader, packPeople, withoutImageConsent } from '../data/funder-pack.ts';
import { badRequest } from '../errors.ts';
import { packFiles } from '../funder-pack/pack-files.ts';
import { packStream } from '../funder-pack/pack-zip.ts';
import { errors, type ApiContext } from './context.ts';

/** `to` comes before the day one year after `from` (setUTCFullYear: Date.UTC reads years 0-99 as 19xx). */
function withinAYear(from: string, to: string): boolean {
  const later = new Date(Date.parse(from));
  later.setUTCFullYear(later.getUTCFullYear() + 1);
  return Date.parse(to) < later.getTime();
}

export const funderPackRoutes: FastifyPluginAsyncZod<ApiContext & { ageBands: readonly AgeBand[] }> = async (app, { db, ageBands }) => {
  app.get(
    '/reports/funder-pack',
    {
      config: { rule: 'reports:read', audit: 'student' },
      schema: {
        tags: ['attendance'],
        summary:
          "The funder's pack for `from` to `to` (inclusive, at most a year): one ZIP with the nominal list (beneficiarios.xlsx and .csv), " +
          'an attendance list per class and month (frequencia/<activity>/<class>-<YYYY-MM>.pdf), the period’s figures (resumo.pdf) and the ' +
          'children without image-use consent (sem-autorizacao-de-imagem.csv)',
        description:
          'Repeat activityId for several activities. The CPF is masked (***.456.789-**) unless cpf=full. Made for the request and never kept; ' +
          'every child named is in the access record (one row each).',
        querystring: funderPackQuerySchema,
        response: { 200: z.any(), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { from, to, activityId, cpf } = request.query;
      if (from > to) throw badRequest(`The period ends (${to}) before it starts (${from})`);
      if (!withinAYear(from, to)) throw badRequest('A pack covers at most a year: ask for a period that ends before the same day a year later');
      const activityIds = activityId === undefined ? [] : [...new Set([activityId].flat())];
      const chosen = activityIds.length ? activityIds : null;
      const data = await db.transaction(async (tx) => {
        const report = await beneficiariesReport(tx, { from, to, activityIds }, ageBands);
        const lists = await classMonthLists(tx, from, to, chosen);
        const named = new Set(report.students.map((s) => s.id));
        for (const list of lists) for (const line of listOf(list).lines) named.add(line.id);
        return {
          report,
          calendar: await activityCalendar(tx, from, to, chosen),
          lists,
          named: [...named],
          people: await packPeople(
            tx,
            report.students.map((s) => s.id),
          ),
          withoutConsent: await withoutImageConsent(
            tx,
            report.students.map((s) => s.id),
          ),
          header: await packHeader(tx),
        };
      });
      request.auditStudents = data.named;
      if (cpf === 'full') request.auditDetail = { cpfInFull: true };
      const madeOn = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${funderPackFileName(from, to)}"`)
        .send(packStream(packFiles({ ...data, fullCpf: cpf === 'full', madeOn })));
    },
  );
};

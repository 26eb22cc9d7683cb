/**
 * Retention and anonymisation (issue 51, LGPD arts. 16 and 18): GET /retention lists the students deactivated
 * RETENTION_YEARS or more ago and not yet anonymised; POST /students/{id}/anonymise removes one's personal data for
 * good (server/data/retention.ts says what goes and what stays). Admins only (students:anonymise). "Anonymise all" is
 * the app calling the one route for each listed student: each child is then one transaction and one entry in the access
 * record, a lost connection leaves each either done or untouched, and there is no second, wider route to guard.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anonymisedSchema, retentionListSchema } from '../../src/api/retention-contract.ts';
import { anonymiseStudent, lockForAnonymisation, studentsDue } from '../data/retention.ts';
import { HttpError, notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

/** The latest deactivation date that is `years` or more before `now`'s UTC day (29 February counts from the 28th). */
export function deactivatedBefore(now: Date, years: number): string {
  const today = now.toISOString().slice(0, 10);
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}-${monthDay}`;
}

/** The code that replaces a name: no part of the name or of the id, only that the record was anonymised. */
const anonymousCode = (): string => `ANON-${randomBytes(4).toString('hex').toUpperCase()}`;

export const retentionRoutes: FastifyPluginAsyncZod<ApiContext & { retentionYears: number }> = async (app, { db, now, retentionYears }) => {
  app.get(
    '/retention',
    {
      config: { rule: 'students:anonymise' },
      schema: {
        tags: ['retention'],
        summary: `The students listed for anonymisation: deactivated RETENTION_YEARS (${retentionYears}) or more years ago, oldest first`,
        response: { 200: retentionListSchema },
      },
    },
    async () => {
      const before = deactivatedBefore(now(), retentionYears);
      return { retentionYears, deactivatedBefore: before, students: await studentsDue(db, before) };
    },
  );

  app.post(
    '/students/:id/anonymise',
    {
      config: { rule: 'students:anonymise' },
      schema: {
        tags: ['retention'],
        summary: 'Anonymise a listed student: their personal data is removed for good; their marks and counts stay under a code',
        description:
          'The name becomes a code; CPF, birth day and month, street address, school, guardians, documents, consents, anamnese ' +
          'answers and the text of notes and reasons are removed; enrolments, marks and counts stay. Cannot be undone. ' +
          'A student not listed by GET /retention answers 409 `not-due`; one already anonymised answers 200 with its code.',
        params: z.object({ id: pathIdSchema }),
        response: { 200: anonymisedSchema, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const found = await lockForAnonymisation(tx, id, deactivatedBefore(now(), retentionYears));
        if (found.state === 'none') throw notFound('Student');
        if (found.state === 'anonymised') return { id, code: found.code, anonymisedAt: found.anonymisedAt };
        if (found.state === 'not-due') {
          throw new HttpError(
            409,
            `This student is not listed for anonymisation: deactivated less than ${retentionYears} years ago, or active`,
            'not-due',
          );
        }
        const code = anonymousCode();
        return { id, code, anonymisedAt: await anonymiseStudent(tx, id, code) };
      });
    },
  );
};

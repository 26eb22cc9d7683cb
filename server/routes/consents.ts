/**
 * Consents per child and purpose (issue 51): a student's history (append-only) and its current state, the programme's
 * versioned term texts, and whom to ask again after a new version. SQL in server/data/consents.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentHistorySchema,
  consentInputSchema,
  consentTermInputSchema,
  consentTermListSchema,
  consentTermSchema,
  consentToRenewListSchema,
} from '../../src/api/consents-contract.ts';
import { addConsentTerm, consentHistory, consentsToRenew, consentTerms, recordConsent } from '../data/consents.ts';
import { studentExists } from '../data/students.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const refusals = {
  guardian: () => badRequest("The guardian is not one of this student's guardians"),
  document: () => badRequest("The document is not one of this student's documents"),
  term: () => badRequest('There is no such version of this purpose’s term'),
  'id-taken': () => new HttpError(409, 'This consent id belongs to another student'),
} as const;

export const consentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  const params = z.object({ id: pathIdSchema });

  app.get(
    '/students/:id/consents',
    {
      config: { rule: 'consents:read', audit: 'student' },
      schema: {
        tags: ['consents'],
        summary: "A student's consents: every entry (oldest first), the current state per purpose, the purposes to renew",
        params,
        response: { 200: consentHistorySchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      if (!(await studentExists(db, request.params.id))) throw notFound('Student');
      return consentHistory(db, request.params.id);
    },
  );

  app.post(
    '/students/:id/consents',
    {
      config: { rule: 'consents:write' },
      schema: {
        tags: ['consents'],
        summary: 'Add an entry to a student’s consents: given or refused (a withdrawal refuses) by one of their guardians',
        description:
          'Answers 201 with the history, or 200 when an entry with this client `id` was already added (a resend adds ' +
          'nothing). Without `termVersion`, the latest version of the purpose’s term. The history is never changed.',
        params,
        body: consentInputSchema,
        response: { 200: consentHistorySchema, 201: consentHistorySchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id: studentId } = request.params;
      const created = await db.transaction(async (tx) => {
        if (!(await studentExists(tx, studentId))) throw notFound('Student');
        const result = await recordConsent(tx, studentId, request.body.id ?? randomUUID(), request.body, request.staff!.id);
        if (!result.ok) throw refusals[result.reason]();
        return result.created;
      });
      return reply.code(created ? 201 : 200).send(await consentHistory(db, studentId));
    },
  );

  app.get(
    '/consent-terms',
    {
      config: { rule: 'consents:read' },
      schema: {
        tags: ['consents'],
        summary: 'Every version of each purpose’s term text (the latest of a purpose is its highest version)',
        response: { 200: consentTermListSchema },
      },
    },
    () => consentTerms(db),
  );

  app.post(
    '/consent-terms',
    {
      config: { rule: 'consent-terms:write' },
      schema: {
        tags: ['consents'],
        summary: 'A new version of a purpose’s term text; consents given on earlier versions are then to renew',
        description: 'Answers 201 with the version; the same client `id` sent again answers 200 with it.',
        body: consentTermInputSchema,
        response: { 200: consentTermSchema, 201: consentTermSchema, ...errors(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id, purpose, text } = request.body;
      const { term, created } = await db.transaction((tx) => addConsentTerm(tx, id ?? randomUUID(), purpose, text, request.staff!.id));
      return reply.code(created ? 201 : 200).send(term);
    },
  );

  app.get(
    '/consents/to-renew',
    {
      config: { rule: 'consents:read' },
      schema: {
        tags: ['consents'],
        summary: 'Whom to ask: active students whose consent was given on an earlier version of its purpose’s term',
        response: { 200: consentToRenewListSchema },
      },
    },
    () => consentsToRenew(db),
  );
};

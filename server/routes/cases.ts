/**
 * Follow-up cases ("busca ativa", issue 50): open a case from an alert or the profile, add its steps, say a contact's
 * outcome later, close it with an outcome; the list, one case, a child's cases. Read and written only by the roles of
 * cases:read / cases:write (causes and notes can be a child's health, violence or pregnancy); every read and write is in
 * the child's access record, a list's naming every child in it. Creates take a client id: a resend changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  caseCloseSchema,
  caseInputSchema,
  caseListQuerySchema,
  caseListSchema,
  caseSchema,
  caseStepInputSchema,
  caseStepOutcomeSchema,
  followUpReportSchema,
  studentCasesSchema,
  type FollowUpCase,
} from '../../src/api/cases-contract.ts';
import { attendanceQuerySchema } from '../../src/api/contract.ts';
import { followUpReport } from '../data/cases-report.ts';
import {
  casesOfStudent,
  closeCase,
  dayOf,
  insertCase,
  insertStep,
  listCases,
  lockCase,
  lockStudentForCase,
  openCaseIdOf,
  readCase,
  readStepState,
  setStepOutcome,
  type CaseAuthor,
} from '../data/cases.ts';
import { studentExists } from '../data/students.ts';
import type { Queryable } from '../db/types.ts';
import { OPEN_MODE_STAFF } from '../access.ts';
import { badRequest, HttpError, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const caseParams = z.object({ id: pathIdSchema });
const stepParams = z.object({ id: pathIdSchema, stepId: pathIdSchema });
/** A step may be dated up to a day ahead (a device's clock), never later. */
const STEP_AHEAD_MS = 86_400_000;

const authorOf = (request: FastifyRequest): CaseAuthor => {
  const staff = request.staff ?? OPEN_MODE_STAFF;
  return { name: staff.full_name, id: staff.id };
};

export const caseRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, now }) => {
  const today = () => dayOf(now());
  const current = async (tx: Queryable, id: string): Promise<FollowUpCase> => (await readCase(tx, id, today()))!;

  app.get(
    '/cases',
    {
      config: { rule: 'cases:read', audit: 'student' },
      schema: {
        tags: ['cases'],
        summary: 'Follow-up cases (open by default): the child, their classes, who opened it, days open, next step, late',
        description: "A read of every listed child's case: one access-record entry per child, written in one statement.",
        querystring: caseListQuerySchema,
        response: { 200: caseListSchema, ...errors(400) },
      },
    },
    async (request) => {
      const cases = await listCases(db, request.query.status ?? 'open', today());
      request.auditStudents = [...new Set(cases.map((row) => row.studentId))];
      return cases;
    },
  );

  app.get(
    '/reports/follow-up',
    {
      config: { rule: 'cases:read' },
      schema: {
        tags: ['cases'],
        summary:
          "A month's follow-up (month=YYYY-MM, default the current month): cases opened and closed, outcomes, causes heard, median days from alert to first contact, share of alerted children with a case within 7 days, frequency 30 days before and after a RETURNED close",
        description: 'Counts only: no child is named.',
        querystring: attendanceQuerySchema,
        response: { 200: followUpReportSchema, ...errors(400) },
      },
    },
    async (request) => followUpReport(db, request.query.month ?? today().slice(0, 7), today()),
  );

  app.get(
    '/cases/:id',
    {
      config: { rule: 'cases:read', audit: 'student' },
      schema: {
        tags: ['cases'],
        summary: 'A follow-up case with its steps (and, 30 days after a RETURNED close, the child’s frequency since)',
        params: caseParams,
        response: { 200: caseSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const found = await readCase(db, request.params.id, today());
      if (!found) throw notFound('Case');
      request.auditStudents = [found.studentId];
      return found;
    },
  );

  app.get(
    '/students/:id/cases',
    {
      config: { rule: 'cases:read', audit: 'student' },
      schema: {
        tags: ['cases'],
        summary: "A child's follow-up cases with their steps: the open one first, then the closed ones, newest first",
        params: caseParams,
        response: { 200: studentCasesSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      if (!(await studentExists(db, request.params.id))) throw notFound('Student');
      return casesOfStudent(db, request.params.id, today());
    },
  );

  app.post(
    '/cases',
    {
      config: { rule: 'cases:write' },
      schema: {
        tags: ['cases'],
        summary: 'Open a follow-up case for a child (from an alert, or by hand)',
        description:
          'Answers 201 with the case. One open case per child: another answers 409 (code case-open) with the open one in ' +
          '`current`. With a client-generated `id`, sending it again answers 200 with the case; an id of another ' +
          "child's case answers 409.",
        body: caseInputSchema,
        response: { 200: caseSchema, 201: caseSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const id = input.id ?? randomUUID();
      request.auditStudents = [input.studentId];
      const { created, found } = await db.transaction(async (tx) => {
        if (!(await lockStudentForCase(tx, input.studentId))) throw notFound('Student');
        const existing = await lockCase(tx, id);
        if (existing) {
          if (existing.studentId !== input.studentId) throw new HttpError(409, "This case id is already used for another child's case");
          return { created: false, found: await current(tx, id) };
        }
        const openId = await openCaseIdOf(tx, input.studentId);
        if (openId) throw new HttpError(409, 'This child already has an open follow-up case', 'case-open', await current(tx, openId));
        await insertCase(tx, id, input, today(), authorOf(request));
        return { created: true, found: await current(tx, id) };
      });
      return reply.code(created ? 201 : 200).send(found);
    },
  );

  app.post(
    '/cases/:id/steps',
    {
      config: { rule: 'cases:write' },
      schema: {
        tags: ['cases'],
        summary: 'Add a step to an open case: a contact, a home visit, a referral or the causes heard',
        description:
          'Answers 201 with the case (its next step moved: the one given, else 7 days after the step). With a ' +
          'client-generated `id`, sending it again answers 200 with the case. A closed case answers 409 (code ' +
          'case-closed) with it in `current`.',
        params: caseParams,
        body: caseStepInputSchema,
        response: { 200: caseSchema, 201: caseSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (Date.parse(input.at) > now().getTime() + STEP_AHEAD_MS) throw badRequest('A step cannot be dated later than tomorrow');
      const stepId = input.id ?? randomUUID();
      const { created, found } = await db.transaction(async (tx) => {
        const state = await lockCase(tx, request.params.id);
        if (!state) throw notFound('Case');
        request.auditStudents = [state.studentId];
        const step = await readStepState(tx, stepId);
        if (step) {
          if (step.caseId !== state.id) throw new HttpError(409, "This step id is already used for another case's step");
          return { created: false, found: await current(tx, state.id) };
        }
        if (state.closed)
          throw new HttpError(409, 'This case is closed: open a new one to follow the child again', 'case-closed', await current(tx, state.id));
        await insertStep(tx, state.id, stepId, input, authorOf(request));
        return { created: true, found: await current(tx, state.id) };
      });
      return reply.code(created ? 201 : 200).send(found);
    },
  );

  app.put(
    '/cases/:id/steps/:stepId/outcome',
    {
      config: { rule: 'cases:write' },
      schema: {
        tags: ['cases'],
        summary: "Say a contact's outcome (a contact recorded as a phone or WhatsApp link was followed)",
        description:
          'Answers the case. The same outcome again answers 200 (a resend); another outcome than the one said answers ' +
          '409 (code outcome-said) with the case in `current`. A case closed since still takes it.',
        params: stepParams,
        body: caseStepOutcomeSchema,
        response: { 200: caseSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { outcome } = request.body;
      return db.transaction(async (tx) => {
        const state = await lockCase(tx, request.params.id);
        if (!state) throw notFound('Case');
        request.auditStudents = [state.studentId];
        const step = await readStepState(tx, request.params.stepId);
        if (!step || step.caseId !== state.id) throw notFound('Step');
        if (step.kind !== 'CONTACT') throw badRequest('Only a contact has an outcome');
        if (step.outcome === outcome) return current(tx, state.id);
        if (step.outcome) throw new HttpError(409, "This contact's outcome was already said", 'outcome-said', await current(tx, state.id));
        await setStepOutcome(tx, state.id, request.params.stepId, outcome);
        return current(tx, state.id);
      });
    },
  );

  app.post(
    '/cases/:id/close',
    {
      config: { rule: 'cases:write' },
      schema: {
        tags: ['cases'],
        summary: 'Close a case with its outcome (with the version it was decided on)',
        description:
          'Answers the case. A case changed since that version answers 409 (stale-version) with it in `current`; ' +
          'closing it again with the same outcome answers 200 (a resend); with another, 409 (code case-closed).',
        params: caseParams,
        body: caseCloseSchema,
        response: { 200: caseSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const input = request.body;
      return db.transaction(async (tx) => {
        const state = await lockCase(tx, request.params.id);
        if (!state) throw notFound('Case');
        request.auditStudents = [state.studentId];
        if (state.closed) {
          if (state.outcome === input.outcome) return current(tx, state.id);
          throw new HttpError(409, 'This case was already closed with another outcome', 'case-closed', await current(tx, state.id));
        }
        if (input.version !== state.version) throw staleVersion('case', await current(tx, state.id));
        await closeCase(tx, state.id, input, today(), authorOf(request));
        return current(tx, state.id);
      });
    },
  );
};

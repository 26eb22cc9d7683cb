/**
 * Assessment forms (anamnese) and a child's answers (src/api/assessment-contract.ts). The route's permission lets a
 * role in; formRights (src/api/permissions.ts) says which form: the psychological one is the psychologist's and the
 * psychology intern's, the social one the social worker's and the social-work intern's, coordinator and admin read
 * both. Reads of a child's answers are in the access record (audit), as every write is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assessmentFormInputSchema,
  assessmentFormListSchema,
  assessmentFormSchema,
  assessmentFormTypes,
  assessmentInputSchema,
  assessmentListSchema,
  assessmentReviewSchema,
  assessmentSchema,
  missingRequired,
  type AssessmentFormType,
} from '../../src/api/assessment-contract.ts';
import { formRights } from '../../src/api/permissions.ts';
import type { Staff } from '../access.ts';
import {
  formVersion,
  insertFormVersion,
  listForms,
  lockAssessment,
  lockLatestForm,
  markReviewed,
  saveAssessment,
  studentAssessments,
  studentExists,
} from '../data/assessments.ts';
import { HttpError, listed, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const formParams = z.object({ formType: z.enum(assessmentFormTypes) });
const answerParams = z.object({ id: pathIdSchema, formType: z.enum(assessmentFormTypes) });

/** JSON with its keys sorted: jsonb keeps keys in its own order, so the same answers may come back reordered. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

function requireForm(staff: Staff, formType: AssessmentFormType, right: 'write' | 'review'): void {
  if (!formRights(staff.access, formType)[right]) {
    throw new HttpError(403, `The ${staff.access} access does not allow this on the ${formType} form`, 'forbidden');
  }
}

export const assessmentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/assessment-forms',
    {
      config: { rule: 'assessments:read' },
      schema: {
        tags: ['assessments'],
        summary: 'The assessment forms (anamnese): every version of each, the latest last',
        response: { 200: assessmentFormListSchema },
      },
    },
    () => listForms(db),
  );

  app.put(
    '/assessment-forms/:formType',
    {
      config: { rule: 'assessment-forms:write' },
      schema: {
        tags: ['assessments'],
        summary: "Edit a form's questions (admins): a new version",
        description:
          'Answers 201 with the new version; answers already written keep theirs. `basedOn` is the version the edit ' +
          'started from: a newer one answers 409 (stale-version) with it in `current`, unless it is the version this ' +
          'same edit made (a resend: 201 with it).',
        params: formParams,
        body: assessmentFormInputSchema,
        response: { 201: assessmentFormSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { formType } = request.params;
      const form = await db.transaction(async (tx) => {
        const latest = await lockLatestForm(tx, formType);
        const version = latest?.version ?? 0;
        if (request.body.basedOn !== version) {
          // The same questions sent again on the version before (an answer lost on the way): that version is theirs.
          if (latest && request.body.basedOn === version - 1 && canonical(latest.questions) === canonical(request.body.questions)) return latest;
          throw staleVersion('form', latest);
        }
        return insertFormVersion(tx, formType, version + 1, request.body.questions, request.staff!.full_name);
      });
      return reply.code(201).send(form);
    },
  );

  app.get(
    '/students/:id/assessments',
    {
      config: { rule: 'assessments:read', audit: 'student' },
      schema: {
        tags: ['assessments'],
        summary: "A child's answers to the assessment forms the signed-in role reads",
        params: z.object({ id: pathIdSchema }),
        response: { 200: assessmentListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      if (!(await studentExists(db, request.params.id))) throw notFound('Student');
      const readable = assessmentFormTypes.filter((formType) => formRights(request.staff!.access, formType).read);
      return studentAssessments(db, request.params.id, readable);
    },
  );

  app.put(
    '/students/:id/assessments/:formType',
    {
      config: { rule: 'assessments:write' },
      schema: {
        tags: ['assessments'],
        summary: "Save a child's answers to a form (its psychologist, social worker or intern)",
        description:
          'Every required question of the form version `formVersion` answered, or 400. `basedOn`: the version of the ' +
          'answers the writer started from (0: none yet); answers saved since by someone else answer 409 ' +
          "(stale-version) with them in `current`. An intern's answers are theirs, not reviewed, until reviewed.",
        params: answerParams,
        body: assessmentInputSchema,
        response: { 200: assessmentSchema, ...errors(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id, formType } = request.params;
      const staff = request.staff!;
      requireForm(staff, formType, 'write');
      const { formVersion: version, answers, basedOn } = request.body;
      return db.transaction(async (tx) => {
        if (!(await studentExists(tx, id))) throw notFound('Student');
        const form = await formVersion(tx, formType, version);
        if (!form) throw new HttpError(400, `The ${formType} form has no version ${version}`);
        const known = new Set(form.questions.map((question) => question.id));
        if (Object.keys(answers).some((key) => !known.has(key))) throw new HttpError(400, 'An answer names no question of this form version');
        const missing = missingRequired(form.questions, answers);
        if (missing.length > 0) throw new HttpError(400, `Required questions not answered: ${listed(missing)}`);
        const current = await lockAssessment(tx, id, formType);
        if (basedOn !== undefined && basedOn !== (current?.version ?? 0)) {
          // The same answers sent again (an answer lost on the way): done already.
          if (current && current.formVersion === version && canonical(current.answers) === canonical(answers)) return current;
          request.answerCarriesRecord = true;
          throw staleVersion('assessment', current ?? null);
        }
        const reviewed = formRights(staff.access, formType).review;
        return saveAssessment(
          tx,
          { studentId: id, formType, formVersion: version, answers },
          { id: staff.id, name: staff.full_name, access: staff.access },
          reviewed,
        );
      });
    },
  );

  app.post(
    '/students/:id/assessments/:formType/review',
    {
      config: { rule: 'assessments:review' },
      schema: {
        tags: ['assessments'],
        summary: "Mark an intern's answers reviewed (the form's psychologist or social worker)",
        description: 'With the version of the answers read: answers saved since answer 409 (stale-version) with them in `current`.',
        params: answerParams,
        body: assessmentReviewSchema,
        response: { 200: assessmentSchema, ...errors(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id, formType } = request.params;
      const staff = request.staff!;
      requireForm(staff, formType, 'review');
      return db.transaction(async (tx) => {
        const current = await lockAssessment(tx, id, formType);
        if (!current) throw notFound('Assessment');
        if (current.reviewed) return current;
        if (current.version !== request.body.version) {
          request.answerCarriesRecord = true;
          throw staleVersion('assessment', current);
        }
        return markReviewed(tx, id, formType, staff.full_name);
      });
    },
  );
};

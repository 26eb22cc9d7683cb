/**
 * Assessment forms (anamnese): the forms (GET /assessment-forms, key ['assessment-forms']) and a child's answers
 * (GET /students/{id}/assessments, key ['students', 'assessments', id]), parsed by their contract
 * (assessment-contract.ts, loaded with the screen). Saves go through the outbox ('assessment.save' -> PUT
 * /students/{id}/assessments/{formType} with the version of the answers it started from; 'assessment.review' -> POST
 * .../review), one child's form's writes in order, so answers saved offline reach the server as they were written.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../lib/http.ts';
import { enqueueRecordWrite, versionAfterParent } from '../offline/record-writes.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { registerOutboxHandler } from '../offline/outbox.ts';
import { queryClient } from '../offline/query-client.ts';
import type { AssessmentFormInput, AssessmentFormType, AssessmentInput } from './assessment-contract.ts';

export const assessmentKeys = {
  forms: ['assessment-forms'] as const,
  ofStudent: (studentId: string) => ['students', 'assessments', studentId] as const,
};

export const assessmentFormsQueryOptions = () =>
  queryOptions({
    queryKey: assessmentKeys.forms,
    // Versioned, and changed only by an admin's edit (which reads them again on its device): kept on the device with the
    // cache and asked again at most every ten minutes, not at each opening of a child's form.
    staleTime: 10 * 60_000,
    queryFn: () => getParsed('assessment-forms', () => import('./assessment-contract.ts').then((contract) => contract.assessmentFormListSchema)),
  });

export const studentAssessmentsQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: assessmentKeys.ofStudent(studentId),
    queryFn: () =>
      getParsed(`${path(studentId)}/assessments`, () => import('./assessment-contract.ts').then((contract) => contract.assessmentListSchema)),
  });

export type AssessmentSavePayload = { studentId: string; formType: AssessmentFormType; input: AssessmentInput };
export type AssessmentReviewPayload = { studentId: string; formType: AssessmentFormType; review: { version: number } };

const path = (studentId: string) => `students/${encodeURIComponent(studentId)}`;
const formPath = (studentId: string, formType: AssessmentFormType) => `${path(studentId)}/assessments/${formType}`;

/** One child's form: its saves and reviews follow each other (the next is sent on the version the one before got). */
const chainOf = (studentId: string, formType: AssessmentFormType) => ({
  kinds: [outboxKinds.assessmentSave, outboxKinds.assessmentReview],
  ofRecord: (payload: unknown) => {
    const write = payload as Partial<AssessmentSavePayload>;
    return write.studentId === studentId && write.formType === formType;
  },
  recordId: `${studentId}|${formType}`,
});

/** Queues the answers; a save still waiting (never tried) is replaced by this one, keeping the version it started from. */
export async function enqueueAssessmentSave(payload: AssessmentSavePayload): Promise<void> {
  await enqueueRecordWrite({
    kind: outboxKinds.assessmentSave,
    payload,
    ...chainOf(payload.studentId, payload.formType),
    replaces: (waiting) =>
      ({ ...payload, input: { ...payload.input, basedOn: (waiting as AssessmentSavePayload).input.basedOn } }) satisfies AssessmentSavePayload,
  });
}

export async function enqueueAssessmentReview(payload: AssessmentReviewPayload): Promise<void> {
  await enqueueRecordWrite({ kind: outboxKinds.assessmentReview, payload, ...chainOf(payload.studentId, payload.formType) });
}

const versionOf = (current: unknown): number => Number((current as { version?: unknown } | null)?.version ?? 0);

export type AssessmentFormSavePayload = { formType: AssessmentFormType; form: AssessmentFormInput };

/** An admin's edit of a form's questions: a new version. Two edits made offline follow each other (see enqueueRecordWrite). */
export async function enqueueAssessmentFormSave(payload: AssessmentFormSavePayload): Promise<void> {
  await enqueueRecordWrite({
    kind: outboxKinds.assessmentFormSave,
    payload,
    kinds: [outboxKinds.assessmentFormSave],
    ofRecord: (other) => (other as Partial<AssessmentFormSavePayload>).formType === payload.formType,
    recordId: `assessment-form|${payload.formType}`,
    replaces: (waiting) =>
      ({ ...payload, form: { ...payload.form, basedOn: (waiting as AssessmentFormSavePayload).form.basedOn } }) satisfies AssessmentFormSavePayload,
  });
}

export function registerAssessmentHandlers(): void {
  registerOutboxHandler(
    outboxKinds.assessmentFormSave,
    async (item) => {
      const { assessmentFormSchema } = await import('./assessment-contract.ts');
      const { formType, form } = item.payload as AssessmentFormSavePayload;
      const basedOn = versionAfterParent(item, form.basedOn);
      const saved = await sendParsed('put', `assessment-forms/${formType}`, { ...form, basedOn }, assessmentFormSchema);
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.forms });
      return { version: saved.version };
    },
    {
      rebase: (payload, current) => {
        const write = payload as AssessmentFormSavePayload;
        return { ...write, form: { ...write.form, basedOn: versionOf(current) } } satisfies AssessmentFormSavePayload;
      },
    },
  );
  registerOutboxHandler(
    outboxKinds.assessmentSave,
    async (item) => {
      const { assessmentSchema } = await import('./assessment-contract.ts');
      const { studentId, formType, input } = item.payload as AssessmentSavePayload;
      const basedOn = versionAfterParent(item, input.basedOn);
      const saved = await sendParsed('put', formPath(studentId, formType), { ...input, basedOn }, assessmentSchema);
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.ofStudent(studentId) });
      return { version: saved.version };
    },
    {
      rebase: (payload, current) => {
        const write = payload as AssessmentSavePayload;
        return { ...write, input: { ...write.input, basedOn: versionOf(current) } } satisfies AssessmentSavePayload;
      },
    },
  );
  registerOutboxHandler(
    outboxKinds.assessmentReview,
    async (item) => {
      const { assessmentSchema } = await import('./assessment-contract.ts');
      const { studentId, formType, review } = item.payload as AssessmentReviewPayload;
      const version = versionAfterParent(item, review.version);
      const saved = await sendParsed('post', `${formPath(studentId, formType)}/review`, { version }, assessmentSchema);
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.ofStudent(studentId) });
      return { version: saved.version };
    },
    {
      rebase: (payload, current) => {
        const write = payload as AssessmentReviewPayload;
        return { ...write, review: { version: versionOf(current) } } satisfies AssessmentReviewPayload;
      },
    },
  );
}

/**
 * A child's consents in the app (issue 51): the history and current state (GET /students/{id}/consents), the term
 * texts (GET /consent-terms) and whom to ask again (GET /consents/to-renew). Recording a consent and writing a new
 * term version go through the outbox (kinds 'consent.record' and 'consent-term.create', each with its client id, so a
 * resend adds nothing): a guardian's signature taken at the court with no connection is not lost.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, getRecordParsed, sendParsed } from '../lib/http.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';
import type { ConsentInput, ConsentTermInput } from './consents-contract.ts';
import { studentRecordKeys } from './student-records.ts';

const contract = () => import('./consents-contract.ts');

export const consentKeys = {
  ofStudent: (studentId: string) => ['students', 'consents', studentId] as const,
  terms: ['consent-terms'] as const,
  toRenew: ['consents', 'to-renew'] as const,
};

export const consentHistoryQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: consentKeys.ofStudent(studentId),
    queryFn: () =>
      getRecordParsed(
        `students/${encodeURIComponent(studentId)}/consents`,
        () => contract().then((module) => module.consentHistorySchema),
        'student',
      ),
  });

export const consentTermsQueryOptions = () =>
  queryOptions({
    queryKey: consentKeys.terms,
    queryFn: () => getParsed('consent-terms', () => contract().then((module) => module.consentTermListSchema)),
  });

export const consentsToRenewQueryOptions = () =>
  queryOptions({
    queryKey: consentKeys.toRenew,
    queryFn: () => getParsed('consents/to-renew', () => contract().then((module) => module.consentToRenewListSchema)),
  });

export type ConsentRecordPayload = { studentId: string; consent: ConsentInput & { id: string } };
export type ConsentTermPayload = { term: ConsentTermInput & { id: string } };

/**
 * Queue a consent; its outbox id is the entry's id. It waits for its guardian when that is still queued (whose outbox
 * id is the guardian's id), and so for the student's registration before it.
 */
export async function enqueueConsent(studentId: string, consent: Omit<ConsentInput, 'id'>): Promise<string> {
  const id = crypto.randomUUID();
  const payload: ConsentRecordPayload = { studentId, consent: { ...consent, id } };
  await enqueue({ kind: outboxKinds.consentRecord, id, payload, dependsOn: consent.guardianId });
  return id;
}

export async function enqueueConsentTerm(term: Omit<ConsentTermInput, 'id'>): Promise<void> {
  const id = crypto.randomUUID();
  await enqueue({ kind: outboxKinds.consentTermCreate, id, payload: { term: { ...term, id } } satisfies ConsentTermPayload });
}

export function registerConsentHandlers(): void {
  registerOutboxHandler(outboxKinds.consentRecord, async (item) => {
    const { studentId, consent } = item.payload as ConsentRecordPayload;
    const { consentHistorySchema } = await contract();
    const history = await sendParsed('post', `students/${encodeURIComponent(studentId)}/consents`, consent, consentHistorySchema);
    queryClient.setQueryData(consentKeys.ofStudent(studentId), history);
    void queryClient.invalidateQueries({ queryKey: studentRecordKeys.one(studentId) });
    // The rosters carry each child's state (the roll call's image flag).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'classes' && query.queryKey[2] === 'students' });
    return { id: consent.id };
  });
  registerOutboxHandler(outboxKinds.consentTermCreate, async (item) => {
    const { term } = item.payload as ConsentTermPayload;
    const { consentTermSchema } = await contract();
    await sendParsed('post', 'consent-terms', term, consentTermSchema);
    void queryClient.invalidateQueries({ queryKey: consentKeys.terms });
    void queryClient.invalidateQueries({ queryKey: consentKeys.toRenew });
  });
}

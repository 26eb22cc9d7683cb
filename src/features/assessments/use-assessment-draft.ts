/**
 * Answers typed into an assessment form and not saved yet, kept on the device as they are typed (db.kv, key
 * `quadra-assessment-draft/<student>/<form>`), like a roll call's marks: leaving the page, a reload or a crash never
 * loses them. The end of a session removes them with the rest of db.kv (a child's health and family data is not left
 * on a shared tablet); saving or discarding removes them.
 *
 * The device's copy is read through the query cache (assessmentDraftQueryOptions, in memory only: never saved with the
 * cache, and gone with it at the end of a session), so the route's loader reads it beside the forms and the child's
 * answers, and a form opened again shows at once instead of after a read of the device. Each write to the device
 * writes that memory copy too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Answer, Answers, AssessmentFormType } from '../../api/assessment-contract.ts';
import { database } from '../../lib/db.ts';

export type AssessmentDraft = { formVersion: number; answers: Answers; updatedAt: number };

export const assessmentDraftKey = (studentId: string, formType: AssessmentFormType): string => `quadra-assessment-draft/${studentId}/${formType}`;

/** Typing is written a moment after it stops (one write for a word, not a write per key), and at once on leaving. */
const WRITE_AFTER_MS = 400;

/** The device's draft of a child's form (null: none), read once and then kept in step by the hook's writes. */
export const assessmentDraftQueryOptions = (studentId: string, formType: AssessmentFormType) =>
  queryOptions({
    queryKey: ['assessment-draft', studentId, formType] as const,
    queryFn: async (): Promise<AssessmentDraft | null> => {
      try {
        const row = await (await database()).kv.get(assessmentDraftKey(studentId, formType));
        return row ? (JSON.parse(row.value) as AssessmentDraft) : null;
      } catch (error) {
        console.warn('Quadra: the assessment draft could not be read', error);
        return null;
      }
    },
    // A read of this device, not of the server: never stale, never waiting for the network, never saved with the cache.
    staleTime: Infinity,
    networkMode: 'always',
    meta: { keptOnDevice: false }, // offline/query-client.ts isKeptOnDevice
  });

/**
 * The form's answers: the device's draft when there is one, else `start` (the answers saved, or waiting to be sent).
 * `loaded` is false until the device has been read (the form shows once it has; at once when the loader read it).
 */
export function useAssessmentDraft(studentId: string, formType: AssessmentFormType, start: { formVersion: number; answers: Answers }) {
  const key = assessmentDraftKey(studentId, formType);
  const queryClient = useQueryClient();
  // The draft with the key it belongs to (another child's or form's is not shown); undefined until the device is read.
  const [state, setState] = useState<{ key: string; draft: AssessmentDraft | null | undefined }>(() => ({
    key,
    draft: queryClient.getQueryData(assessmentDraftQueryOptions(studentId, formType).queryKey),
  }));
  const draft = state.key === key ? state.draft : undefined;
  const read = draft !== undefined;
  const pending = useRef<AssessmentDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (read) return;
    let cancelled = false;
    void queryClient.fetchQuery(assessmentDraftQueryOptions(studentId, formType)).then((stored) => {
      const key = assessmentDraftKey(studentId, formType);
      if (!cancelled) setState((current) => (current.key === key && current.draft !== undefined ? current : { key, draft: stored }));
    });
    return () => {
      cancelled = true;
    };
  }, [read, queryClient, studentId, formType]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    pending.current = null;
    if (!value) return;
    queryClient.setQueryData(assessmentDraftQueryOptions(studentId, formType).queryKey, value);
    void database()
      .then((db) => db.kv.put({ key: assessmentDraftKey(studentId, formType), value: JSON.stringify(value) }))
      .catch((error: unknown) => console.warn('Quadra: the assessment draft could not be stored', error));
  }, [queryClient, studentId, formType]);
  useEffect(() => flush, [flush]);

  const setAnswer = useCallback(
    (questionId: string, answer: Answer) => {
      setState((current) => {
        const stored = current.key === key ? current.draft : undefined;
        const base = stored ?? { formVersion: start.formVersion, answers: start.answers, updatedAt: 0 };
        const next = { ...base, answers: { ...base.answers, [questionId]: answer }, updatedAt: Date.now() };
        pending.current = next;
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(flush, WRITE_AFTER_MS);
        return { key, draft: next };
      });
    },
    [flush, key, start.answers, start.formVersion],
  );

  /** After a save (the outbox holds the answers now) or a discard: the draft goes. */
  const clear = useCallback(async () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setState({ key: assessmentDraftKey(studentId, formType), draft: null });
    queryClient.setQueryData(assessmentDraftQueryOptions(studentId, formType).queryKey, null);
    await (await database()).kv.delete(assessmentDraftKey(studentId, formType));
  }, [queryClient, studentId, formType]);

  const shown = draft ?? { formVersion: start.formVersion, answers: start.answers, updatedAt: 0 };
  return { loaded: read, hasDraft: Boolean(draft), formVersion: shown.formVersion, answers: shown.answers, setAnswer, clear };
}

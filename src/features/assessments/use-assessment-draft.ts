/**
 * Answers typed into an assessment form and not saved yet, kept on the device as they are typed (db.kv, key
 * `quadra-assessment-draft/<student>/<form>`), like a roll call's marks: leaving the page, a reload or a crash never
 * loses them. The end of a session removes them with the rest of db.kv (a child's health and family data is not left
 * on a shared tablet); saving or discarding removes them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answer, Answers, AssessmentFormType } from '../../api/assessment-contract.ts';
import { database } from '../../lib/db.ts';

export type AssessmentDraft = { formVersion: number; answers: Answers; updatedAt: number };

export const assessmentDraftKey = (studentId: string, formType: AssessmentFormType): string => `quadra-assessment-draft/${studentId}/${formType}`;

/** Typing is written a moment after it stops (one write for a word, not a write per key), and at once on leaving. */
const WRITE_AFTER_MS = 400;

async function readDraft(key: string): Promise<AssessmentDraft | undefined> {
  const row = await (await database()).kv.get(key);
  return row ? (JSON.parse(row.value) as AssessmentDraft) : undefined;
}

/**
 * The form's answers: the device's draft when there is one, else `start` (the answers saved, or waiting to be sent).
 * `draft` is null until the device has been read (the form shows once it has).
 */
export function useAssessmentDraft(studentId: string, formType: AssessmentFormType, start: { formVersion: number; answers: Answers }) {
  const key = assessmentDraftKey(studentId, formType);
  const [draft, setDraft] = useState<AssessmentDraft | null | undefined>(undefined);
  const pending = useRef<AssessmentDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let cancelled = false;
    readDraft(key)
      .catch((error: unknown) => {
        console.warn('Quadra: the assessment draft could not be read', error);
        return undefined;
      })
      .then((stored) => !cancelled && setDraft(stored ?? null))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [key]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    pending.current = null;
    if (!value) return;
    void database()
      .then((db) => db.kv.put({ key, value: JSON.stringify(value) }))
      .catch((error: unknown) => console.warn('Quadra: the assessment draft could not be stored', error));
  }, [key]);
  useEffect(() => flush, [flush]);

  const setAnswer = useCallback(
    (questionId: string, answer: Answer) => {
      setDraft((current) => {
        const base = current ?? { formVersion: start.formVersion, answers: start.answers, updatedAt: 0 };
        const next = { ...base, answers: { ...base.answers, [questionId]: answer }, updatedAt: Date.now() };
        pending.current = next;
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(flush, WRITE_AFTER_MS);
        return next;
      });
    },
    [flush, start.answers, start.formVersion],
  );

  /** After a save (the outbox holds the answers now) or a discard: the draft goes. */
  const clear = useCallback(async () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setDraft(null);
    await (await database()).kv.delete(key);
  }, [key]);

  const loaded = draft !== undefined;
  const shown = draft ?? { formVersion: start.formVersion, answers: start.answers, updatedAt: 0 };
  return { loaded, hasDraft: Boolean(draft), formVersion: shown.formVersion, answers: shown.answers, setAnswer, clear };
}

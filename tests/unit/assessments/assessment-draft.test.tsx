/**
 * The anamnese's draft (answers typed and not saved, db.kv): read from the device through an in-memory query the
 * route's loader fills, so a form opened again shows its answers on its first render; kept in step with every write,
 * never saved with the cache, and gone with a discard.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { assessmentDraftKey, assessmentDraftQueryOptions, useAssessmentDraft } from '../../../src/features/assessments/use-assessment-draft.ts';
import { isKeptOnDevice } from '../../../src/offline/query-client.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { createTestQueryClient } from '../../support/render.tsx';

const STUDENT = 's1';
const KEY = assessmentDraftKey(STUDENT, 'PSICOLOGIA');
const saved = { formVersion: 3, answers: { rotina: { text: 'Como estava' } } };

function openForm(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useAssessmentDraft(STUDENT, 'PSICOLOGIA', saved), { wrapper });
}

beforeEach(async () => {
  await db.kv.delete(KEY);
});

describe("an anamnese form's draft", () => {
  it("shows the device's draft once read, and the saved answers when there is none", async () => {
    await db.kv.put({ key: KEY, value: JSON.stringify({ formVersion: 3, answers: { rotina: { text: 'Rascunho' } }, updatedAt: 1 }) });
    const withDraft = openForm(createTestQueryClient());
    expect(withDraft.result.current.loaded).toBe(false);
    await waitFor(() => expect(withDraft.result.current.answers).toEqual({ rotina: { text: 'Rascunho' } }));
    expect(withDraft.result.current.hasDraft).toBe(true);

    await db.kv.delete(KEY);
    const without = openForm(createTestQueryClient());
    await waitFor(() => expect(without.result.current.loaded).toBe(true));
    expect(without.result.current.answers).toEqual(saved.answers);
    expect(without.result.current.hasDraft).toBe(false);
  });

  it('opens again with what was typed on its first render, without reading the device; the device holds it too', async () => {
    const queryClient = createTestQueryClient();
    const first = openForm(queryClient);
    await waitFor(() => expect(first.result.current.loaded).toBe(true));
    act(() => first.result.current.setAnswer('sono', { yes: false, detail: 'Acorda à noite' }));
    first.unmount(); // leaving the page writes at once

    const again = openForm(queryClient);
    expect(again.result.current.loaded).toBe(true);
    expect(again.result.current.answers).toEqual({ ...saved.answers, sono: { yes: false, detail: 'Acorda à noite' } });
    await waitFor(async () => expect(JSON.parse((await db.kv.get(KEY))!.value).answers.sono).toEqual({ yes: false, detail: 'Acorda à noite' }));
  });

  it('is read ahead by the loader (prefetch), and is never saved with the cache', async () => {
    await db.kv.put({ key: KEY, value: JSON.stringify({ formVersion: 3, answers: { rotina: { text: 'Lido antes' } }, updatedAt: 1 }) });
    const queryClient = createTestQueryClient();
    await queryClient.prefetchQuery(assessmentDraftQueryOptions(STUDENT, 'PSICOLOGIA'));
    const opened = openForm(queryClient);
    expect(opened.result.current.loaded).toBe(true);
    expect(opened.result.current.answers).toEqual({ rotina: { text: 'Lido antes' } });
    const query = queryClient.getQueryCache().find({ queryKey: assessmentDraftQueryOptions(STUDENT, 'PSICOLOGIA').queryKey })!;
    expect(isKeptOnDevice(query)).toBe(false);
  });

  it('goes from the device and from memory on a discard', async () => {
    const queryClient = createTestQueryClient();
    const form = openForm(queryClient);
    await waitFor(() => expect(form.result.current.loaded).toBe(true));
    act(() => form.result.current.setAnswer('rotina', { text: 'Descartar' }));
    await act(() => form.result.current.clear());
    expect(form.result.current.answers).toEqual(saved.answers);
    form.unmount();
    expect(await db.kv.get(KEY)).toBeUndefined();
    const again = openForm(queryClient);
    expect(again.result.current.loaded).toBe(true);
    expect(again.result.current.hasDraft).toBe(false);
  });
});

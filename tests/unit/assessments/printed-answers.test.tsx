/**
 * The anamnese's printed copy: not rendered with the form's opening (issue 52's goal), but a moment after it, and at once
 * when a print is asked for before then.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRINT_COPY_AFTER_MS, usePrintedAnswers } from '../../../src/features/assessments/use-printed-answers.ts';

const answers = { rotina: { text: 'Mora com a avó' } };

describe("an anamnese form's printed copy", () => {
  it('is nothing as the form opens, then the answers a moment later, following them', async () => {
    const { result, rerender } = renderHook(({ typed }) => usePrintedAnswers(typed), { initialProps: { typed: answers } });
    expect(result.current).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, PRINT_COPY_AFTER_MS / 2));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual(answers), { timeout: PRINT_COPY_AFTER_MS * 3 });
    const more = { ...answers, escola: { text: 'EM Nova' } };
    rerender({ typed: more });
    await waitFor(() => expect(result.current).toEqual(more));
  });

  it('is the answers at once when a print is asked for before then', () => {
    const { result } = renderHook(() => usePrintedAnswers(answers));
    expect(result.current).toBeNull();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(result.current).toEqual(answers);
  });
});

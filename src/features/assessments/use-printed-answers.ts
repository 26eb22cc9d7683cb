import { useDeferredValue, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Answers } from '../../api/assessment-contract.ts';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * What an anamnese form's printed copy (hidden on screen) shows: nothing until the page is idle a moment after the form
 * showed (a second more at most, on a page that is never idle), then the answers, following them in a render of its own
 * (deferred): neither the opening nor a keystroke waits for it (it was a render of 13 questions more in the form's
 * opening, issue 52's goal). A print asked for before then (the Print button, the browser's menu) renders it at once, in
 * the browser's beforeprint.
 */
export function usePrintedAnswers(answers: Answers): Answers | null {
  const [when, setWhen] = useState<'later' | 'idle' | 'printing'>('later');
  useEffect(() => {
    const printing = () => flushSync(() => setWhen('printing'));
    const printed = () => setWhen('idle');
    addEventListener('beforeprint', printing);
    addEventListener('afterprint', printed);
    let cancelIdle: (() => void) | undefined;
    const timer = when === 'later' ? setTimeout(() => (cancelIdle = whenIdle(printed, PRINT_COPY_AFTER_MS)), PRINT_COPY_AFTER_MS) : undefined;
    return () => {
      clearTimeout(timer);
      cancelIdle?.();
      removeEventListener('beforeprint', printing);
      removeEventListener('afterprint', printed);
    };
  }, [when]);
  // No initial value: with one, React renders the form once more right after it shows (a deferred render, even of the
  // same value).
  const deferred = useDeferredValue<Answers | null>(when === 'later' ? null : answers);
  return when === 'printing' ? answers : deferred;
}
/** The printed copy is rendered at the page's first idle moment this long after the form showed. */
export const PRINT_COPY_AFTER_MS = 1_000;

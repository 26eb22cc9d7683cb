/**
 * Loads the browser's locale data (ICU) off the main thread. The page's first number, date, plural or comparison
 * costs 80-150 ms of one-time set-up at 4x CPU on the main thread (more with a collator and a date format together,
 * measured in Chromium); that data is shared by the whole page, workers included, so once this worker has built one
 * formatter of each kind the main thread's first ones take under 1 ms. Started first thing at start-up.
 */
type WorkerScope = { onmessage: ((event: MessageEvent<string[]>) => void) | null; postMessage(message: 'done'): void };
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data: localeList }) => {
  for (const locale of localeList) {
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(0.5);
    new Intl.NumberFormat(locale).format(1);
    new Intl.PluralRules(locale).select(1);
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(0);
    new Intl.Collator(locale).compare('a', 'b');
  }
  scope.postMessage('done');
};

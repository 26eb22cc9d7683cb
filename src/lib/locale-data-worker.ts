/**
 * Builds one formatter of each kind the app uses, for each locale it is sent, so the browser loads its locale data
 * (ICU) here and not on the main thread (why and what it saves: `loadLocaleDataOffThread` in i18n.ts).
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

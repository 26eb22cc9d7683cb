import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// en-US is the source locale: the spec's texts are the en-US wording; pt-BR holds real Portuguese.
export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['pt-BR', 'en-US'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'] }],
  // No line numbers in the catalogs: they would make the staleness check fail on every unrelated edit.
  format: formatter({ origins: false, lineNumbers: false }),
});

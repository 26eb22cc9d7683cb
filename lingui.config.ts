import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// en-US is the source locale: the spec's texts are the en-US wording; pt-BR holds real Portuguese.
export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['pt-BR', 'en-US'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    // The shell, the shared components and home: loaded at start (lib/i18n.ts activateLocale).
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['<rootDir>/src/features/!(home)/**'] },
    // One catalog per feature, loaded by its screens' routes (lib/i18n.ts loadFeatureMessages): a screen downloads
    // its own texts, not every screen's.
    { path: '<rootDir>/src/locales/{locale}/{name}', include: ['<rootDir>/src/features/{name}'], exclude: ['<rootDir>/src/features/home'] },
  ],
  // No line numbers in the catalogs: they would make the staleness check fail on every unrelated edit.
  format: formatter({ origins: false, lineNumbers: false }),
});

import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Shared components that no first screen shows: they render inside a screen of a feature. Their texts are a catalog of
 * their own, `shared`, loaded with every feature's (lib/i18n.ts loadFeatureMessages), not with the shell's (issue 57).
 * The shell's parts loaded on demand (the outbox's drawer, the device panel) have theirs, `shell-parts`, loaded with
 * them. `npm run i18n:check` fails when one of these components is in the app's first script
 * (scripts/first-script-modules.txt).
 */
export const sharedCatalogComponents = [
  'activity-labels.ts',
  'author-name.ts',
  'back-button.tsx',
  'confirm-removal.tsx',
  'conflict-fields.ts',
  'edit-modal-actions.tsx',
  'enum-labels.ts',
  'pending-badge.tsx',
  'person-card.tsx',
  'record-not-found.tsx',
  'refusal-text.ts',
  'use-class-schedule.ts',
].map((file) => `<rootDir>/src/components/${file}`);
export const shellPartsCatalogComponents = ['device-panel.tsx', 'outbox-drawer.tsx'].map((file) => `<rootDir>/src/components/${file}`);

// en-US is the source locale: the spec's texts are the en-US wording; pt-BR holds real Portuguese.
export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['pt-BR', 'en-US'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    // The shell, the shared components a first screen shows and home: loaded at start (lib/i18n.ts activateLocale).
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['<rootDir>/src/features/!(home)/**', ...sharedCatalogComponents, ...shellPartsCatalogComponents],
    },
    { path: '<rootDir>/src/locales/{locale}/shared', include: sharedCatalogComponents },
    { path: '<rootDir>/src/locales/{locale}/shell-parts', include: shellPartsCatalogComponents },
    // One catalog per feature, loaded by its screens' routes (lib/i18n.ts loadFeatureMessages): a screen downloads
    // its own texts, not every screen's.
    { path: '<rootDir>/src/locales/{locale}/{name}', include: ['<rootDir>/src/features/{name}'], exclude: ['<rootDir>/src/features/home'] },
  ],
  // No line numbers in the catalogs: they would make the staleness check fail on every unrelated edit.
  format: formatter({ origins: false, lineNumbers: false }),
});

/**
 * The catalogs beyond the shell's (lib/i18n.ts): each feature's, the shared components', the shell's parts loaded on
 * demand. Not in the app's first script (issue 57): what loads them (a route's loader, a dialog's) loads on demand too,
 * and their list of files (two per catalog) weighed 0.5 KB of its brotli.
 */
import { catalogLocale, i18n, type Catalog } from './i18n.ts';

/** The features with a catalog of their own (lingui.config.ts: one per folder of src/features but home). */
export type FeatureCatalog =
  | 'activities'
  | 'attendance'
  | 'calendar'
  | 'cases'
  | 'class-history'
  | 'classes'
  | 'consents'
  | 'guardians'
  | 'imports'
  | 'privacy'
  | 'reports'
  | 'retention'
  | 'student-registration'
  | 'students'
  | 'tech-demo'
  | 'users'
  | 'assessments'
  | 'settings';

const loaded = new Set<string>();

async function loadCatalog(name: FeatureCatalog | 'shared' | 'shell-parts'): Promise<void> {
  const locale = catalogLocale();
  const key = `${locale}/${name}`;
  if (loaded.has(key)) return;
  const { messages } = (await import(`../locales/${locale}/${name}.po`)) as Catalog;
  i18n.load(locale, messages);
  loaded.add(key);
}

/**
 * A feature's texts and those of the shared components no first screen shows (lingui.config.ts
 * sharedCatalogComponents), added to the active locale's; a route's loader awaits them so its screen never shows a
 * message id. Each catalog loads once (the language toggle reloads the page).
 */
export async function loadFeatureMessages(feature: FeatureCatalog): Promise<void> {
  await Promise.all([loadCatalog(feature), loadCatalog('shared')]);
}

/** The texts of the shell's parts loaded on demand (the outbox's drawer, the device panel) and of the components they show. */
export async function loadShellPartsMessages(): Promise<void> {
  await Promise.all([loadCatalog('shell-parts'), loadCatalog('shared')]);
}

/** Lingui setup: which locale to use, loading its catalog, and the language toggle (SPEC §1, §4, §9). */
import { i18n } from '@lingui/core';
import { LOCALE_COOKIE, localeOfLanguage, locales, type Locale } from './locale-rule.ts';

export { locales, type Locale };
/** SPEC §9: the choice is stored under a local preference key. */
export const LOCALE_STORAGE_KEY = 'quadra.locale';

const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** The choice stored with the toggle, if any. */
export function storedLocale(storage: Pick<Storage, 'getItem'> = window.localStorage): Locale | undefined {
  try {
    const stored = storage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined; // Storage can be blocked (private mode): fall through to the browser language.
  }
}

/** The stored choice wins; otherwise English browsers get en-US and everything else pt-BR. */
export function detectLocale(storage: Pick<Storage, 'getItem'> = window.localStorage, browserLanguage: string = navigator.language): Locale {
  return storedLocale(storage) ?? localeOfLanguage(browserLanguage);
}

/** The choice told to the server too, for the pages it sends (src/lib/locale-rule.ts LOCALE_COOKIE): for a year. */
export function shareLocaleChoice(locale: Locale, page: { cookie: string } = document): void {
  page.cookie = `${LOCALE_COOKIE}=${locale}; path=${import.meta.env.BASE_URL}; max-age=31536000; samesite=lax`;
}

type Catalog = { messages: Record<string, string> };

/** The locale being activated: a route's catalog may load beside the shell's, before activation ends. */
let activating: Locale | undefined;

/** The shell's texts (header, sidebar, shared components, home), loaded before the first render. */
export async function activateLocale(locale: Locale): Promise<void> {
  activating = locale;
  const { messages } = (await import(`../locales/${locale}/messages.po`)) as Catalog;
  // Added to what a route's catalog may have loaded meanwhile (loadAndActivate would replace it).
  i18n.load(locale, messages);
  i18n.activate(locale);
  activating = undefined;
  document.documentElement.lang = locale;
}

/**
 * The browser's locale data, loaded in a worker of its own (`locale-data-worker.ts`) while the main thread starts the
 * app. That data is shared by the page and its workers: a home visit's Intl constructors took 180-250 ms of the main
 * thread at 4x CPU, and under 7 ms in all once the worker had run. pt-BR too: the classes' filter sorts activity names
 * in its order whatever the language.
 */
export function loadLocaleDataOffThread(locale: Locale): void {
  if (typeof Worker !== 'function') return;
  const worker = new Worker(new URL('./locale-data-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = () => worker.terminate();
  worker.onerror = () => worker.terminate();
  worker.postMessage([...new Set([locale, 'pt-BR'])]);
}

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
  const locale = activating ?? i18n.locale;
  const key = `${locale}/${name}`;
  if (loaded.has(key)) return;
  const { messages } = (await import(`../locales/${locale}/${name}.po`)) as Catalog;
  addMessages(locale, messages);
  loaded.add(key);
}

/**
 * Adds a catalog to a locale's messages. Once the locale is active, without Lingui's "change" event (`i18n.load`
 * emits it): the I18nProvider answers it with a new context, and every component that shows a text renders again at
 * once, in one task (20-25 ms unthrottled on home, more on a long list; issue 57). A catalog is loaded before its
 * texts are shown (a route's loader awaits it), so no text on screen changes and nothing needs to render again.
 * `i18n.messages` is the active locale's own object, which `i18n.load` adds to the same way.
 */
function addMessages(locale: string, messages: Catalog['messages']): void {
  if (i18n.locale === locale) Object.assign(i18n.messages, messages);
  else i18n.load(locale, messages);
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

/** SPEC §4: the toggle saves the preference (for the server too) and reloads the page. */
export function switchLocale(
  next: Locale,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
  reload: () => void = () => window.location.reload(),
  page: { cookie: string } = document,
): void {
  storage.setItem(LOCALE_STORAGE_KEY, next);
  shareLocaleChoice(next, page);
  reload();
}

export const otherLocale = (locale: Locale): Locale => (locale === 'pt-BR' ? 'en-US' : 'pt-BR');

export { i18n };

/**
 * The app's two languages and the rule that picks one from a browser's language (SPEC §9): English browsers get en-US
 * and everything else pt-BR. Shared by the page (`detectLocale`, when no choice is stored) and the server, which names
 * that language's shell catalog in a first visit's page (server/route-preloads.ts) and writes home's texts in it
 * (server/home-first-paint.ts).
 */
export const locales = ['pt-BR', 'en-US'] as const;
export type Locale = (typeof locales)[number];

export const localeOfLanguage = (language: string): Locale => (language.trim().toLowerCase().startsWith('en') ? 'en-US' : 'pt-BR');

/**
 * The language chosen with the toggle, which the page stores (src/lib/i18n.ts), also in a cookie on the app's path:
 * the server picks it before the browser's language for a page it sends, so the page's texts and catalog are in the
 * language the app will show. Only the language: nothing about the user.
 */
export const LOCALE_COOKIE = 'quadra-locale';

/** The chosen language in a request's Cookie header, if any. */
export function localeOfCookies(header: string | undefined): Locale | undefined {
  const value = header
    ?.split(';')
    .map((cookie) => cookie.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return locales.find((locale) => locale === value);
}

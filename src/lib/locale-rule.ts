/**
 * The app's two languages and the rule that picks one from a browser's language (SPEC §9): English browsers get en-US
 * and everything else pt-BR. Shared by the page (`detectLocale`, when no choice is stored) and the server, which names
 * that language's shell catalog in a first visit's page (server/route-preloads.ts).
 */
export const locales = ['pt-BR', 'en-US'] as const;
export type Locale = (typeof locales)[number];

export const localeOfLanguage = (language: string): Locale => (language.trim().toLowerCase().startsWith('en') ? 'en-US' : 'pt-BR');

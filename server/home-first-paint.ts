/**
 * Home's title and introduction, written into a first visit's page for home's address in the browser's language
 * (issue 57). The page paints them as soon as its stylesheet has come, before any script: they were home's largest
 * text (its LCP) and waited for the app's first script, the shell's catalog and the first render. React's first render
 * replaces them with the same text in the same place and size (index.html's `quadra-boot-page` rules, which
 * tests/e2e/first-paint.spec.ts holds to what home renders). A device whose service worker answers gets its own copy of
 * index.html, without them: its start is already fast.
 *
 * The build (vite.config.ts) writes dist/home-first-paint.json from the catalogs (src/locales/<locale>/messages.po);
 * the server reads it as it reads the routes' files (server/route-preloads.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locales, type Locale } from '../src/lib/locale-rule.ts';

export const HOME_FIRST_PAINT_FILE = 'home-first-paint.json';

/**
 * The source (en-US) wording of home's title before the user's name is known and of its introduction, as
 * src/features/home/home-page.tsx writes them; the build fails when a catalog lacks one.
 */
export const HOME_MESSAGES = {
  heading: 'Welcome to Quadra!',
  introduction: 'The back office of the program: attendance, students, activities and classes, on any device, even offline.',
} as const;
export type HomeTexts = Record<keyof typeof HOME_MESSAGES, string>;
export type HomeTextsByLocale = Partial<Record<Locale, HomeTexts>>;

/** Home's texts in one catalog's entries (a .po file's, parsed): its translation, or the source where it has none. */
export function homeTextsIn(entries: readonly { msgid: string; msgstr: readonly string[] }[], catalog: string): HomeTexts {
  const textOf = (source: string) => {
    const entry = entries.find((candidate) => candidate.msgid === source);
    if (!entry) throw new Error(`${catalog} has no entry for home's "${source}" (server/home-first-paint.ts HOME_MESSAGES)`);
    return entry.msgstr[0] || source;
  };
  return { heading: textOf(HOME_MESSAGES.heading), introduction: textOf(HOME_MESSAGES.introduction) };
}

/** The build's file, or no texts (a build from before it, a file not as the build writes it): the page as built. */
export function readHomeTexts(distDir: string): HomeTextsByLocale {
  const file = join(distDir, HOME_FIRST_PAINT_FILE);
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.warn(`Quadra: ${file} could not be read; home's first visit paints its text with the app`, error);
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const valid = ([locale, texts]: [string, unknown]) =>
    locales.includes(locale as Locale) &&
    typeof texts === 'object' &&
    texts !== null &&
    Object.keys(HOME_MESSAGES).every((key) => typeof (texts as Record<string, unknown>)[key] === 'string');
  return Object.fromEntries(Object.entries(parsed).filter(valid)) as HomeTextsByLocale;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The place index.html keeps for them (empty in the file as built, the service worker's copy). */
export const HOME_FIRST_PAINT_SLOT = '<div class="quadra-boot-page"></div>';

/** index.html with home's texts in their place and the page's language said; the page as given without texts. */
export function htmlWithHomeTexts(html: string, locale: Locale, texts: HomeTexts | undefined): string {
  if (!texts || !html.includes(HOME_FIRST_PAINT_SLOT)) return html;
  const page =
    `<div class="quadra-boot-page"><h1 class="quadra-boot-heading">${escapeHtml(texts.heading)}</h1>` +
    `<p class="quadra-boot-text">${escapeHtml(texts.introduction)}</p></div>`;
  return html.replace(HOME_FIRST_PAINT_SLOT, page).replace(/<html lang="[\w-]*"/, `<html lang="${locale}"`);
}

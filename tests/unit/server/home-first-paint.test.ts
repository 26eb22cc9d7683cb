// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  HOME_FIRST_PAINT_FILE,
  HOME_FIRST_PAINT_SLOT,
  HOME_MESSAGES,
  homeTextsIn,
  htmlWithHomeTexts,
  readHomeTexts,
} from '../../../server/home-first-paint.ts';

const entry = (msgid: string, translation = '') => ({ msgid, msgstr: [translation] });

describe("home's texts in a catalog", () => {
  it('are their translations, or their source wording where a catalog has none', () => {
    const entries = [entry('Other'), entry(HOME_MESSAGES.heading, 'Bem-vindo ao Quadra!'), entry(HOME_MESSAGES.introduction)];
    expect(homeTextsIn(entries, 'pt-BR.po')).toEqual({ heading: 'Bem-vindo ao Quadra!', introduction: HOME_MESSAGES.introduction });
  });

  it('fail the build, naming the catalog and the text, when one is missing', () => {
    expect(() => homeTextsIn([entry(HOME_MESSAGES.heading)], 'pt-BR.po')).toThrow(/pt-BR\.po has no entry for home's "The back office/);
  });
});

describe('the build file', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'quadra-home-'));

  it('keeps only known languages with both texts', () => {
    const distDir = dir();
    const texts = { heading: 'Welcome to Quadra!', introduction: 'The back office.' };
    writeFileSync(join(distDir, HOME_FIRST_PAINT_FILE), JSON.stringify({ 'en-US': texts, 'pt-BR': { heading: 'Olá' }, fr: texts }));
    expect(readHomeTexts(distDir)).toEqual({ 'en-US': texts });
  });

  it('is none when missing or not JSON (the page as built)', () => {
    const distDir = dir();
    expect(readHomeTexts(distDir)).toEqual({});
    writeFileSync(join(distDir, HOME_FIRST_PAINT_FILE), '{"en-US":');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readHomeTexts(distDir)).toEqual({});
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('the page', () => {
  const html = `<!doctype html><html lang="pt-BR"><body><div id="root">${HOME_FIRST_PAINT_SLOT}</div></body></html>`;

  it("has home's title and introduction in their place, escaped, and says its language", () => {
    const page = htmlWithHomeTexts(html, 'en-US', { heading: 'Welcome <b>', introduction: 'Tom & "Jerry"' });
    expect(page).toContain('<html lang="en-US">');
    expect(page).toContain(
      '<div class="quadra-boot-page"><h1 class="quadra-boot-heading">Welcome &#60;b&#62;</h1><p class="quadra-boot-text">Tom &#38; &#34;Jerry&#34;</p></div>',
    );
  });

  it('is the page as given without texts', () => {
    expect(htmlWithHomeTexts(html, 'en-US', undefined)).toBe(html);
    expect(htmlWithHomeTexts('<html lang="pt-BR"><div id="root"></div>', 'en-US', { heading: 'a', introduction: 'b' })).toBe(
      '<html lang="pt-BR"><div id="root"></div>',
    );
  });
});

import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';

/**
 * Home's title and introduction in a first visit's page (server/home-first-paint.ts, issue 57): painted before any
 * script, then replaced by React's first render with the same words in the same place and size. Were they to differ,
 * home's largest text would move or change size under the reader's eyes, and the browser would count React's paint
 * as home's LCP again.
 */
type Box = { x: number; y: number; width: number; height: number };
type Shown = { heading: string; introduction: string; boxes: Box[] };

const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 823 }, isMobile: true },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
] as const;

async function shown(page: Page, heading: string, introduction: string): Promise<Shown> {
  const [title, text] = [page.locator(heading), page.locator(introduction)];
  await expect(text).toBeVisible();
  const box = async (element: typeof title) => {
    const { x, y, width, height } = (await element.boundingBox())!;
    return { x, y, width, height };
  };
  return { heading: await title.innerText(), introduction: await text.innerText(), boxes: [await box(title), await box(text)] };
}

async function firstVisit(browser: Browser, baseURL: string, size: (typeof SIZES)[number], locale: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...size, baseURL, locale, javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await page.goto('./');
    if (javaScriptEnabled) await page.getByTestId('privacy-link').waitFor();
    // Every LCP entry so far (a buffered observer's first call has them all), two frames after React's first render.
    const lcp = javaScriptEnabled
      ? await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  new PerformanceObserver((list) => resolve(list.getEntries().length)).observe({ type: 'largest-contentful-paint', buffered: true }),
                ),
              ),
            ),
        )
      : undefined;
    const texts = javaScriptEnabled
      ? await shown(page, 'main h1', '[elementtiming="home-introduction"]')
      : await shown(page, '.quadra-boot-heading', '.quadra-boot-text');
    return { ...texts, lang: await page.locator('html').getAttribute('lang'), lcp };
  } finally {
    await context.close();
  }
}

test.describe("home's first paint", () => {
  for (const size of SIZES) {
    test(`on a ${size.name}, is home's title and introduction in the browser's language, where and as large as home renders them`, async ({
      browser,
      baseURL,
    }) => {
      for (const locale of ['pt-BR', 'en-US']) {
        const before = await firstVisit(browser, baseURL!, size, locale, false);
        const after = await firstVisit(browser, baseURL!, size, locale, true);
        expect(before.lang).toBe(locale);
        expect({ heading: before.heading, introduction: before.introduction }).toEqual({ heading: after.heading, introduction: after.introduction });
        expect(before.boxes).toEqual(after.boxes);
        expect(after.lcp, "one largest paint: the page's introduction, which React's did not outgrow").toBe(1);
      }
    });
  }

  test("is in the language chosen with the toggle, not the browser's", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('./');
    await page.getByRole('button', { name: 'Switch to Portuguese' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bem-vindo ao Quadra!' })).toBeVisible();
    // The page the server sends this browser now (the reload's, or the next visit's).
    const sent = await (await page.request.get('./')).text();
    expect(sent).toContain('<h1 class="quadra-boot-heading">Bem-vindo ao Quadra!</h1>');
    expect(sent).toContain('<html lang="pt-BR"');
    await context.close();
  });
});

/**
 * Issue 52's goal: the general roll of 5,000 children searches in <= 50 ms a keystroke. On the production build served
 * by the reference server (its 5,000 seeded students, bench.ts browserFigures), in Chromium at 4x CPU: the general
 * roll's page is opened (the children come from the device's students list), and three names are typed one key at a
 * time, twice; each keystroke is timed from the key to the frame after the list changed (as the students page's search
 * is timed, bench-large.ts). Printed by `npm run bench` (and `npm run bench -- general-roll`), never asserted.
 */
import type { Browser, Page } from 'playwright-core';
import { median, openHome } from './bench-common.ts';

const NAMES = ['Mar', 'Joã', 'Ana'];

/** Types `text` one key at a time into the search field; for each key, the time to the frame after the list changed. */
async function keystrokes(page: Page, text: string): Promise<number[]> {
  const times: number[] = [];
  for (let n = 1; n <= text.length; n += 1) {
    times.push(
      await page.evaluate(
        (value) =>
          new Promise<number>((resolve, reject) => {
            const input = document.querySelector<HTMLInputElement>('[data-testid="general-roll-search"]')!;
            const list = document.querySelector('[data-testid="general-roll-list"]') ?? document.querySelector('main')!;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              observer.disconnect();
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
            });
            observer.observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
            setTimeout(() => reject(new Error(`the list did not change for "${value}"`)), 10_000);
            // What a key press does to a React-controlled field: the value changes, then an input event.
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }),
        text.slice(0, n),
      ),
    );
  }
  return times;
}

async function clearSearch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="general-roll-search"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForTimeout(1_000);
}

export type GeneralRollSearch = { children: number; keystrokeMs: number; keystrokeMaxMs: number };

/** The general roll's search at 4x CPU: median and slowest keystroke over the names typed twice. */
export async function generalRollSearch(browser: Browser, base: string): Promise<GeneralRollSearch> {
  const { context, page } = await openHome(browser, base);
  try {
    await page.goto(`${base}frequencias/geral`);
    await page.waitForSelector('[data-testid="general-roll-row"]', { timeout: 120_000 });
    // The device's copy of the list is written, and the names folded once for the search, before the typing is timed.
    await page.waitForTimeout(4_000);
    const children = Number((await page.getByTestId('general-roll-count').innerText()).match(/(\d+)\D*$/)?.[1] ?? 0);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const keys: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const name of NAMES) {
        keys.push(...(await keystrokes(page, name)));
        await clearSearch(page);
      }
    }
    return { children, keystrokeMs: Math.round(median(keys)), keystrokeMaxMs: Math.round(Math.max(...keys)) };
  } finally {
    await context.close();
  }
}

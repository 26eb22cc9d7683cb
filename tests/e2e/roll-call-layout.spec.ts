/**
 * The roll call and the class history on a phone: the three toggles of every row fully visible (none cut by its row
 * or the screen) in both languages, the history page no wider than the screen; and the keyboard's focus kept after
 * "Today" and after "Discard changes" (never dropped to the page's body).
 */
import type { Page } from '@playwright/test';
import { API_URL, callPath, classWithRoster, expect, localDate, test, toggle } from '../support/e2e.ts';

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** Each row's toggles: where they fall against their row and the screen, and whether their text overflows them. */
function toggleBoxes(page: Page) {
  return page.getByTestId('roll-row').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const outer = row.getBoundingClientRect();
      return [...row.querySelectorAll('button')].map((button) => {
        const box = button.getBoundingClientRect();
        return {
          label: button.getAttribute('aria-label'),
          inRow: box.left >= outer.left && box.right <= outer.right && box.top >= outer.top && box.bottom <= outer.bottom,
          onScreen: box.left >= 0 && box.right <= window.innerWidth,
          textFits: button.scrollWidth <= button.clientWidth,
          tallEnough: box.height >= 44,
        };
      });
    }),
  );
}

const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('on a phone every toggle of the roll call is whole, and the class history fits the screen, in both languages', async ({ browser, request }) => {
  const { group, students } = await classWithRoster(request);
  // Last month, ten rolls: a grid wider than a phone (its hidden words, in cells far to the right, once widened the page).
  const month = localDate(-35).slice(0, 7);
  const date = `${month}-10`;
  const entries = students.map((student, i) => ({ studentId: student.id, status: i === 1 ? 'ABSENT' : 'PRESENT' }));
  for (let day = 1; day <= 10; day += 1) {
    const rollDate = `${month}-${String(day).padStart(2, '0')}`;
    const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${rollDate}`, {
      data: { takenBy: 'Instrutora E2E', takenAt: `${rollDate}T17:00:00.000Z`, entries },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }

  for (const locale of ['pt-BR', 'en-US']) {
    const context = await browser.newContext({ locale, viewport: PHONES[0] });
    const page = await context.newPage();
    for (const viewport of PHONES) {
      await page.setViewportSize(viewport);
      await page.goto(callPath(group, date));
      await expect(page.getByTestId('roll-row')).toHaveCount(students.length);
      const boxes = await toggleBoxes(page);
      expect(boxes).toHaveLength(students.length * 3);
      for (const box of boxes)
        expect(box, `${locale} ${viewport.width}px`).toEqual({ label: box.label, inRow: true, onScreen: true, textFits: true, tallEnough: true });

      await page.goto(`turmas/${group.id}/frequencia?month=${month}`);
      await expect(page.getByTestId('history-grid')).toBeVisible();
      expect(await documentWidth(page), `${locale} ${viewport.width}px`).toBeLessThanOrEqual(viewport.width);
    }
    await context.close();
  }
});

test.describe('by keyboard', () => {
  test.use({ locale: 'en-US', viewport: PHONES[0] });

  test('focus stays on "Today" once pressed, and goes to Save after "Discard changes"', async ({ page, request }) => {
    const { group, students } = await classWithRoster(request);
    await page.goto(callPath(group));
    const today = page.getByRole('button', { name: 'Today' });
    await today.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`date1=${localDate()}`));
    await expect(today).toBeFocused();
    // Pressed again on today: nothing changes, and focus stays.
    await page.keyboard.press('Enter');
    await expect(today).toBeFocused();

    await toggle(page, students[0]!.name, 'absent').click();
    const discard = page.getByRole('button', { name: 'Discard changes' });
    await discard.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('roll-draft')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save attendance' })).toBeFocused();
  });

  test('a student reached by Tab stops above the sticky save bar, and the bar says how the arrows reach the other marks', async ({
    page,
    request,
  }) => {
    const { group, students } = await classWithRoster(request);
    await page.goto(callPath(group, localDate()));
    await expect(page.getByTestId('roll-row')).toHaveCount(students.length);
    const hint = page.getByTestId('roll-key-hint');
    await expect(hint).toBeHidden();
    await page.getByTestId('roll-date').focus();
    // Each student's marks, reached by Tab: the focused one's bottom against the top of the bar stuck to the screen,
    // once the frame after the focus is drawn (the bar grows with the keyboard's hint at the first student's marks,
    // and its observer brings them above it again in that frame; measured at once, a run caught them still under it).
    const places: { bottom: number; barTop: number }[] = [];
    for (let i = 0; i < 3 * students.length && places.length < students.length; i += 1) {
      await page.keyboard.press('Tab');
      const place = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const focused = document.activeElement;
        if (!focused?.closest('[role="toolbar"]')) return null;
        const bar = document.querySelector('[data-testid="roll-draft"]')!.parentElement!;
        return { bottom: focused.getBoundingClientRect().bottom, barTop: bar.getBoundingClientRect().top };
      });
      if (place) places.push(place);
    }
    expect(places).toHaveLength(students.length);
    expect(places.filter((place) => place.bottom > place.barTop + 1)).toEqual([]);
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText(/← and → choose present, absent or justified/);
  });

  test("the marks that take the focus stay above the bar when the keyboard's hint makes it taller", async ({ page, request }) => {
    const { group } = await classWithRoster(request);
    await page.goto(callPath(group, localDate()));
    await expect(page.getByTestId('roll-row').first()).toBeVisible();
    // Rows spaced out, so this short roster makes a page long enough for the bar to stick to the screen's bottom.
    await page.addStyleTag({ content: '[data-testid="roll-row"] { margin-bottom: 600px; }' });
    const placeOf = () =>
      page.evaluate(() => {
        const marks = document.querySelector('[role="toolbar"]')!;
        const bar = document.querySelector('[data-testid="roll-draft"]')!.parentElement!;
        return { bottom: marks.getBoundingClientRect().bottom, barTop: bar.getBoundingClientRect().top };
      });
    // The first student's marks just above the bar as it is before the hint: Tab needs no scroll to show them.
    await page.getByTestId('roll-date').focus();
    const before = await placeOf();
    await page.evaluate((by) => window.scrollBy(0, by), before.bottom - (before.barTop - 6));
    const placed = await placeOf();
    expect(placed.bottom).toBeLessThanOrEqual(placed.barTop);
    expect(placed.bottom).toBeGreaterThan(placed.barTop - 12);
    for (let i = 0; i < 10 && !(await page.evaluate(() => !!document.activeElement?.closest('[role="toolbar"]'))); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(page.getByTestId('roll-key-hint')).toBeVisible();
    await expect
      .poll(async () => {
        const { bottom, barTop } = await placeOf();
        return bottom <= barTop + 1;
      })
      .toBe(true);
  });
});

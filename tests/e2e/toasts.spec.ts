/**
 * Issue 56, item 8: a toast never covers the control that made it, nor the page's title; one action, one toast. On each
 * screen with a save (the roll call, registration, users, a student's edit, a guardian, the class form, the general
 * roll), at 820 x 1180 and on a desktop, the control is brought low on the screen (where the toast area lies), saved,
 * and the toast's box is measured against the control's, where it was pressed and where it is now, and against the
 * words of the page's h1 (a heading's block spans the whole line; its words are what a toast must leave readable).
 * Screenshots in /tmp/shots56/.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { API_URL, callPath, classWithRoster, expect, fillStudent, localDate, test, uniqueDate, uniqueName } from '../support/e2e.ts';

const SIZES = [
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SHOTS = '/tmp/shots56';
mkdirSync(SHOTS, { recursive: true });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A valid CPF (check digits computed), different on each call. */
function newCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/** The control scrolled so that it sits low on the screen, where the toast area lies (its bottom 24 px above the screen's). */
async function bringLow(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await control.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 24));
}

/** The box of the words of the page's h1. */
function titleWords(page: Page): Promise<Box> {
  return page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('main h1')!);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

/**
 * Presses `control` (by `press`, a click by default), then checks the toast saying `text`: one of it, and clear of the
 * control (where it was pressed, where it is now) and of the title's words.
 */
async function saveAndCheck(page: Page, shot: string, control: Locator, text: string | RegExp, press?: () => Promise<void>): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  const pressedAt = (await control.boundingBox())!;
  await (press ?? (() => control.click()))();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // The toast at rest (its entrance over), and a moment for a second toast of the same action to show, if any.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.waitForTimeout(300);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  const toastBox = (await toast.boundingBox())!;
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  expect(
    intersects(toastBox, pressedAt),
    `${shot}: the toast ${JSON.stringify(toastBox)} over the control pressed at ${JSON.stringify(pressedAt)}`,
  ).toBe(false);
  const now = (await control.isVisible()) ? await control.boundingBox() : null;
  if (now) expect(intersects(toastBox, now), `${shot}: the toast over the control, now at ${JSON.stringify(now)}`).toBe(false);
  const title = await titleWords(page);
  expect(intersects(toastBox, title), `${shot}: the toast over the title's words ${JSON.stringify(title)}`).toBe(false);
}

/** Each size in a page of its own (no toast of the other size left on screen), in English. */
async function onEachSize(browser: Browser, baseURL: string | undefined, run: (page: Page, size: (typeof SIZES)[number]) => Promise<void>) {
  for (const size of SIZES) {
    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, locale: 'en-US' });
    try {
      await run(await context.newPage(), size);
    } finally {
      await context.close();
    }
  }
}

const createStudent = async (request: APIRequestContext, label: string) => {
  const made = await request.post(`${API_URL}/students`, { data: { fullName: uniqueName(label) } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: string }).id;
};

test('the roll call: the toast clears Save in its bar and the title; a double tap on Save is one toast', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const { group, students } = await classWithRoster(request);
  await onEachSize(browser, baseURL, async (page, size) => {
    await page.goto(callPath(group, uniqueDate()));
    const save = page.getByRole('button', { name: 'Save attendance' });
    await page.getByRole('button', { name: `${students[0]!.name}: absent`, exact: true }).click();
    await saveAndCheck(page, `roll-call-${size.name}`, save, 'Attendance recorded successfully', () => save.dblclick());
    // Save is in the bar at the foot, and the toast area rises above the bar: the toast keeps its own place, the right.
    const toast = (await page.locator('.mantine-Notification-root').boundingBox())!;
    expect(toast.x, `roll-call-${size.name}: the toast left its own place`).toBeGreaterThan(size.width / 2);
  });
});

test('registration: the toast clears Register student and the title', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  await onEachSize(browser, baseURL, async (page, size) => {
    await page.goto('alunos/cadastro');
    await fillStudent(page, uniqueName('Toast'));
    const register = page.getByRole('button', { name: 'Register student' });
    await bringLow(register);
    await saveAndCheck(page, `registration-${size.name}`, register, 'Student registered successfully!');
  });
});

test("a student's edit: the toast clears Save changes and the title", async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const id = await createStudent(request, 'Editado');
  await onEachSize(browser, baseURL, async (page, size) => {
    await page.goto(`alunos/${id}/editar`);
    await fillStudent(page, uniqueName(`Editado ${size.name}`));
    const save = page.getByRole('button', { name: 'Save changes' });
    await bringLow(save);
    await saveAndCheck(page, `student-edit-${size.name}`, save, 'Changes saved.');
  });
});

test("users: the toast of a deactivation clears the card's button and the dialog's, and the title", async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  await onEachSize(browser, baseURL, async (page, size) => {
    const name = `Toast ${size.name} ${Date.now().toString(36)}`;
    const email = `toast.${size.name}.${Date.now().toString(36)}@example.org`;
    const made = await request.post(`${API_URL}/users`, { data: { id: crypto.randomUUID(), full_name: name, email, access: 'instrutor' } });
    expect(made.ok(), await made.text()).toBeTruthy();
    await page.goto('usuarios');
    const deactivate = page.getByRole('button', { name: `Deactivate ${name}` });
    await bringLow(deactivate);
    const cardButton = (await deactivate.boundingBox())!;
    await deactivate.click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${name}` }).getByRole('button', { name: 'Deactivate', exact: true });
    await saveAndCheck(page, `users-${size.name}`, confirm, `The change of ${name} was saved`);
    const toast = (await page.locator('.mantine-Notification-root').boundingBox())!;
    expect(intersects(toast, cardButton), `users-${size.name}: the toast over the card's Deactivate`).toBe(false);
  });
});

test("a guardian: the toast clears the dialog's Save and the title", async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const id = await createStudent(request, 'Guardado');
  await onEachSize(browser, baseURL, async (page, size) => {
    await page.goto(`alunos/${id}/responsaveis?action=open-new-responsible-modal`);
    const dialog = page.getByRole('dialog', { name: 'Register Guardian' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Guardiã ${size.name}`);
    await dialog.getByLabel('Relationship to the child').selectOption('MAE');
    await dialog.getByLabel('CPF').fill(newCpf());
    await dialog.getByLabel('Birth date').fill('1985-05-05');
    await dialog.getByLabel('Civil status').selectOption('SOLTEIRO');
    await dialog.getByLabel('Phone').fill('(11) 98888-7777');
    await saveAndCheck(page, `guardian-${size.name}`, dialog.getByRole('button', { name: 'Save' }), 'Guardian added successfully!');
  });
});

test("the class form: the toast clears the dialog's Save and the title", async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const activity = ((await (await request.get(`${API_URL}/activities`)).json()) as { id: string }[])[0]!;
  await onEachSize(browser, baseURL, async (page, size) => {
    await page.goto('turmas');
    await page.getByRole('button', { name: 'Create class' }).click();
    const dialog = page.getByRole('dialog', { name: 'New class' });
    await dialog.getByLabel('Title').fill(`Turma Toast ${size.name} ${Date.now().toString(36)}`);
    await dialog.getByLabel('Activity').selectOption(activity.id);
    const meeting = dialog.getByRole('group', { name: 'Meeting 1' });
    await meeting.getByLabel('Weekday').selectOption('SEGUNDA');
    await meeting.getByLabel('Starts at').fill('08:00');
    await meeting.getByLabel('Ends at').fill('09:30');
    await dialog.getByLabel('Level').selectOption('INICIANTE');
    await saveAndCheck(page, `class-form-${size.name}`, dialog.getByRole('button', { name: 'Save' }), 'Class saved.');
  });
});

test('the general roll: the toast clears Save and the title; a double tap is one toast', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // Days no other test takes its general roll on (general-roll.spec.ts takes today's and yesterday's).
  const dates = { tablet: -45, desktop: -46 };
  await onEachSize(browser, baseURL, async (page, size) => {
    await page.goto(`frequencias/geral?date1=${localDate(dates[size.name])}`);
    // Marked by the keyboard: a click waited for the long list to hold still, which it did not while the device's copy
    // of the students list was still coming (2 minutes, after the other tests had added students).
    await page
      .getByRole('list', { name: /^Children on the general roll/ })
      .getByRole('button', { name: /: arrived$/ })
      .first()
      .press('Enter');
    const save = page.getByRole('button', { name: 'Save attendance' });
    await saveAndCheck(page, `general-roll-${size.name}`, save, 'Attendance recorded successfully', () => save.dblclick());
  });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });
  test('a toast stays readable (AA contrast) while it goes, above an open dialog and its overlay (issue 56, item 9)', async ({ page }) => {
    await page.route('https://api.github.com/**', (route) =>
      route.fulfill({
        json: { full_name: 'TanStack/query', description: 'Async state management' },
        headers: { 'access-control-allow-origin': '*' },
      }),
    );
    await page.goto('tech-demo');
    await page.getByRole('button', { name: 'Success toast' }).click();
    const toast = page.locator('.mantine-Notification-root');
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Open modal' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    // Above the dialog's overlay: the toast is what is drawn at its middle.
    expect(
      await toast.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      }),
    ).toBe(true);
    // Closed, and held half-way through its leaving (axe audits a page for seconds: a toast hiding meanwhile is caught
    // mid-way, as it was once in the accessibility tour, with the dialog open).
    const held = await toast.evaluate(async (element) => {
      // No timer until it is held: the one that removes the toast once its leaving is over never fires.
      const setTimer = window.setTimeout;
      window.setTimeout = (() => 0) as unknown as typeof window.setTimeout;
      element.querySelector<HTMLButtonElement>('button[aria-label="Close notification"]')!.click();
      for (let frame = 0; frame < 120; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const going = document.getAnimations().filter((animation) => element.contains((animation.effect as KeyframeEffect | null)?.target ?? null));
        if (going.length > 0) {
          for (const animation of going) {
            animation.pause();
            animation.currentTime = 125;
          }
          window.setTimeout = setTimer;
          return going.length;
        }
      }
      window.setTimeout = setTimer;
      return 0;
    });
    expect(held, 'the toast did not start to go').toBeGreaterThan(0);
    const axe = await new AxeBuilder({ page }).include('.mantine-Notification-root').withRules(['color-contrast']).analyze();
    expect(axe.violations.flatMap((violation) => violation.nodes.map((node) => node.failureSummary))).toEqual([]);
  });
});

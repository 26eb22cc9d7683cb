/**
 * The app on a tablet held upright (820 x 1180), as staff use it at the court (issue 56):
 * - every control a finger uses (links, buttons, fields, radios, checkboxes, selects) is at least 44 x 44 px, on each
 *   main screen: home with its alerts, the students list with its filters open, a profile, the classes, a class, its
 *   roll call with the justification dialog's reasons, its month grid, the reports with the month's follow-up, the
 *   users, and (issue 50) the follow-ups, a child's open case with its Add step and Close dialogs, the calendar and the
 *   settings; the test lists every smaller one;
 * - no screen scrolls sideways with a 60-character word as a student's name, and the header's controls stay on screen;
 * - the month grid keeps each student's name and frequency in view while its dates scroll.
 * One visit per screen (the browser suite's time is shared by all tests).
 */
import type { Page } from '@playwright/test';
import { API_URL, callPath, classWithRoster, expect, localDate, test } from '../support/e2e.ts';

const TABLET = { width: 820, height: 1180 };
/** One word of 60 letters: no place to wrap it but inside the word. */
const LONG_WORD = `Maximiliana${'a'.repeat(49)}`;

/**
 * Every visible control of the page (or of its open dialog) smaller than 44 x 44 px, with what names it. A radio's or
 * checkbox's target is the input with its label (a tap on either checks it), as WCAG 2.5.5 counts it.
 */
function smallTargets(page: Page, within = 'body') {
  return page.evaluate((root) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="radio"], [role="checkbox"], [role="tab"], [role="switch"]';
    const scope = document.querySelector(root) ?? document.body;
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && element.getClientRects().length > 0;
    };
    const found: string[] = [];
    for (const element of scope.querySelectorAll(selector)) {
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const boxes = [element.getBoundingClientRect()];
      if (element instanceof HTMLInputElement) boxes.push(...[...(element.labels ?? [])].map((label) => label.getBoundingClientRect()));
      const seen = boxes.filter((box) => box.width > 0 && box.height > 0);
      if (seen.length === 0 || (!shown(element) && !(element instanceof HTMLInputElement))) continue;
      const left = Math.min(...seen.map((box) => box.left));
      const right = Math.max(...seen.map((box) => box.right));
      const top = Math.min(...seen.map((box) => box.top));
      const bottom = Math.max(...seen.map((box) => box.bottom));
      // A skip link waits off screen until the keyboard focuses it.
      if (right <= 0 || bottom <= 0) continue;
      const [width, height] = [right - left, bottom - top];
      if (width < 43.5 || height < 43.5) {
        const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])].map((label) => label.textContent).join(' ') : '';
        const name = (element.getAttribute('aria-label') ?? (element.textContent || labels)).trim().slice(0, 40);
        const kind = element.getAttribute('role') ?? (element instanceof HTMLInputElement ? `input[${element.type}]` : element.tagName.toLowerCase());
        found.push(`${kind} "${name}" ${Math.round(width)}x${Math.round(height)}`);
      }
    }
    return found;
  }, within);
}

/** How far the page scrolls sideways, and the header's controls that are not wholly on screen. */
function overflow(page: Page) {
  return page.evaluate(() => ({
    extraWidth: document.documentElement.scrollWidth - window.innerWidth,
    headerOffScreen: [...document.querySelectorAll('header a, header button')]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth;
      })
      .map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()),
  }));
}

test.use({ viewport: TABLET, locale: 'pt-BR' });

test('on the tablet every control is at least 44 x 44 px and no screen scrolls sideways, with a 60-letter word as a name', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { group, students } = await classWithRoster(request);
  const made = await request.post(`${API_URL}/students`, { data: { fullName: `${LONG_WORD} Souza` } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const longNamed = { id: ((await made.json()) as { id: string }).id, name: `${LONG_WORD} Souza` };
  const enrolled = await request.put(`${API_URL}/classes/${group.id}/students/${longNamed.id}`, { data: { from: localDate(-120) } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  // Last month, ten rolls: a grid wider than the tablet.
  const month = localDate(-35).slice(0, 7);
  for (let day = 1; day <= 10; day += 1) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const entries = [...students, longNamed].map((student, i) => ({ studentId: student.id, status: i === 1 ? 'ABSENT' : 'PRESENT' }));
    const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
      data: { takenBy: 'Instrutora E2E', takenAt: `${date}T17:00:00.000Z`, entries },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  // Yesterday's roll leaves the long-named child not marked: home's alerts list it as a roll to complete.
  const yesterday = localDate(-1);
  const partial = await request.put(`${API_URL}/classes/${group.id}/attendance/${yesterday}`, {
    data: {
      takenBy: 'Instrutora E2E',
      takenAt: new Date().toISOString(),
      entries: students.map((student) => ({ studentId: student.id, status: 'PRESENT' })),
    },
  });
  expect(partial.ok(), await partial.text()).toBeTruthy();
  // An open follow-up case with a contact (issue 50): on the profile, and in the follow-ups.
  const opened = await request.post(`${API_URL}/cases`, { data: { studentId: longNamed.id, origin: 'MANUAL' } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const caseId = ((await opened.json()) as { id: string }).id;
  const contact = await request.post(`${API_URL}/cases/${caseId}/steps`, {
    data: { kind: 'CONTACT', channel: 'PHONE', outcome: 'NOT_REACHED', at: new Date().toISOString() },
  });
  expect(contact.ok(), await contact.text()).toBeTruthy();
  // A day off: the calendar's table with its Remove button, beside the national holidays offered.
  const dayOff = await request.put(`${API_URL}/calendar/2034-07-03`, { data: { kind: 'RECESS', name: 'Recesso E2E' } });
  expect(dayOff.ok(), await dayOff.text()).toBeTruthy();

  const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
    { name: 'home', path: './', ready: (p) => expect(p.getByTestId('rolls-to-complete')).toBeVisible() },
    {
      name: 'students',
      path: 'alunos',
      ready: async (p) => {
        await p.getByLabel('Buscar educandos').fill(LONG_WORD.slice(0, 15));
        await expect(p.getByText(longNamed.name).first()).toBeVisible();
        // Its filters open (issue 52: gender, school year, employment, shift), each select a finger's target too.
        await p.getByRole('button', { name: 'Filtros' }).click();
        await expect(p.getByRole('combobox', { name: 'Turno escolar' })).toBeVisible();
      },
    },
    {
      name: 'profile',
      path: `alunos/${longNamed.id}`,
      ready: async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toContainText(LONG_WORD);
        await expect(p.getByTestId('open-case').getByTestId('case-step')).toHaveCount(1);
      },
    },
    { name: 'classes', path: 'turmas', ready: (p) => expect(p.getByText(group.title).first()).toBeVisible() },
    { name: 'class', path: `turmas/${group.id}`, ready: (p) => expect(p.getByText(longNamed.name).first()).toBeVisible() },
    { name: 'roll call', path: callPath(group, localDate()), ready: (p) => expect(p.getByTestId('roll-row')).toHaveCount(students.length + 1) },
    { name: 'month grid', path: `turmas/${group.id}/frequencia?month=${month}`, ready: (p) => expect(p.getByTestId('history-grid')).toBeVisible() },
    { name: 'reports', path: 'relatorios', ready: (p) => expect(p.getByTestId('follow-up-report')).toBeVisible() },
    { name: 'users', path: 'usuarios', ready: (p) => expect(p.getByRole('main').getByRole('button').first()).toBeVisible() },
    { name: 'follow-ups', path: 'acompanhamentos', ready: (p) => expect(p.getByTestId('case-row').first()).toBeVisible() },
    {
      name: 'calendar',
      path: 'calendario?year=2034',
      ready: async (p) => {
        await expect(p.getByTestId('calendar-days').getByRole('button').first()).toBeVisible();
        await expect(p.getByTestId('add-national-holidays')).toBeVisible();
      },
    },
    { name: 'settings', path: 'configuracoes', ready: (p) => expect(p.getByRole('main').locator('textarea:not([disabled])').first()).toBeVisible() },
  ];
  const small: Record<string, string[]> = {};
  const sideways: Record<string, unknown> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await page.waitForLoadState('networkidle');
    const found = await smallTargets(page);
    if (found.length > 0) small[screen.name] = found;
    const { extraWidth, headerOffScreen } = await overflow(page);
    if (extraWidth > 0 || headerOffScreen.length > 0) sideways[screen.name] = { extraWidth, headerOffScreen };

    if (screen.name === 'roll call') {
      // The justification dialog's reasons, as a finger picks one.
      await page.getByRole('button', { name: `${longNamed.name}: falta justificada`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('radio').first()).toBeVisible();
      const inDialog = await smallTargets(page, '[role="dialog"]');
      if (inDialog.length > 0) small['justification dialog'] = inDialog;
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    if (screen.name === 'profile') {
      // The open case's dialogs (issue 50): a step's kinds and fields, and the close's outcomes.
      for (const [button, name] of [
        ['add-step', 'add step dialog'],
        ['close-case', 'close case dialog'],
      ] as const) {
        await page.getByTestId(button).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('radio').first()).toBeAttached();
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        const inDialog = await smallTargets(page, '[role="dialog"]');
        if (inDialog.length > 0) small[name] = inDialog;
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    if (screen.name === 'month grid') {
      // At its first dates and scrolled to its last, the grid shows every row's name and frequency.
      const grid = page.getByTestId('history-grid');
      const outOfView = () =>
        grid.evaluate((box) => {
          const frame = box.getBoundingClientRect();
          return [...box.querySelectorAll('tbody tr')].flatMap((row) => {
            const cells = [row.querySelector('th'), row.lastElementChild].filter((cell): cell is Element => cell !== null);
            const stickOut = cells.filter((cell) => {
              const place = cell.getBoundingClientRect();
              return place.left < frame.left - 1 || place.right > frame.right + 1 || place.right > window.innerWidth;
            });
            return stickOut.length > 0 ? [`${box.scrollLeft}: ${row.querySelector('th')?.textContent?.slice(0, 30)}`] : [];
          });
        });
      const wider = await grid.evaluate((box) => box.scrollWidth > box.clientWidth);
      expect(wider, 'the grid is wider than the tablet (ten dates)').toBe(true);
      const hidden = await outOfView();
      await grid.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
      hidden.push(...(await outOfView()));
      expect(hidden, 'rows whose name or frequency is scrolled out of view').toEqual([]);
    }
  }
  // Controls smaller than 44 x 44 px, and screens wider than 820 px (or whose header's controls are off screen).
  expect({ small, sideways }).toEqual({ small: {}, sideways: {} });
});

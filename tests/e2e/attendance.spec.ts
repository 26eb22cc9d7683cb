/**
 * Attendance against the reference server: the whole flow online, a roll taken offline that survives a reload and a
 * closed browser and reaches the server once, the roll by keyboard only and at 200% zoom (axe on its pages: a11y.spec.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import {
  API_URL,
  callPath,
  classWithRoster,
  expect,
  localDate,
  rosterCached,
  serverRoll,
  test,
  toggle,
  uniqueDate,
  waitForServiceWorker,
  type Student,
} from '../support/e2e.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

const APP_URL = API_URL.replace(/\/api$/, '/frontend/');

test.use({ locale: 'en-US' });

test('the whole roll online: activity, class, date, marks, save; the roll is then on the server', async ({ page, request }) => {
  const { group, students } = await classWithRoster(request);
  const activities = (await (await request.get(`${API_URL}/activities`)).json()) as { id: string; name: string }[];
  const activity = activities.find((item) => item.id === group.activityId)!;

  await page.goto('frequencias/atividades');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance: choose an activity' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem');
  // The cards look alike until one is chosen (issue 24: a dark first card read as already selected).
  await expect(cards.first().getByRole('link')).toHaveCSS(
    'background-color',
    await cards
      .nth(1)
      .getByRole('link')
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  );
  // Areas and frequencies in the page's language, as on the activities page (the server writes them in Portuguese).
  await expect(page.getByRole('link', { name: /Futebol Society/ }).first()).toContainText('Sports · Daily');
  await page
    .getByRole('link', { name: new RegExp(activity.name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(activity.name);
  await page
    .getByRole('link', { name: new RegExp(group.title) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(group.title);

  // Everyone starts present.
  const [first, second] = students as [Student, Student];
  await expect(toggle(page, first.name, 'present')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('roll-counts')).toContainText(`Present: ${students.length}`);

  // The chooser opens today's roll (issue 56): the date is in the field and in the URL.
  await expect(page).toHaveURL(new RegExp(`date1=${localDate()}`));
  await expect(page.getByLabel('Date')).toHaveValue(localDate());

  // No date: the spec's refusal, and the date field says why beside it and takes the focus.
  await page.getByLabel('Date').fill('');
  await page.getByRole('button', { name: 'Save attendance' }).click();
  const refusal = page.getByText('Error saving attendance, please enter a date');
  await expect(refusal).toBeVisible();
  await expect(page.getByText("Choose the roll's date: a roll is saved for a day.")).toBeVisible();
  await expect(page.getByLabel('Date')).toBeFocused();

  // Fixed: the refusal's toast goes at once (not after its 5 s).
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(/date1=\d{4}-\d{2}-\d{2}/);
  await expect(refusal).toBeHidden({ timeout: 2_000 });
  const date = uniqueDate();
  await page.getByLabel('Date').fill(date);
  await expect(page).toHaveURL(new RegExp(`date1=${date}`));

  await toggle(page, second.name, 'absent').click();
  await expect(toggle(page, second.name, 'absent')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, second.name, 'present')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('roll-counts')).toContainText('Absent: 1');

  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Attendance recorded successfully')).toBeVisible();
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced');

  const roll = await serverRoll(request, group.id, date);
  expect(roll).not.toBeNull();
  expect(roll!.entries).toHaveLength(students.length);
  expect(roll!.entries.find((entry) => entry.studentId === second.id)?.status).toBe('ABSENT');
  expect(roll!.entries.find((entry) => entry.studentId === first.id)?.status).toBe('PRESENT');
  expect(roll!.takenBy).toBe('anonymous');

  // Reopening the class and date shows the saved roll, not all-present.
  await page.goto(callPath(group, date));
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced');
  await expect(toggle(page, second.name, 'absent')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, first.name, 'present')).toHaveAttribute('aria-pressed', 'true');
});

test('a roll taken offline survives a reload and a closed browser, then reaches the server once', async ({ request }) => {
  test.setTimeout(120_000);
  const { group, students } = await classWithRoster(request, 1);
  const date = uniqueDate();
  const absentee = students[0]!;
  const userDataDir = mkdtempSync(join(tmpdir(), 'quadra-attendance-'));
  const launch = () =>
    chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, locale: 'en-US', baseURL: APP_URL });
  try {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    // One online visit (the start-up sync) brings every roster into the persisted cache.
    await page.goto('frequencias/atividades');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await waitForServiceWorker(page);
    await expect.poll(() => rosterCached(page, group.id)).toBe(true);

    // Offline, a class never opened before still opens with its roster.
    await context.setOffline(true);
    await page.goto(callPath(group, date));
    await expect(toggle(page, absentee.name, 'absent')).toBeVisible();
    await toggle(page, absentee.name, 'absent').click();
    await page.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByText('Attendance recorded successfully')).toBeVisible();
    await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'pending');
    expect(await serverRoll(request, group.id, date)).toBeNull();

    // Reloaded offline: the roll is still there, still pending, with its statuses.
    await page.reload();
    await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'pending');
    await expect(toggle(page, absentee.name, 'absent')).toHaveAttribute('aria-pressed', 'true');
    await context.close();

    // The browser reopened later, online: the outbox drains at start-up.
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('./');
    await expect.poll(() => serverRoll(request, group.id, date), { timeout: 30_000 }).not.toBeNull();
    const roll = (await serverRoll(request, group.id, date))!;
    expect(roll.entries.find((entry) => entry.studentId === absentee.id)?.status).toBe('ABSENT');
    const days = (await (await request.get(`${API_URL}/classes/${group.id}/attendance`)).json()) as { date: string }[];
    expect(days.filter((day) => day.date === date)).toHaveLength(1);

    // Reopening the class and date shows the saved statuses.
    await page.goto(callPath(group, date));
    await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced');
    await expect(toggle(page, absentee.name, 'absent')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('outbox-pending')).toHaveText('0');
    await context.close();
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('the whole roll can be taken by keyboard alone, a justified absence with its reason too', async ({ page, request }) => {
  const { group, students } = await classWithRoster(request);
  const date = uniqueDate();
  const target = students[students.length - 1]!;
  const excused = students[0]!;
  await page.goto(callPath(group, date));
  await expect(toggle(page, target.name, 'present')).toBeVisible();

  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
  const tabTo = async (name: string) => {
    for (let i = 0; i < 200; i += 1) {
      if ((await focusedName()).trim() === name) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${name} with Tab`);
  };
  await tabTo('Mark all absent');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('roll-counts')).toContainText('Absent: ' + students.length);
  // One Tab stop per student (the pressed mark); the arrows move among its three marks.
  await tabTo(`${excused.name}: absent`);
  await page.keyboard.press('Tab');
  expect(await focusedName()).toBe(`${students[1]!.name}: absent`);
  await page.keyboard.press('Shift+Tab');
  // A justified absence: the dialog opens on the reasons; "other" asks for a note.
  await page.keyboard.press('ArrowRight');
  expect(await focusedName()).toBe(`${excused.name}: justified absence`);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Justified absence: ${excused.name}` });
  await expect(dialog.getByRole('radio', { name: 'Health' })).toBeFocused();
  await page.keyboard.press('ArrowUp'); // wraps round to the last reason, Other
  await expect(dialog.getByRole('radio', { name: 'Other' })).toBeChecked();
  await tabTo('Mark justified');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Say what the reason was')).toBeVisible();
  await page.keyboard.press('Shift+Tab'); // Cancel
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type('flooded street');
  await tabTo('Mark justified');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toggle(page, excused.name, 'justified absence')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, excused.name, 'justified absence')).toBeFocused();
  await expect(page.getByTestId('roll-counts')).toContainText('Justified: 1');
  await tabTo(`${target.name}: absent`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expect(toggle(page, target.name, 'present')).toHaveAttribute('aria-pressed', 'true');
  await tabTo('Save attendance');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Attendance recorded successfully')).toBeVisible();
  // Saving keeps the keyboard's place (a disabled button dropped it to the page's body).
  await expect(page.getByRole('button', { name: 'Save attendance' })).toBeFocused();
  await expect.poll(() => serverRoll(request, group.id, date)).not.toBeNull();
  const roll = (await serverRoll(request, group.id, date))!;
  for (const entry of roll.entries) {
    if (entry.studentId === excused.id)
      expect(entry).toEqual({ studentId: excused.id, status: 'JUSTIFIED', reason: 'OTHER', note: 'flooded street' });
    else expect(entry.status).toBe(entry.studentId === target.id ? 'PRESENT' : 'ABSENT');
  }
  // Opened again, the roll shows the reason.
  await page.reload();
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced');
  await expect(page.getByTestId('roll-reason')).toHaveText('Justified: Other (flooded street)');
  // The student's profile shows the frequency this month and this school year, per activity and class.
  await page.goto(`alunos/${excused.id}`);
  const frequency = page.getByTestId('profile-frequency');
  await expect(frequency.getByRole('rowheader', { name: 'All classes' })).toBeVisible();
  await expect(frequency.getByRole('columnheader', { name: `School year ${new Date().getFullYear()}` })).toBeVisible();
  await expect(frequency.getByRole('rowheader', { name: group.title })).toBeVisible();
});

test('at 200% zoom (640 by 384 CSS pixels) the roll is taken and saved, and the saved notice lies clear of the counts', async ({ page, request }) => {
  await page.setViewportSize({ width: 640, height: 384 });
  const { group, students } = await classWithRoster(request);
  const date = uniqueDate();
  const last = students[students.length - 1]!;
  await page.goto(callPath(group, date));
  await toggle(page, last.name, 'absent').click();
  await expect(page.getByTestId('roll-counts')).toContainText('Absent: 1');
  await page.getByRole('button', { name: 'Save attendance' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Attendance recorded successfully' });
  await expect(notice).toBeVisible();
  const counts = (await page.getByTestId('roll-counts').boundingBox())!;
  const toast = (await notice.boundingBox())!;
  // The counts just saved are on screen, and the notice is neither over them nor over the header (64 px).
  expect(counts.y + counts.height).toBeLessThanOrEqual(384);
  expect(toast.y).toBeGreaterThanOrEqual(64);
  const overlaps = toast.y < counts.y + counts.height && counts.y < toast.y + toast.height;
  expect(overlaps, `notice ${JSON.stringify(toast)} against counts ${JSON.stringify(counts)}`).toBe(false);
  await expect.poll(() => serverRoll(request, group.id, date)).not.toBeNull();
});

test('a roll is taken on its day or later: a date after today is refused on the screen and by the server', async ({ page, request }) => {
  const { group, students } = await classWithRoster(request);
  const tomorrow = localDate(1);
  await page.goto(callPath(group, tomorrow));
  await expect(page.getByText('This date is after today: a roll is taken on its day or later.')).toBeVisible();
  await expect(page.getByTestId('roll-date')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Error saving attendance: the date is after today. A roll is taken on its day or later.')).toBeVisible();
  await expect(page.getByTestId('outbox-pending')).toHaveText('0');
  // Past the device, the server's own rule (its UTC day plus one).
  const entries = students.map((student) => ({ studentId: student.id, status: 'PRESENT' }));
  const refused = await request.put(`${API_URL}/classes/${group.id}/attendance/${localDate(3)}`, {
    data: { takenBy: 'E2E', takenAt: new Date().toISOString(), entries },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: 'roll-date-future' });
  expect(await serverRoll(request, group.id, tomorrow)).toBeNull();
});

test('a class of an activity with no classes shows a message and a back button', async ({ page, request }) => {
  // A real activity with no class yet (an unknown one is "not found", issue 24).
  const created = await request.post(`${API_URL}/activities`, {
    data: { name: `Sem turmas ${Date.now().toString(36)}`, teacher: 'Prof. Nova', area: 'Esportes', frequency: 'Semanal' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`frequencias/atividades/${id}/turmas`);
  await expect(page.getByText('This activity has no classes yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to activities' }).click();
  await expect(page).toHaveURL(/frequencias\/atividades$/);
});

test('a saved roll opened again shows the children it does not list as not marked, and a correction saves only what was marked', async ({
  page,
  request,
}) => {
  const { group, students } = await classWithRoster(request);
  const [first, second, third] = students as [Student, Student, Student | undefined];
  const date = uniqueDate();
  // Saved with the first student only (the others enrolled since, say).
  const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
    data: { takenBy: 'E2E', takenAt: new Date().toISOString(), entries: [{ studentId: first.id, status: 'ABSENT' }] },
  });
  expect(saved.ok()).toBe(true);
  await page.goto(callPath(group, date));
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced');
  await expect(toggle(page, first.name, 'absent')).toHaveAttribute('aria-pressed', 'true');
  // The others: no toggle pressed, said in words, and counted apart.
  for (const mark of ['present', 'absent', 'justified absence'] as const) {
    await expect(toggle(page, second.name, mark)).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(page.getByTestId('roll-not-marked')).toHaveCount(students.length - 1);
  await expect(page.getByTestId('roll-counts')).toContainText(`Not marked: ${students.length - 1}`);
  await expect(page.getByTestId('roll-counts')).toContainText('Present: 0');

  await toggle(page, second.name, 'present').click();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Attendance recorded successfully')).toBeVisible();
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced');
  const roll = await serverRoll(request, group.id, date);
  const statuses = Object.fromEntries(roll!.entries.map((entry) => [entry.studentId, entry.status]));
  expect(statuses).toEqual({ [first.id]: 'ABSENT', [second.id]: 'PRESENT' });
  if (third) expect(statuses[third.id]).toBeUndefined();
});

test('the class page of a class that does not exist says not found, with the way back', async ({ page }) => {
  await page.goto('turmas/no-such-class');
  await expect(page.getByRole('heading', { level: 1, name: 'Class not found' })).toBeVisible();
  await expect(page.getByText('Add a student')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to classes' }).click();
  await expect(page).toHaveURL(/\/turmas$/);
});

/**
 * Classes as the programme runs them (issue 52 item 4): a class created on the classes screen with two weekdays, each
 * with its times, a first and a last day and two instructors reaches the server through the outbox, and its card shows
 * both days; the form says what is missing or wrong, and is axe clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { API_URL, expect, test } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

type ClassAnswer = {
  id: string;
  title: string;
  weekDay: string;
  schedule: string;
  instructorId: string | null;
  meetings: { weekDay: string; start: string | null; end: string | null }[];
  startsOn: string | null;
  endsOn: string | null;
  instructorIds: string[];
};

test('a class with two weekdays and two instructors is created on the classes screen', async ({ page, request }) => {
  const activity = ((await (await request.get(`${API_URL}/activities`)).json()) as { id: string; name: string }[])[0]!;
  const users = (
    (await (await request.get(`${API_URL}/users`)).json()) as { id: string; full_name: string; access: string; active?: boolean }[]
  ).filter((user) => user.access === 'instrutor' && user.active !== false);
  const [first, second] = users;
  const title = `Turma Duas Vezes ${Date.now().toString(36)}`;

  await page.goto('turmas');
  await page.getByRole('button', { name: 'Create class' }).click();
  const dialog = page.getByRole('dialog', { name: 'New class' });
  await expect(dialog.getByRole('group', { name: 'Meeting 1' })).toBeVisible();

  // Saved empty: each required field says so; a meeting that ends before it starts says that.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  const one = dialog.getByRole('group', { name: 'Meeting 1' });
  await one.getByLabel('Weekday').selectOption('SEGUNDA');
  await one.getByLabel('Starts at').fill('09:30');
  await one.getByLabel('Ends at').fill('08:00');
  await expect(one.getByText('Ends after it starts')).toBeVisible();
  await one.getByLabel('Ends at').fill('09:30');
  await one.getByLabel('Starts at').fill('08:00');
  await expect(one.getByText('Ends after it starts')).toHaveCount(0);

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Activity').selectOption(activity.id);
  await dialog.getByRole('button', { name: 'Add a weekday' }).click();
  const two = dialog.getByRole('group', { name: 'Meeting 2' });
  await two.getByLabel('Weekday').selectOption('QUARTA');
  await two.getByLabel('Starts at').fill('14:00');
  await two.getByLabel('Ends at').fill('15:30');
  // A third row added by mistake, and removed.
  await dialog.getByRole('button', { name: 'Add a weekday' }).click();
  await dialog.getByRole('button', { name: 'Remove meeting 3' }).click();
  await expect(dialog.getByRole('group', { name: 'Meeting 3' })).toHaveCount(0);
  await dialog.getByLabel('First day').fill('2026-03-02');
  await dialog.getByLabel('Last day').fill('2026-11-30');
  await dialog.getByLabel('Level').selectOption('INICIANTE');
  // The instructors, chosen with the keyboard: each a chip that Space turns on.
  const instructors = dialog.getByRole('group', { name: 'Instructors' });
  for (const user of [first!, second!]) {
    await instructors.getByRole('checkbox', { name: user.full_name, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(instructors.getByRole('checkbox', { name: user.full_name, exact: true })).toBeChecked();
  }

  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // Each row's remove button and the add button are tablet-sized targets.
  for (const target of [
    dialog.getByRole('button', { name: 'Add a weekday' }),
    dialog.getByRole('button', { name: 'Remove meeting 2' }),
    instructors.locator('label').first(),
  ]) {
    const box = (await target.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });
  // The count can read 0 before the write is queued (CI once read the server before it had the class): wait for it.
  const onServer = async () => ((await (await request.get(`${API_URL}/classes`)).json()) as ClassAnswer[]).find((group) => group.title === title);
  await expect.poll(onServer, { timeout: 20_000 }).toBeTruthy();
  const saved = (await onServer())!;
  expect(saved).toMatchObject({
    meetings: [
      { weekDay: 'SEGUNDA', start: '08:00', end: '09:30' },
      { weekDay: 'QUARTA', start: '14:00', end: '15:30' },
    ],
    startsOn: '2026-03-02',
    endsOn: '2026-11-30',
    instructorIds: [first!.id, second!.id],
    // The original client's fields, derived.
    weekDay: 'SEGUNDA',
    schedule: 'Seg 08:00 - 09:30, Qua 14:00 - 15:30',
    instructorId: first!.id,
  });

  const card = page.getByTestId('class-card').filter({ hasText: title });
  await expect(card).toContainText('Monday');
  await expect(card).toContainText('Wednesday');
  await expect(card).toContainText('Schedule: Monday 08:00 - 09:30; Wednesday 14:00 - 15:30');
  // Filtered by its second weekday, it is there.
  await page.getByLabel('Weekday').selectOption('QUARTA');
  await expect(card).toBeVisible();

  // Opened again, the form has both rows and both instructors.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit class' });
  await expect(edit.getByRole('group', { name: 'Meeting 2' }).getByLabel('Starts at')).toHaveValue('14:00');
  await expect(edit.getByRole('checkbox', { name: first!.full_name, exact: true })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: second!.full_name, exact: true })).toBeChecked();
});

/**
 * Days that were not held (issue 50) in the browser: a class saved as "not held" offline reaches the server once, with
 * its reason, and the month grid says so; the programme calendar takes Brazil's national holidays of a year in one step.
 */
import { API_URL, callPath, classWithRoster, expect, serverRoll, test, uniqueDate, waitForServiceWorker } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

test('a class not held, saved offline with its reason, arrives once and shows as not held in the history', async ({ page, context, request }) => {
  const { group } = await classWithRoster(request);
  const date = uniqueDate();
  await page.goto(callPath(group, date));
  await expect(page.getByRole('button', { name: 'Mark all present' })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.getByTestId('roll-not-held-button').click();
  const dialog = page.getByRole('dialog', { name: 'Class not held' });
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Save as not held' }).click();
  // "Other" asks what the reason was.
  await expect(dialog.getByText('Say what the reason was')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Quadra alagada');
  await dialog.getByRole('button', { name: 'Save as not held' }).click();
  await expect(page.getByText('Saved: class not held')).toBeVisible();
  await expect(page.getByTestId('roll-not-held')).toContainText('Class not held on this day: Other (Quadra alagada)');
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'pending');
  expect(await serverRoll(request, group.id, date)).toBeNull();

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverRoll(request, group.id, date))?.notHeld, { timeout: 30_000 })
    .toEqual({
      reason: 'OTHER',
      note: 'Quadra alagada',
    });
  const roll = (await serverRoll(request, group.id, date))!;
  expect(roll.entries).toEqual([]);
  const days = (await (await request.get(`${API_URL}/classes/${group.id}/attendance`)).json()) as { date: string }[];
  expect(days.filter((day) => day.date === date)).toHaveLength(1);

  await page.goto(`turmas/${group.id}/frequencia?month=${date.slice(0, 7)}`);
  await expect(page.locator(`th[data-date="${date}"]`).getByTestId('history-not-held')).toHaveText('not held: Other, Quadra alagada');
  // No one's frequency counts the day: every student's roll days are 0 in a month with only that day.
  const grid = (await (await request.get(`${API_URL}/classes/${group.id}/attendance?month=${date.slice(0, 7)}`)).json()) as {
    dates: string[];
    students: Array<{ rollDays: number; cells: Array<string | null> }>;
  };
  const at = grid.dates.indexOf(date);
  expect(grid.students.every((student) => student.cells[at] === null)).toBe(true);
});

test("the calendar takes Brazil's national holidays of a year in one step, and a day off can be removed", async ({ page, request }) => {
  await page.goto('calendario?year=2031');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme calendar' })).toBeVisible();
  const offer = page.getByRole('region', { name: "Brazil's national holidays of 2031" });
  // Easter 2031 is 13 April: Good Friday the 11th, Carnaval 24 and 25 February, Corpus Christi 12 June.
  await expect(offer.getByRole('checkbox', { name: /Sexta-feira Santa/ })).toBeChecked();
  await expect(offer.getByRole('checkbox', { name: /11 April|April 11/ })).toBeVisible();
  await expect(offer.getByRole('checkbox', { name: /Corpus Christi · optional point/ })).toBeChecked();
  // Unticked: the programme works on Carnaval Tuesday.
  await offer.getByRole('checkbox', { name: /Carnaval \(terça-feira\)/ }).uncheck();
  await offer.getByRole('button', { name: 'Add 12 days off' }).click();
  await expect
    .poll(async () => ((await (await request.get(`${API_URL}/calendar?year=2031`)).json()) as unknown[]).length, { timeout: 20_000 })
    .toBe(12);
  const days = (await (await request.get(`${API_URL}/calendar?year=2031`)).json()) as Array<{ date: string; kind: string; name: string }>;
  expect(days.find((day) => day.date === '2031-04-11')).toMatchObject({ kind: 'HOLIDAY', name: 'Sexta-feira Santa' });
  expect(days.find((day) => day.date === '2031-02-24')).toMatchObject({ kind: 'RECESS', name: 'Carnaval (segunda-feira)' });
  expect(days.some((day) => day.date === '2031-02-25')).toBe(false);
  await expect(offer.getByRole('checkbox')).toHaveCount(1);

  const list = page.getByTestId('calendar-days');
  await expect(list.getByRole('row')).toHaveCount(13);
  await list.getByRole('button', { name: /Remove the day off of .*Apr(il)? 21|21 .*Apr/ }).click();
  await expect.poll(async () => ((await (await request.get(`${API_URL}/calendar?year=2031`)).json()) as unknown[]).length).toBe(11);
  await expect(list.getByRole('row')).toHaveCount(12);
});

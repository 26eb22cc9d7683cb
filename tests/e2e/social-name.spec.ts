/**
 * Issue 52: a child with a social name (nome social) is seen by it on the students list (and found there by either
 * name), on the roll call, in the class's month grid and on the general roll (found there by either name too); the
 * profile keeps the civil name, with the social name shown as such.
 */
import { randomUUID } from 'node:crypto';
import { API_URL, callPath, classWithRoster, expect, test, toggle, uniqueDate } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

test('a child with a social name is seen by it on the list, the roll call, the month grid and the general roll; the profile keeps the civil name', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const civil = `Joaquim Civil ${tag}`;
  const social = `Joana Social ${tag}`;
  const id = randomUUID();
  const created = await request.post(`${API_URL}/students`, { data: { id, fullName: civil, socialName: social, gender: 'MULHER_TRANS' } });
  expect(created.status(), await created.text()).toBe(201);
  const { group } = await classWithRoster(request);
  const enrolled = await request.put(`${API_URL}/classes/${group.id}/students/${id}`, { data: { from: '2020-01-01' } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);

  // The list: the social name, never the civil one; a search by either name finds the child.
  await page.goto('alunos');
  const search = page.getByLabel('Search students');
  await search.fill(social);
  await expect(page.getByRole('link', { name: social, exact: true })).toBeVisible();
  await expect(page.getByText(civil)).toHaveCount(0);
  await search.fill(`Joaquim Civil ${tag}`);
  await expect(page.getByRole('link', { name: social, exact: true })).toBeVisible();
  await expect(page.getByText(civil)).toHaveCount(0);

  // The profile: the civil name, and the social name as such.
  await page.getByRole('link', { name: social, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: civil })).toBeVisible();
  await expect(page.getByText('Social name', { exact: true })).toBeVisible();
  await expect(page.getByText(social, { exact: true })).toBeVisible();
  await expect(page.getByText('Trans woman')).toBeVisible();

  // The roll call: marked by the social name.
  const date = uniqueDate();
  await page.goto(callPath(group, date));
  await expect(toggle(page, social, 'present')).toBeVisible();
  await toggle(page, social, 'absent').click();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect
    .poll(async () => {
      const response = await request.get(`${API_URL}/classes/${group.id}/attendance/${date}`);
      return response.ok()
        ? ((await response.json()) as { entries: { studentId: string; status: string }[] }).entries.find((e) => e.studentId === id)?.status
        : null;
    })
    .toBe('ABSENT');
  await expect(page.getByText(civil)).toHaveCount(0);

  // The month grid: its row is the social name's.
  await page.goto(`turmas/${group.id}/frequencia?month=${date.slice(0, 7)}`);
  const row = page.getByRole('row', { name: new RegExp(social) });
  await expect(row.locator(`td[data-date="${date}"]`)).toHaveAttribute('data-mark', 'A');
  await expect(page.getByText(civil)).toHaveCount(0);

  // The general roll: the social name, found by either name.
  await page.goto('frequencias/geral');
  const rollSearch = page.getByRole('searchbox', { name: 'Search by name' });
  await rollSearch.fill(civil);
  await expect(page.getByRole('button', { name: `${social}: arrived`, exact: true })).toBeVisible();
  await rollSearch.fill(social);
  await expect(page.getByRole('button', { name: `${social}: arrived`, exact: true })).toBeVisible();
  await expect(page.getByText(civil)).toHaveCount(0);
});

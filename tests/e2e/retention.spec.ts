/**
 * Issue 51, retention: an admin sees the students deactivated RETENTION_YEARS ago, anonymises one after a confirmation
 * that names them and says it cannot be undone, then all the others after one that names how many; the server then
 * holds the code in place of each name, and the page has no accessibility violation with the dialog open.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { API_URL, expect, test } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A student deactivated in 2019, long past the default 5 years. */
async function dueStudent(request: APIRequestContext, label: string): Promise<{ id: string; fullName: string }> {
  const fullName = `Retido ${label} ${unique()}`;
  const created = await request.post(`${API_URL}/students`, { data: { fullName } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const status = await request.post(`${API_URL}/students/${id}/status`, {
    data: { active: false, date: '2019-04-10', reason: 'Mudou de cidade', version: 1 },
  });
  expect(status.ok(), await status.text()).toBeTruthy();
  return { id, fullName };
}

const nameOf = async (request: APIRequestContext, id: string) =>
  ((await (await request.get(`${API_URL}/students/${id}`)).json()) as { fullName: string }).fullName;

test('an admin anonymises one listed student, then all the others, each after a confirmation that cannot be undone', async ({ page, request }) => {
  const one = await dueStudent(request, 'um');
  const others = [await dueStudent(request, 'dois'), await dueStudent(request, 'tres')];
  await page.goto('retencao');
  await expect(page.getByRole('heading', { level: 1, name: 'Retention' })).toBeVisible();
  await expect(page.getByText('This cannot be undone', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(one.fullName) });
  await expect(row).toContainText('Apr 10, 2019');

  await row.getByRole('button', { name: `Anonymise ${one.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Anonymise ${one.fullName}?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Anonymise', exact: true }).click();
  await expect(page.getByText('1 student anonymised.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(one.fullName) })).toHaveCount(0);
  const code = await nameOf(request, one.id);
  expect(code).toMatch(/^ANON-[0-9A-F]{8}$/);
  // Its profile goes by the code and says what happened.
  await page.goto(`alunos/${one.id}`);
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByTestId('student-anonymised')).toContainText('their personal data was removed for good');
  await page.goto('retencao');

  // "All" is every student the server lists now (others' runs may have left some).
  const listed = ((await (await request.get(`${API_URL}/retention`)).json()) as { students: unknown[] }).students.length;
  expect(listed).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: `Anonymise all (${listed})` }).click();
  const all = page.getByRole('dialog', { name: `Anonymise ${listed} students?` });
  await expect(all).toContainText(`The personal data of these ${listed} students will be removed for good. This cannot be undone.`);
  await all.getByRole('button', { name: `Anonymise ${listed} students` }).click();
  await expect(page.getByText(`${listed} students anonymised.`)).toBeVisible();
  await expect(page.getByTestId('retention-empty')).toBeVisible();
  for (const student of others) expect(await nameOf(request, student.id)).toMatch(/^ANON-/);
});

/**
 * Issue 8, part 3: a write the server refuses (4xx) lands in the visible failed list with the server's reason, with
 * retry and discard, while the other writes keep flowing.
 */
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { API_URL, expect, fillStudent, pendingCount, studentsNamed, test } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("a refused write is listed with the server's reason, can be retried and discarded; the others are sent", async ({ page, context, request }) => {
  const cpf = generateCpf();
  const taken = await request.post(`${API_URL}/students`, { data: { fullName: `Dono do CPF ${unique()}`, registrationNumber: cpf } });
  expect(taken.status()).toBe(201);

  await page.goto('alunos/cadastro');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  const refused = `Recusado ${unique()}`;
  await fillStudent(page, refused);
  await page.getByLabel('CPF').fill(cpf);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1');
  const accepted = `Aceito ${unique()}`;
  await fillStudent(page, accepted);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('2');

  let posts = 0;
  await page.route(`${API_URL}/students`, async (route) => {
    if (route.request().method() === 'POST') posts += 1;
    await route.continue();
  });
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-failed')).toHaveText('1', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });
  expect(await studentsNamed(request, accepted)).toHaveLength(1); // the refusal did not hold the queue up
  expect(await studentsNamed(request, refused)).toHaveLength(0);

  await page.getByTestId('outbox-status').click();
  const drawer = page.getByRole('dialog', { name: 'Changes saved on this device' });
  const item = drawer.getByTestId('outbox-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Failed');
  await expect(item.getByTestId('outbox-reason')).toHaveText('A student with this CPF is already registered.');

  // Retry sends it again; the server still refuses, and it is back in the list with the reason.
  const before = posts;
  await item.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => posts).toBe(before + 1);
  await expect(item.getByTestId('outbox-reason')).toHaveText('A student with this CPF is already registered.');
  await expect(page.getByTestId('outbox-failed')).toHaveText('1');

  await item.getByRole('button', { name: 'Discard' }).click();
  await expect(drawer.getByText('Everything has been sent to the server.')).toBeVisible();
  await expect(page.getByTestId('outbox-failed')).toHaveText('0');
  expect(await pendingCount(page)).toBe(0);
  expect(await studentsNamed(request, refused)).toHaveLength(0);
  expect(await studentsNamed(request, accepted)).toHaveLength(1);
});

test('storage full: the lists cannot be saved, the user is warned, saved work still reaches the server; durable storage asked at the first write', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    // The device refuses to store the query cache (table kv): the browser's own QuotaExceededError.
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'kv') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
    const calls: string[] = [];
    (window as unknown as { persistCalls: string[] }).persistCalls = calls;
    if (navigator.storage) navigator.storage.persist = async () => (calls.push('persist'), true);
  });
  await page.goto('alunos');
  await expect(page.getByTestId('student-card').first()).toBeVisible();
  await expect(
    page.getByText('This device is out of storage space, so the lists could not be saved for offline use.', { exact: false }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { persistCalls: string[] }).persistCalls)).toEqual([]);

  const name = `Sem Espaco ${unique()}`;
  await page.goto('alunos/cadastro');
  await fillStudent(page, name);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByText('Student registered successfully!')).toBeVisible();
  await expect(page.getByTestId('outbox-pending')).toHaveText('0');
  expect(await studentsNamed(request, name)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { persistCalls: string[] }).persistCalls)).toEqual(['persist']);
});

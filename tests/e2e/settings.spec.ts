/**
 * Programme settings (issue 58) in the browser: the admin edits the WhatsApp text offline, sees it filled in for a
 * made-up child, reloads still offline (the edit is kept and waits), and once online it reaches the server once.
 */
import { API_URL, expect, queryCached, test, waitForServiceWorker } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

type Settings = { programmeName: string; whatsappTemplate: string; version: number };
const serverSettings = async (request: import('@playwright/test').APIRequestContext) =>
  (await (await request.get(`${API_URL}/settings`)).json()) as Settings;

test('the admin edits the WhatsApp text offline; it survives a reload and arrives once online', async ({ page, context, request }) => {
  const tag = Date.now().toString(36);
  const before = await serverSettings(request);
  await page.goto('configuracoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme settings' })).toBeVisible();
  const text = page.getByRole('textbox', { name: 'Message text (in Portuguese)' });
  await expect(text).toBeEnabled();
  await waitForServiceWorker(page);
  // The settings are on the device before the link goes.
  await expect.poll(() => queryCached(page, ['settings'])).toBe(true);

  await context.setOffline(true);
  // A placeholder the message does not know (a cause could be put in through one) is refused on the screen.
  await text.fill('Oi! {nome} faltou por {motivo}.');
  await expect(page.getByText('Only {nome} and {datas} can be filled in. Remove: {motivo}')).toBeVisible();

  const template = `Oi! {nome} faltou em {datas}. Equipe ${tag}`;
  await text.fill(template);
  await page.getByRole('textbox', { name: 'Programme name' }).fill(`Programa ${tag}`);
  await expect(page.getByTestId('settings-preview')).toHaveText(`Oi! Maria Exemplo faltou em 10/03 e 12/03. Equipe ${tag}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('settings-pending')).toBeVisible();
  expect((await serverSettings(request)).whatsappTemplate).toBe(before.whatsappTemplate);

  // Reloaded offline: the form shows the edit still waiting.
  await page.reload();
  await expect(text).toHaveValue(template);
  await expect(page.getByRole('textbox', { name: 'Programme name' })).toHaveValue(`Programa ${tag}`);
  await expect(page.getByTestId('settings-pending')).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await serverSettings(request)).whatsappTemplate, { timeout: 30_000 }).toBe(template);
  const after = await serverSettings(request);
  expect(after).toMatchObject({ programmeName: `Programa ${tag}`, version: before.version + 1 });
  await expect(page.getByTestId('settings-pending')).toBeHidden();
  await expect(text).toHaveValue(template);
});

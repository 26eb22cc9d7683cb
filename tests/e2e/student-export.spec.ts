/**
 * Issue 51: a guardian's copy. On a child's profile, "Export this child's data" downloads one ZIP that holds the
 * child's name on its readable page and their document's bytes; offline the button waits and says it needs the server.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { unzipSync } from 'fflate';
import { API_URL, expect, PDF, test, uniqueName } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

test("a child's data is exported as one ZIP from their profile; offline the export waits for the server", async ({ page, context, request }) => {
  const fullName = uniqueName('exportação');
  const created = await request.post(`${API_URL}/students`, { data: { fullName, schoolName: 'EM Inicial' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const uploaded = await request.post(`${API_URL}/students/${id}/documentos`, {
    multipart: { file: { name: 'certidao.pdf', mimeType: 'application/pdf', buffer: PDF }, fileType: 'OUTRO', origin: 'E2E', date: '2026-03-02' },
  });
  expect(uploaded.status()).toBe(201);

  await page.goto(`alunos/${id}`);
  const panel = page.getByTestId('export-child-data');
  await expect(panel.getByRole('heading', { name: "A guardian's copy" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: "Export this child's data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^quadra-aluno-[\w-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(new TextDecoder().decode(files['dados.html'])).toContain(fullName);
  expect(Buffer.from(files['documentos/01-certidao.pdf']!).equals(PDF)).toBe(true);

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="export-child-data"]').analyze();
  expect(violations).toEqual([]);

  await context.setOffline(true);
  await expect(panel.getByRole('button', { name: "Export this child's data" })).toBeDisabled();
  await expect(panel.getByText('The export is made by the server: connect to the internet to export.')).toBeVisible();
  await context.setOffline(false);
  await expect(panel.getByRole('button', { name: "Export this child's data" })).toBeEnabled();
});

/**
 * The students import (issue 54) against the reference server: a programme's spreadsheet (Windows-1252, `;`,
 * dd/mm/aaaa, an Excel serial date, CPFs with dots and one invalid, a duplicate, classes by name) through the preview
 * to the result and its CSV of refused rows; the same file again finds its children already registered; 1,000 rows
 * previewed and imported, timed; axe on the preview.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { API_URL, expect, studentsNamed, test } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const FIXTURE = 'tests/fixtures/alunos-programa.csv';

async function choose(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type=file]').setInputFiles(file);
}

test('a programme spreadsheet goes through the preview to the result, and its refused rows come back as a CSV', async ({ page, request }) => {
  await page.goto('alunos');
  await page.getByRole('link', { name: 'Import a spreadsheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import students' })).toBeVisible();
  await choose(page, FIXTURE);

  // The mapping proposed from the Portuguese headers.
  await expect(page.getByLabel('Field for the column Nome completo')).toHaveValue('fullName');
  await expect(page.getByLabel('Field for the column Raça/Cor')).toHaveValue('race');
  await expect(page.getByLabel('Field for the column Turma')).toHaveValue('className');

  await expect(page.getByTestId('count-new')).toHaveText('New: 3');
  await expect(page.getByTestId('count-wrong')).toHaveText('Wrong: 4');
  const preview = page.getByTestId('import-preview');
  // 05/03/2014 in the file (5 March), shown as en-US writes it.
  await expect(preview.getByRole('row', { name: /Ana Beatriz Conceição/ }).first()).toContainText('03/05/2014');
  // The Excel serial date 41732, read as the day it is (3 April 2014).
  await expect(preview.getByRole('row', { name: /João Vítor Araújo/ })).toContainText('04/03/2014');
  await expect(preview.getByRole('row', { name: /Lívia Gonçalves/ })).toContainText('CPF: "123.456.789-00" is not a valid CPF');
  await expect(preview.getByRole('row', { name: /Mateus Simões/ })).toContainText('is not a date');
  await expect(preview.getByRole('row', { name: /Raíssa Cândido/ })).toContainText('No class is called "Capoeira - Turma Única"');
  await expect(preview.locator('tr[data-status=wrong]', { hasText: 'The same child as row 2' })).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByTestId('result-created')).toHaveText('Registered: 3');
  await expect(page.getByTestId('result-refused')).toHaveText('Refused: 4');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-refused').click()]);
  const refused = readFileSync((await download.path())!, 'utf8');
  expect(refused).toContain('Lívia Gonçalves');
  expect(refused).toContain('is not a valid CPF');
  expect(refused).toContain('The same child as row 2');
  expect(refused.split('\r\n').filter(Boolean)).toHaveLength(5);

  // On the server: each child once, with the guardian and the class named in the file.
  const [ana] = await studentsNamed(request, 'Ana Beatriz Conceição');
  expect(await studentsNamed(request, 'Ana Beatriz Conceição')).toHaveLength(1);
  const record = (await (await request.get(`${API_URL}/students/${ana!.id}`)).json()) as {
    registrationNumber: string;
    race: string;
    enrolments: unknown[];
  };
  expect(record).toMatchObject({ registrationNumber: '52998224725', race: 'PARDA' });
  expect(record.enrolments).toHaveLength(1);
  const guardians = (await (await request.get(`${API_URL}/students/${ana!.id}/responsibles`)).json()) as { name: string; phone: string }[];
  expect(guardians).toEqual([expect.objectContaining({ name: 'Maria José da Conceição', phone: '(81) 98765-4321' })]);

  // The same file again: its children are found, and skipped.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await choose(page, FIXTURE);
  await expect(page.getByTestId('count-skip')).toHaveText('To skip: 3');
  await expect(page.getByTestId('count-new')).toHaveText('New: 0');
});

test('1,000 rows are previewed and imported (timed against the goals of 2 s and 20 s)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const lines = ['Nome;Nascimento;Escola'];
  for (let i = 0; i < 1000; i += 1) lines.push(`Criança ${run} ${i};${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/2014;Escola ${i % 7}`);
  await page.goto('alunos/importar');
  const start = Date.now();
  await choose(page, { name: 'mil.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n'), 'utf8') });
  await expect(page.getByTestId('count-new')).toHaveText('New: 1000', { timeout: 20_000 });
  const previewed = Date.now() - start;
  const measured = await page.getByTestId('import-counts').getAttribute('data-preview-ms');
  const sent = Date.now();
  await page.getByRole('button', { name: 'Import 1000 rows' }).click();
  await expect(page.getByTestId('result-created')).toHaveText('Registered: 1000', { timeout: 90_000 });
  const imported = Date.now() - sent;
  console.log(
    `import of 1,000 rows: previewed in ${measured} ms (file chosen to counts, in the page; ${previewed} ms seen by the test), imported in ${imported} ms`,
  );
  const students = (await (await request.get(`${API_URL}/students`)).json()) as { name: string }[];
  expect(students.filter((student) => student.name.startsWith(`Criança ${run} `))).toHaveLength(1000);
});

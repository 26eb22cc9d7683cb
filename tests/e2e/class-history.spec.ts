/**
 * A class's attendance history (issue 17): a known roll's marks in the month grid; that roll corrected offline from
 * the grid's date link reaches the server on reconnect and the grid shows it; the month exported as CSV (pt-BR) and
 * read back; offline, a month never opened is built from the rolls the sync brought; the print sheet of a class of 35
 * is one A4 landscape page with its signature line.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  API_URL,
  classWithRoster,
  expect,
  localDate,
  serverRoll,
  test,
  toggle,
  uniqueDate,
  waitForServiceWorker,
  type ClassGroup,
  type Student,
} from '../support/e2e.ts';

/** A roll saved on the server by someone else: everyone present but the second student. */
async function arrangeRoll(request: APIRequestContext, skip: number): Promise<{ group: ClassGroup; students: Student[]; date: string }> {
  const { group, students } = await classWithRoster(request, skip);
  const date = uniqueDate();
  const entries = students.map((student, i) => ({ studentId: student.id, status: i === 1 ? 'ABSENT' : 'PRESENT' }));
  const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
    data: { takenBy: 'Instrutora E2E', takenAt: `${date}T17:00:00.000Z`, entries },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  return { group, students, date };
}

test.describe('in en-US', () => {
  test.use({ locale: 'en-US' });

  test('a past roll corrected offline from the grid shows in the grid after reconnecting', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const { group, students, date } = await arrangeRoll(request, 0);
    const first = students[0]!;
    const cell = (student: Student) => page.getByRole('row', { name: new RegExp(student.name) }).locator(`td[data-date="${date}"]`);

    await page.goto(`turmas/${group.id}/frequencia?month=${date.slice(0, 7)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Attendance history: ${group.title}` })).toBeVisible();
    await expect(cell(first)).toHaveAttribute('data-mark', 'P');
    await expect(cell(first)).toContainText('present');
    await expect(cell(students[1]!)).toHaveAttribute('data-mark', 'A');
    await expect(page.getByTestId('roll-authors').locator(`li[data-date="${date}"]`)).toContainText('taken by Instrutora E2E');

    // The date's roll call once online (its roster and roll come to the device), then back to the grid.
    const dateLink = page.locator(`th[data-date="${date}"]`).getByRole('link');
    await dateLink.click();
    await expect(page).toHaveURL(new RegExp(`chamada\\?date1=${date}`));
    await expect(toggle(page, first.name, 'present')).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Attendance history' }).click();
    await expect(cell(first)).toHaveAttribute('data-mark', 'P');
    await waitForServiceWorker(page);

    // Offline: correct the roll from the grid's date link.
    await context.setOffline(true);
    await dateLink.click();
    await toggle(page, first.name, 'absent').click();
    await page.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'pending');
    await page.getByRole('link', { name: 'Attendance history' }).click();
    // Still the saved copy, said so, with the correction waiting.
    await expect(page.getByTestId('device-banner')).toContainText('as of');
    await expect(page.getByTestId('history-pending')).toBeVisible();
    await expect(cell(first)).toHaveAttribute('data-mark', 'P');

    await context.setOffline(false);
    await expect(cell(first)).toHaveAttribute('data-mark', 'A', { timeout: 30_000 });
    await expect(cell(first)).toContainText('absent');
    await expect(page.getByTestId('history-pending')).toHaveCount(0);
    await expect(page.getByTestId('roll-authors').locator(`li[data-date="${date}"]`)).toContainText('corrected by');
    const roll = await serverRoll(request, group.id, date);
    expect(roll!.entries.find((entry) => entry.studentId === first.id)?.status).toBe('ABSENT');
  });
});

test.describe('offline, a month never opened', () => {
  test.use({ locale: 'en-US' });

  test('is built from the rolls the sync brought to the device', async ({ page, context, request }) => {
    const { group, students } = await classWithRoster(request, 7);
    // A roll within the sync's last 60 days, saved on the server by someone else.
    const day = new Date(Date.now() - (5 + Math.floor(Math.random() * 40)) * 86_400_000);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const entries = students.map((student, i) => ({ studentId: student.id, status: i === 0 ? 'ABSENT' : 'PRESENT' }));
    const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
      data: { takenBy: 'Instrutora E2E', takenAt: new Date().toISOString(), entries },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();

    await page.goto('./');
    await expect(page.getByTestId('sync-status-text')).toHaveText(/Available offline · synced \d/, { timeout: 20_000 });
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.goto(`turmas/${group.id}/frequencia?month=${date.slice(0, 7)}`);
    await expect(page.getByTestId('history-from-device')).toBeVisible();
    const cell = (student: Student) => page.getByRole('row', { name: new RegExp(student.name) }).locator(`td[data-date="${date}"]`);
    await expect(cell(students[0]!)).toHaveAttribute('data-mark', 'A');
    await expect(cell(students[1]!)).toHaveAttribute('data-mark', 'P');
  });
});

test('the month exports as a CSV a spreadsheet reads in pt-BR (BOM, ;, dd/mm/aaaa)', async ({ page, request }) => {
  const { group, students, date } = await arrangeRoll(request, 1);
  await page.goto(`turmas/${group.id}/frequencia?month=${date.slice(0, 7)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Histórico de frequência: ${group.title}` })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^frequencia-.+-${date.slice(0, 7)}\\.csv$`));
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
  const header = rows[0]!;
  expect(header[0]).toBe('Educando');
  const [year, month, day] = date.split('-');
  const column = header.indexOf(`${day}/${month}/${year}`);
  expect(column).toBeGreaterThan(0);
  const absentee = rows.find((row) => row[0] === students[1]!.name)!;
  expect(absentee[column]).toBe('A');
  expect(rows.find((row) => row[0] === students[0]!.name)![column]).toBe('P');
  expect(header.slice(-5)).toEqual(['Presenças', 'Faltas', 'Justificadas', 'Sem marcação', 'Frequência no mês (%)']);
});

test('the print sheet of a class of 35 children is one A4 landscape page, with the signature line', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { group, students } = await classWithRoster(request, 2);
  // Long full names, as the programme's children have: each row one line on paper.
  const surnames = ['Carvalho dos Santos Oliveira', 'Nascimento Pereira da Silva', 'Albuquerque Fernandes Moreira'];
  for (let i = students.length; i < 35; i += 1) {
    const fullName = `${['Ana Beatriz', 'João Pedro', 'Maria Eduarda'][i % 3]} ${surnames[i % 3]} ${i}`;
    const made = await request.post(`${API_URL}/students`, { data: { fullName } });
    expect(made.ok(), await made.text()).toBeTruthy();
    const id = ((await made.json()) as { id: string }).id;
    const enrolled = await request.put(`${API_URL}/classes/${group.id}/students/${id}`, { data: { from: localDate(-120) } });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    students.push({ id, name: fullName });
  }
  // A month of five weekly rolls, the last one corrected (its line says who corrected it).
  const month = localDate(-35).slice(0, 7);
  const dates = [1, 8, 15, 22, 28].map((day) => `${month}-${String(day).padStart(2, '0')}`);
  for (const [n, date] of [...dates, dates.at(-1)!].entries()) {
    const entries = students.map((student, i) => ({ studentId: student.id, status: (i + n) % 7 === 0 ? 'ABSENT' : 'PRESENT' }));
    const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
      data: { takenBy: n === dates.length ? 'Coordenadora E2E' : 'Instrutora E2E', takenAt: `${date}T${10 + n}:00:00.000Z`, entries },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  // And a day the class was not held, its reason under the date.
  const notHeld = await request.put(`${API_URL}/classes/${group.id}/attendance/${month}-25`, {
    data: {
      takenBy: 'Instrutora E2E',
      takenAt: `${month}-25T18:00:00.000Z`,
      entries: [],
      notHeld: { reason: 'OTHER', note: 'Quadra interditada para manutenção' },
    },
  });
  expect(notHeld.ok(), await notHeld.text()).toBeTruthy();

  await page.goto(`turmas/${group.id}/frequencia?month=${month}`);
  await expect(page.getByTestId('history-grid').locator('tbody tr')).toHaveCount(35);
  await expect(page.getByTestId('roll-authors').locator('li')).toHaveCount(6);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const first = await document.getPage(1);
  const [, , width, height] = first.view as [number, number, number, number];
  const text = (await first.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  // A4 landscape: 842 x 595 points.
  expect({ pages: document.numPages, width: Math.round(width), height: Math.round(height) }).toEqual({ pages: 1, width: 842, height: 595 });
  expect(text).toContain('Assinatura');
  expect(text).toContain(students[34]!.name);
  await document.destroy();
});

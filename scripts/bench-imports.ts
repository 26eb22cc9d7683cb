/**
 * The spreadsheet import's figures (issue 54), in Chromium against a running Quadra, printed, not asserted:
 * - a students file of 1,000 rows: from the file chosen to the counts shown (goal at most 2 s), then imported (goal at
 *   most 20 s);
 * - a file of 10,000 rows (a students file, and a class list): the longest main-thread task while it is read,
 *   previewed and matched (goal: the page never freezes, no task over 200 ms, the threshold this bench calls a frozen
 *   page), from the browser's long tasks (PerformanceObserver 'longtask', every task over 50 ms), and how long the
 *   preview took;
 * - the machine's load average at the start and the end: a long task is wall-clock time, which other programs on a
 *   shared machine lengthen.
 * No CPU throttling: the goals are "on this machine".
 *   npx tsx scripts/bench-imports.ts http://127.0.0.1:4390/frontend/
 * Last line: BENCH_JSON {...}
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const base = (process.argv[2] ?? 'http://127.0.0.1:4390/frontend/').replace(/\/?$/, '/');
const run = Date.now().toString(36);

/** Day d of a month as dd/mm/aaaa. */
const birth = (i: number) => `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${2008 + (i % 10)}`;
const studentsCsv = (count: number, tag: string) =>
  [
    'Nome;Nascimento;Escola;Responsável;Telefone',
    ...Array.from(
      { length: count },
      (_, i) => `Criança ${tag} ${run} ${i};${birth(i)};Escola ${i % 7};Mãe ${i};(81) 9${String(8000_0000 + i).slice(0, 8)}`,
    ),
  ].join('\n');
const classesCsv = (count: number, titles: string[]) =>
  [
    'Nome;Nascimento;Turma;Data de matrícula',
    ...Array.from({ length: count }, (_, i) => `Criança lista ${run} ${i};${birth(i)};${titles[i % titles.length]};02/03/2026`),
  ].join('\n');

type Measured = { previewMs: number; longestTaskMs: number; longTasks: number; totalLongMs: number };

/** Chooses the file and waits for the counts; the long tasks of that span, from an observer installed at page start. */
async function preview(page: Page, name: string, text: string, countsText: RegExp): Promise<Measured> {
  await page.evaluate(() => {
    (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks = [];
  });
  // A file on disk, as a user chooses one: given as a buffer, Playwright decodes it inside the page (base64, a 100 ms
  // task of its own for 10,000 rows, counted as the app's).
  const path = join(mkdtempSync(join(tmpdir(), 'quadra-import-')), name);
  writeFileSync(path, text, 'utf8');
  const start = Date.now();
  await page.locator('input[type=file]').setInputFiles(path);
  await page.getByTestId('import-counts').filter({ hasText: countsText }).waitFor({ timeout: 120_000 });
  const previewMs = Date.now() - start;
  // A task still running when the counts appear ends before the next frame: wait for two.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { duration: number }[] }).__longTasks.map((task) => task.duration));
  return {
    previewMs,
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    longTasks: tasks.length,
    totalLongMs: Math.round(tasks.reduce((sum, duration) => sum + duration, 0)),
  };
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR' });
  await context.addInitScript(`
    window.__name = (fn) => fn;
    window.__longTasks = [];
    new PerformanceObserver((list) => { window.__longTasks.push(...list.getEntries()); }).observe({ type: 'longtask', buffered: true });
  `);
  const page = await context.newPage();
  const classes = (await (await fetch(new URL('../api/classes', base))).json()) as { title: string }[];
  const titles = classes.slice(0, 20).map((group) => group.title);
  const figures: Record<string, unknown> = {};
  const loadAtStart = loadavg()[0]!;

  await page.goto(`${base}alunos/importar`, { waitUntil: 'networkidle' });
  const thousand = await preview(page, 'mil.csv', studentsCsv(1000, 'mil'), /1000/);
  const started = Date.now();
  await page.getByTestId('import-start').click();
  await page.getByTestId('import-result').waitFor({ timeout: 300_000 });
  figures.students1000 = { ...thousand, importMs: Date.now() - started };

  await page.goto(`${base}alunos/importar`, { waitUntil: 'networkidle' });
  figures.students10000 = await preview(page, 'dez-mil.csv', studentsCsv(10_000, 'dezmil'), /10000/);

  await page.goto(`${base}alunos/importar`, { waitUntil: 'networkidle' });
  await page.getByTestId('import-kind-classes').check();
  figures.classes10000 = await preview(page, 'lista.csv', classesCsv(10_000, titles), /10000/);

  await browser.close();
  figures.loadAverage = [loadAtStart, loadavg()[0]!];
  console.log(`BENCH_JSON ${JSON.stringify(figures)}`);
}

void main();

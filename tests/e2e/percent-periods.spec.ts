/**
 * Every percentage on every screen says its period (issue 56, item 2): this month, a named month, the school year,
 * since enrolment, the period chosen, or the days it covers. One visit to each screen that shows a frequency, in
 * pt-BR, in one browser context: home's alerts, the students list, a profile, the roll call, the month grid, the reports
 * with their follow-up, and the period report for funders with its nominal list. On each, every percentage rendered
 * (text, visually hidden text, or an accessible name such as a chart's) must name its period in its own line, its
 * cell, its row or card, its column's header, or its accessible name; the test lists every one that does not.
 */
import type { Page } from '@playwright/test';
import { API_URL, callPath, classWithRoster, expect, localDate, test } from '../support/e2e.ts';

test.use({ locale: 'pt-BR' });

const MONTHS = 'janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro';
/** How the pt-BR screens name a period: a month (this one, a named one), the school year, since a day, a period, days. */
const PERIOD = `neste mês|este mês|no mês|\\b(?:${MONTHS})\\b|ano letivo|desde a matrícula|desde \\d|no período|nos \\d+ dias`;

type Found = { percentages: number; unnamed: string[] };

/** Every percentage the page renders, and those whose period is named nowhere near them (with where they are). */
function percentagesOf(page: Page): Promise<Found> {
  return page.evaluate((periodSource) => {
    const percent = /\d+(?:[.,]\d+)?[\s\u00a0\u202f]?%/;
    const period = new RegExp(periodSource, 'i');
    const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const nameOf = (element: Element | null | undefined) => {
      if (!element) return '';
      const ids = element.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
      return [element.getAttribute('aria-label') ?? '', ...ids.map((id) => text(document.getElementById(id)))].join(' ');
    };
    /** The header cells over a cell's column, through the table head's rows (spans counted). */
    const columnHeader = (cell: HTMLTableCellElement) => {
      const row = cell.parentElement as HTMLTableRowElement;
      let column = 0;
      for (const other of row.cells) {
        if (other === cell) break;
        column += other.colSpan;
      }
      const head = cell.closest('table')?.tHead;
      return [...(head?.rows ?? [])]
        .map((headRow) => {
          let at = 0;
          for (const header of headRow.cells) {
            if (column >= at && column < at + header.colSpan) return text(header);
            at += header.colSpan;
          }
          return '';
        })
        .join(' ');
    };
    const found: Found = { percentages: 0, unnamed: [] };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !percent.test(node.textContent ?? '') || element.closest('script, style, [hidden]')) continue;
      if (element.getClientRects().length === 0) continue; // not rendered (display: none)
      found.percentages += 1;
      const cell = element.closest<HTMLTableCellElement>('td, th');
      const row = element.closest('tr, li, [role="listitem"], [role="row"]');
      const line = element.closest('p, h1, h2, h3, h4, h5, h6, caption, label, dt, dd') ?? element;
      const near = [text(line), text(cell), text(row), cell ? columnHeader(cell) : '', nameOf(element), nameOf(cell)];
      if (!near.some((words) => period.test(words))) {
        found.unnamed.push(`"${text(row ?? cell ?? line).slice(0, 90)}"${cell ? ` (column "${columnHeader(cell)}")` : ''}`);
      }
    }
    // Percentages in accessible names only (a chart's bars): the name itself must say the period.
    for (const element of document.body.querySelectorAll('[aria-label]')) {
      const name = element.getAttribute('aria-label') ?? '';
      if (!percent.test(name) || element.getClientRects().length === 0) continue;
      found.percentages += 1;
      if (!period.test(name)) found.unnamed.push(`accessible name "${name.slice(0, 90)}"`);
    }
    return found;
  }, PERIOD);
}

test('every percentage on every screen says its period: this month, the school year, since enrolment, the period chosen', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A class of the test's own, and a child in it who missed two of this month's rolls: below the minimum when the
  // month has had three days (on its 1st or 2nd, fewer rolls are possible and home has no such child to list).
  const { group, students } = await classWithRoster(request);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const childName = `Período Faltosa ${tag}`;
  const made = await request.post(`${API_URL}/students`, { data: { fullName: childName } });
  expect(made.status(), await made.text()).toBe(201);
  const child = { id: ((await made.json()) as { id: string }).id, name: childName };
  const enrolled = await request.put(`${API_URL}/classes/${group.id}/students/${child.id}`, { data: { from: localDate(-60) } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const thisMonth = localDate().slice(0, 7);
  const days = [-2, -1, 0].map((offset) => localDate(offset)).filter((date) => date.startsWith(thisMonth));
  for (const [index, date] of days.entries()) {
    const entries = [
      ...students.map((student) => ({ studentId: student.id, status: 'PRESENT' as const })),
      { studentId: child.id, status: index === days.length - 1 ? ('PRESENT' as const) : ('ABSENT' as const) },
    ];
    const saved = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
      data: { takenBy: 'Instrutora E2E', takenAt: `${date}T17:00:00.000Z`, entries },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  const childBelow = days.length >= 3;
  const roster = students.length + 1;

  /** Each screen, what shows once it has its figures, and how many percentages it shows at least. */
  const screens: { name: string; path: string; ready: () => Promise<void>; least: number }[] = [
    {
      name: 'home (alerts)',
      path: './',
      least: childBelow ? 2 : 1,
      ready: async () => {
        const alerts = page.getByTestId('attendance-alerts');
        await expect(alerts.getByText(/Abaixo de|Nenhum alerta/).first()).toBeVisible();
        // Every list whole: the child may be past the first five.
        const showAll = alerts.getByRole('button', { name: /^Mostrar todos/ });
        while ((await showAll.count()) > 0) {
          await showAll.first().click();
          await expect(alerts.locator('button[data-loading]')).toHaveCount(0);
        }
        if (childBelow) await expect(alerts.getByRole('listitem').filter({ hasText: child.name }).filter({ hasText: '%' })).toHaveCount(1);
      },
    },
    {
      name: 'students list',
      path: 'alunos',
      least: 1,
      ready: async () => {
        await page.getByLabel('Buscar educandos').fill(tag);
        await expect(page.getByTestId('student-card').filter({ hasText: child.name })).toContainText('%');
      },
    },
    {
      name: 'profile',
      path: `alunos/${child.id}`,
      least: 2,
      ready: () => expect(page.getByTestId('profile-frequency')).toContainText('%'),
    },
    {
      name: 'roll call',
      path: callPath(group, localDate()),
      least: roster,
      ready: () => expect(page.getByTestId('roll-row')).toHaveCount(roster),
    },
    {
      name: 'month grid',
      path: `turmas/${group.id}/frequencia`,
      least: roster,
      ready: () => expect(page.getByTestId('history-grid').locator('tbody tr')).toHaveCount(roster),
    },
    {
      name: 'reports (month, below the minimum, follow-up)',
      path: 'relatorios',
      // The activity's and the class's rows and charts, and the follow-up's two frequencies.
      least: 6,
      ready: async () => {
        await expect(page.getByTestId('class-table').getByRole('row', { name: new RegExp(group.title) })).toContainText('%');
        await expect(page.getByRole('img', { name: /^Gráfico da frequência por turma/ })).toBeVisible();
        await expect(page.getByTestId('follow-up-report')).toContainText('%');
        if (childBelow) await expect(page.getByTestId('below-threshold-table').getByRole('row', { name: new RegExp(child.name) })).toContainText('%');
      },
    },
    {
      name: 'period report for funders',
      path: 'relatorios/prestacao-de-contas',
      least: 3,
      ready: async () => {
        await expect(page.getByTestId('period-attendance').getByRole('row', { name: new RegExp(group.title) })).toContainText('%');
        await page.getByRole('button', { name: 'Mostrar a lista' }).click();
        await expect(page.getByTestId('nominal-list').getByRole('row', { name: new RegExp(child.name) })).toContainText('%');
      },
    },
  ];
  const unnamed: Record<string, string[]> = {};
  const counted: Record<string, number> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready();
    const found = await percentagesOf(page);
    counted[screen.name] = found.percentages;
    if (found.unnamed.length > 0) unnamed[screen.name] = found.unnamed;
  }
  // Each screen showed its figures (a screen with none would pass for nothing), and no percentage leaves its period unsaid.
  const tooFew = Object.fromEntries(
    screens.filter((screen) => counted[screen.name]! < screen.least).map((screen) => [screen.name, counted[screen.name]]),
  );
  expect({ tooFew, unnamed }).toEqual({ tooFew: {}, unnamed: {} });
});

/**
 * Accessibility: axe on every route of the app (src/routes, SPEC §2), in both languages and at mobile and desktop
 * sizes, against real data from the reference server. No violation of serious or critical impact is allowed, and no
 * landmark violation of any impact.
 * One test per route; inside it, two audits that cover each language once and each size once: pt-BR on a phone, en-US
 * on a desktop (pairwise, not all four pairs: the markup that axe judges is the same in both languages, and the four
 * pairs took a third of the browser suite's time on CI). One browser context for both; the language is chosen through
 * localStorage before each load, and the size before each load (the shell picks its layout, sidebar closed or open,
 * when it starts). Besides the routes: the tech demo with its four toasts and its modal open (the toasts every page
 * shows, the dialog). The follow-up's screens (issue 50: the follow-ups, a child's case, the calendar, the settings
 * and the reports with the month's follow-up) are audited on the tablet held upright (820 x 1180, pt-BR) as well.
 * Each audited page is also checked for texts whose catalog was not loaded: a production build shows the message id
 * (a 6-character hash) instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { API_URL, asPsychologist, expect, PDF, test } from '../support/e2e.ts';

type Audit = { language: 'pt-BR' | 'en-US'; size: { name: string; width: number; height: number } };
const AUDITS: readonly Audit[] = [
  { language: 'pt-BR', size: { name: 'mobile', width: 390, height: 844 } },
  { language: 'en-US', size: { name: 'desktop', width: 1280, height: 800 } },
];
/** The tablet the staff carry (issue 50's screens are used on it in the field). */
const WITH_TABLET: readonly Audit[] = [...AUDITS, { language: 'pt-BR', size: { name: 'tablet', width: 820, height: 1180 } }];

type ClassGroup = { id: string; title: string; activityId: string };
type Student = { id: string; name: string };

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * What the tests arrange on the server once: a student with a guardian and an open follow-up case with a step, and a
 * class whose roster has students.
 */
type Fixture = { studentId: string; guardianId: string; group: ClassGroup; rosterName: string };
let fixture: Fixture | undefined;

async function arrange(request: APIRequestContext): Promise<Fixture> {
  if (fixture) return fixture;
  const tag = unique();
  const student = await request.post(`${API_URL}/students`, { data: { fullName: `Acessível ${tag}` } });
  expect(student.ok(), await student.text()).toBeTruthy();
  const studentId = ((await student.json()) as { id: string }).id;
  const guardian = await request.post(`${API_URL}/students/${studentId}/responsibles`, {
    data: {
      name: `Responsável ${tag}`,
      cpf: '52998224725',
      birthDate: '1980-05-17',
      civilState: 'CASADO',
      nis: '12345678901',
      phone: '(11) 98888-7777',
      email: `a11y.${tag}@example.com`,
      address: 'Rua das Acácias, 45',
    },
  });
  expect(guardian.ok(), await guardian.text()).toBeTruthy();
  const guardianId = ((await guardian.json()) as { id: string }).id;
  // A document, so the profile's audit sees its download and remove buttons (their contrast once failed).
  const document = await request.post(`${API_URL}/students/${studentId}/documentos`, {
    multipart: {
      fileName: 'comprovante.pdf',
      fileType: 'COMPROVANTE_RESIDENCIA',
      date: '2026-10-01',
      file: { name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(document.ok(), await document.text()).toBeTruthy();
  // An open follow-up case with a contact (issue 50): the profile shows it, and the follow-ups list it.
  const opened = await request.post(`${API_URL}/cases`, { data: { studentId, origin: 'MANUAL', note: 'Acompanhamento E2E' } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const caseId = ((await opened.json()) as { id: string }).id;
  const contact = await request.post(`${API_URL}/cases/${caseId}/steps`, {
    data: { kind: 'CONTACT', channel: 'PHONE', outcome: 'NOT_REACHED', at: new Date().toISOString() },
  });
  expect(contact.ok(), await contact.text()).toBeTruthy();
  // A day off in a year of its own: the calendar's table and its Remove button.
  const dayOff = await request.put(`${API_URL}/calendar/2033-07-01`, { data: { kind: 'RECESS', name: 'Recesso E2E' } });
  expect(dayOff.ok(), await dayOff.text()).toBeTruthy();

  // A class with students on its roster (the seed enrols some), as the attendance tests find one.
  const classes = (await (await request.get(`${API_URL}/classes`)).json()) as ClassGroup[];
  for (const group of classes) {
    const response = await request.get(`${API_URL}/classes/${group.id}/students`);
    const students = response.ok() ? ((await response.json()) as Student[]) : [];
    if (students.length >= 2) {
      fixture = { studentId, guardianId, group, rosterName: students[0]!.name };
      return fixture;
    }
  }
  throw new Error('no class with a roster on the server');
}

type Route = {
  /** A name for the report. */
  name: string;
  path: (f: Fixture) => string;
  /** Something that only shows once the page has its real content (besides the h1). */
  ready: (page: Page, f: Fixture) => Locator;
  /** What to do once the page has settled, before the audit (open toasts, a modal). */
  act?: (page: Page) => Promise<void>;
  /** Fake answers for calls outside the programme's API. */
  setup?: (page: Page) => Promise<void>;
  /** The languages and sizes it is audited in (AUDITS unless said). */
  audits?: readonly Audit[];
};

const fakeGithub = async (page: Page) => {
  await page.route('https://api.github.com/**', (route) =>
    route.fulfill({
      json: {
        full_name: 'TanStack/query',
        description: 'Async state management',
        subscribers_count: 111,
        stargazers_count: 22222,
        forks_count: 3333,
      },
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
};

const ROUTES: Route[] = [
  { name: 'home', path: () => '', ready: (page) => page.getByRole('main').getByRole('link').first() },
  {
    name: 'attendance: activity picker',
    path: () => 'frequencias/atividades',
    ready: (page) => page.getByRole('main').getByRole('listitem').first(),
  },
  {
    name: 'attendance: class picker',
    path: (f) => `frequencias/atividades/${f.group.activityId}/turmas`,
    ready: (page, f) =>
      page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(f.group.title) })
        .first(),
  },
  {
    name: 'attendance: activity with no classes',
    path: () => 'frequencias/atividades/no-such-activity/turmas',
    ready: (page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    name: 'attendance: roll call',
    path: (f) => `frequencias/atividades/${f.group.activityId}/turmas/${f.group.id}/chamada?date1=2026-10-05`,
    ready: (page, f) => page.getByRole('main').getByText(f.rosterName).first(),
  },
  { name: 'general roll', path: () => 'frequencias/geral', ready: (page) => page.getByTestId('general-roll-row').first() },
  { name: 'general roll: the month of arrivals', path: () => 'frequencias/geral/mes', ready: (page) => page.getByTestId('general-month-label') },
  { name: 'students', path: () => 'alunos', ready: (page) => page.getByTestId('student-card').first() },
  {
    name: 'student profile',
    path: (f) => `alunos/${f.studentId}`,
    // Its documents come in a request of their own: the audit waits for them.
    ready: (page) => page.getByRole('button', { name: /comprovante\.pdf/ }).first(),
  },
  { name: 'student edit', path: (f) => `alunos/${f.studentId}/editar`, ready: (page) => page.getByRole('main').locator('form') },
  { name: 'class page', path: (f) => `turmas/${f.group.id}`, ready: (page, f) => page.getByTestId('class-roster').getByText(f.rosterName).first() },
  {
    name: "a class's attendance history",
    path: (f) => `turmas/${f.group.id}/frequencia`,
    ready: (page) => page.getByTestId('history-grid').or(page.getByTestId('history-empty')),
  },
  { name: 'student registration', path: () => 'alunos/cadastro', ready: (page) => page.getByRole('main').locator('form') },
  { name: 'guardians', path: (f) => `alunos/${f.studentId}/responsaveis`, ready: (page) => page.getByTestId('guardian-card').first() },
  {
    name: 'guardians: register modal',
    path: (f) => `alunos/${f.studentId}/responsaveis?action=open-new-responsible-modal`,
    ready: (page) => page.getByRole('dialog').locator('input').first(),
  },
  {
    name: 'guardians: edit modal',
    path: (f) => `alunos/${f.studentId}/responsaveis?action=open-edit-responsible-modal&responsibleId=${f.guardianId}`,
    ready: (page) => page.getByRole('dialog').locator('input').first(),
  },
  { name: "a student's access record", path: (f) => `alunos/${f.studentId}/acessos`, ready: (page) => page.getByTestId('access-log') },
  { name: 'activities', path: () => 'atividades', ready: (page) => page.getByTestId('activity-card').first() },
  { name: 'classes', path: () => 'turmas', ready: (page) => page.getByTestId('class-card').first() },
  { name: 'users', path: () => 'usuarios', ready: (page) => page.getByTestId('user-card').first() },
  {
    name: "reports, with the month's follow-up",
    path: () => 'relatorios',
    ready: (page) => page.getByTestId('follow-up-report'),
    audits: WITH_TABLET,
  },
  { name: 'follow-ups', path: () => 'acompanhamentos', ready: (page) => page.getByTestId('case-row').first(), audits: WITH_TABLET },
  {
    name: "a child's follow-up case, its Add step dialog open",
    path: (f) => `alunos/${f.studentId}`,
    ready: (page) => page.getByTestId('open-case').getByTestId('case-step').first(),
    act: async (page) => {
      await page.getByTestId('add-step').click();
      await expect(page.getByRole('dialog').getByTestId('step-save')).toBeVisible();
    },
    audits: WITH_TABLET,
  },
  {
    name: 'programme calendar, a day off in it',
    path: () => 'calendario?year=2033',
    ready: (page) => page.getByTestId('calendar-days').getByRole('button').first(),
    audits: WITH_TABLET,
  },
  {
    name: "the period report for funders, its nominal list shown and the pack's CPF-in-full warning",
    path: () => 'relatorios/prestacao-de-contas',
    ready: (page) => page.getByTestId('served-count'),
    act: async (page) => {
      await page.getByRole('button', { name: /^(Show the list|Mostrar a lista)$/ }).click();
      await expect(page.getByTestId('nominal-list')).toBeVisible();
      await page.getByRole('checkbox', { name: /^(CPF in full|CPF completo)$/ }).check();
      await expect(page.getByText(/^(The CPF will go in full|O CPF irá completo)$/)).toBeVisible();
    },
  },
  {
    name: 'programme settings',
    path: () => 'configuracoes',
    // The form is enabled once the settings are read.
    ready: (page) => page.getByRole('main').locator('textarea:not([disabled])').first(),
    audits: WITH_TABLET,
  },
  {
    name: 'anamnese form editor, a choice list open',
    path: () => 'configuracoes/formularios?form=SOCIAL',
    ready: (page) => page.getByTestId('question-card').first(),
    act: async (page) => {
      await page.getByRole('button', { name: /^(Add question|Adicionar pergunta)$/ }).click();
      const added = page.getByTestId('question-card').last();
      await added.locator('select').selectOption('CHOICE');
      await added.getByRole('button', { name: /^(Add option|Adicionar opção)$/ }).click();
    },
  },
  { name: 'consent terms', path: () => 'consentimentos', ready: (page) => page.locator('[data-testid^="term-"]').first() },
  { name: 'the privacy page', path: () => 'privacidade', ready: (page) => page.getByTestId('privacy-contact') },
  { name: "a student's anamnese", path: (f) => `alunos/${f.studentId}/anamnese`, ready: (page) => page.getByRole('tabpanel') },
  {
    name: "a student's anamnese as its psychologist fills it, saved with its required questions unanswered",
    path: (f) => `alunos/${f.studentId}/anamnese?form=PSICOLOGIA`,
    ready: (page) => page.getByRole('form'),
    setup: asPsychologist,
    audits: WITH_TABLET,
    act: async (page) => {
      await page.getByRole('button', { name: /^(Save answers|Salvar respostas)$/ }).click();
      await expect(page.getByText(/^(Required|Obrigatório)$/).first()).toBeVisible();
    },
  },
  { name: 'an address that does not exist', path: () => 'alunos/sem-tal/pagina', ready: (page) => page.getByTestId('not-found-page') },
  { name: 'tech demo', path: () => 'tech-demo', ready: (page) => page.getByTestId('repo-full-name'), setup: fakeGithub },
  {
    name: 'tech demo: the four toasts and the demo modal open',
    path: () => 'tech-demo',
    ready: (page) => page.getByTestId('repo-full-name'),
    setup: fakeGithub,
    act: async (page) => {
      // The first card: four toast buttons, then Open modal. The pointer resting on a toast keeps it from hiding.
      const buttons = page.getByRole('main').locator('.mantine-Card-root').first().getByRole('button');
      for (let i = 0; i < 4; i += 1) await buttons.nth(i).click();
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(4);
      await buttons.nth(4).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'tech demo: nested item', path: () => 'tech-demo/2', ready: (page) => page.getByTestId('demo-item'), setup: fakeGithub },
];

/** The id of every message in the catalogs (src/locales/en-US/*.po), as a production build shows an untranslated one. */
const MESSAGE_IDS = new Set(
  readdirSync('src/locales/en-US').flatMap((file) =>
    [...readFileSync(`src/locales/en-US/${file}`, 'utf8').matchAll(/^msgid "(.+)"$/gm)].map((match) =>
      generateMessageId(JSON.parse(`"${match[1]}"`)),
    ),
  ),
);

/** Texts, accessible names and placeholders of the page that are message ids: their catalog was not loaded. */
function messageIdsShown(page: Page): Promise<string[]> {
  return page.evaluate(
    (ids) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node.textContent?.trim() ?? '');
      for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
        for (const name of ['aria-label', 'title', 'placeholder']) found.push(element.getAttribute(name) ?? '');
      }
      return found.filter((text) => ids.includes(text));
    },
    [...MESSAGE_IDS],
  );
}

/** The page has its content: h1, real data (no loader, no sample), and no transition still running. */
async function settle(page: Page, ready: Locator): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ready).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  // Fades and slides (the modal, the sidebar) would be measured half-way: wait until they end.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function audit(browser: Browser, baseURL: string, route: Route, f: Fixture): Promise<string[]> {
  const problems: string[] = [];
  // No service worker: it only caches, and installing it (the whole precache) in each new context costs CPU.
  const audits = route.audits ?? AUDITS;
  const context = await browser.newContext({ baseURL, viewport: audits[0]!.size, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await route.setup?.(page);
    for (const { language, size } of audits) {
      // The stored choice is read at start-up (SPEC §9): set on the app's origin, then the route loads in it.
      await page.goto('manifest.webmanifest');
      await page.evaluate((value) => window.localStorage.setItem('quadra.locale', value), language);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(route.path(f));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await settle(page, route.ready(page, f));
      if (route.act) {
        await route.act(page);
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      }
      for (const id of await messageIdsShown(page))
        problems.push(`${route.name} [${language}] shows the message id ${id}: its catalog was not loaded`);
      // The whole page, shell included (with a modal open, the page behind it too). Only the violations' details.
      const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
      for (const violation of violations) {
        // Landmarks are held to every impact: a dialog's title bar once made a second banner (moderate).
        if (violation.impact !== 'serious' && violation.impact !== 'critical' && !violation.id.startsWith('landmark-')) continue;
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
        problems.push(
          `${route.name} (${route.path(f)}) [${language}, ${size.name} ${size.width}x${size.height}] ${violation.impact} ${violation.id}: ${targets}`,
        );
      }
    }
  } finally {
    await context.close();
  }
  return problems;
}

test.describe('axe: no serious or critical violation and no landmark violation, pt-BR on a phone and en-US on a desktop (and on the tablet)', () => {
  for (const route of ROUTES) {
    test(route.name, async ({ browser, baseURL, request }) => {
      // Two audits, each axe over a whole screen: 15-30 s on this 2-core machine.
      test.slow();
      const f = await arrange(request);
      expect(await audit(browser, baseURL!, route, f)).toEqual([]);
    });
  }
});

test.describe('focus', () => {
  test.use({ locale: 'en-US' });

  test('focus is never left on the page: a dialog loaded on demand gives it back, a link inside the page moves it to the new page, the phone menu closes with Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('usuarios');
    const add = page.getByRole('button', { name: 'Add user' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(add).toBeFocused();

    await page.goto('./');
    const card = page
      .getByRole('main')
      .getByRole('link', { name: /students/i })
      .first();
    await card.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/alunos$/);
    await expect(page.locator('#quadra-main')).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const menu = page.getByRole('button', { name: 'Toggle navigation' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

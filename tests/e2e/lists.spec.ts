/**
 * The lists against the reference server: students (search, virtualization, guardian flow), guardians (register with
 * a reload mid-way, edit), activities and classes filters, users, the tech demo, offline copies, sample fallback and
 * the no-fallback error texts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { API_URL, NOFALLBACK_URL, expect, queryCached, test, waitForServiceWorker } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createStudent(request: APIRequestContext, fullName: string): Promise<string> {
  const response = await request.post(`${API_URL}/students`, { data: { fullName } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { id: string }).id;
}

type Guardian = { id: string; name: string; phone: string; cpf: string };
async function serverGuardians(request: APIRequestContext, studentId: string): Promise<Guardian[]> {
  return (await (await request.get(`${API_URL}/students/${studentId}/responsibles`)).json()) as Guardian[];
}

const cards = (page: Page, testId: string) => page.getByTestId(testId);

test.describe('students', () => {
  test('filters by gender, school year, employment and shift in the URL, in both languages, and offline from the device', async ({
    page,
    context,
    request,
  }) => {
    const tag = unique();
    const names = { travesti: `Filtro Travesti ${tag}`, eja: `Filtro EJA ${tag}`, both: `Filtro Ambos ${tag}` };
    for (const [fullName, gender, schoolYear, employmentStatus, schoolShift] of [
      [names.travesti, 'TRAVESTI', 'FUNDAMENTAL_3', 'APRENDIZ', 'MANHA'],
      [names.eja, 'FEMININO', 'EJA', 'ESTAGIARIO', 'NOITE'],
      [names.both, 'TRAVESTI', 'EJA', 'APRENDIZ', 'NOITE'],
    ] as const) {
      const made = await request.post(`${API_URL}/students`, { data: { fullName, gender, schoolYear, employmentStatus, schoolShift } });
      expect(made.ok(), await made.text()).toBeTruthy();
    }
    await page.goto('alunos');
    const search = page.getByLabel('Search students');
    await search.fill(tag);
    await expect(cards(page, 'student-card')).toHaveCount(3);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'Travesti' });
    await expect(page).toHaveURL(/[?&]gender=TRAVESTI/);
    await expect(cards(page, 'student-card')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'School year' }).selectOption('EJA');
    await expect(page).toHaveURL(/schoolYear=EJA/);
    await expect(cards(page, 'student-card')).toHaveCount(1);
    await expect(cards(page, 'student-card')).toContainText(names.both);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'School shift' }).selectOption({ label: 'Evening' });
    await expect(page).toHaveURL(/[?&]schoolShift=NOITE/);
    await expect(cards(page, 'student-card')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Employment status' }).selectOption({ label: 'Apprentice' });
    await expect(page).toHaveURL(/employmentStatus=APRENDIZ/);
    await expect(cards(page, 'student-card')).toHaveCount(1);
    await expect(cards(page, 'student-card')).toContainText(names.both);
    await waitForServiceWorker(page);
    await expect.poll(() => queryCached(page, ['students'])).toBe(true);

    // Offline, the same URL filters the device's copy of the list; in pt-BR the labels are Portuguese.
    await context.setOffline(true);
    await page.evaluate(() => window.localStorage.setItem('quadra.locale', 'pt-BR'));
    await page.goto('alunos?gender=TRAVESTI');
    await expect(page.getByRole('combobox', { name: 'Gênero' })).toHaveValue('TRAVESTI');
    await page.getByLabel('Buscar educandos').fill(tag);
    await expect(cards(page, 'student-card')).toHaveCount(2);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(cards(page, 'student-card')).toHaveCount(3);
    await page.goto('alunos?schoolShift=NOITE&employmentStatus=ESTAGIARIO');
    await expect(page.getByRole('combobox', { name: 'Turno escolar' })).toHaveValue('NOITE');
    await expect(page.getByRole('combobox', { name: 'Situação de trabalho' })).toHaveValue('ESTAGIARIO');
    await page.getByLabel('Buscar educandos').fill(tag);
    await expect(cards(page, 'student-card')).toHaveCount(1);
    await expect(cards(page, 'student-card')).toContainText(names.eja);
    await context.setOffline(false);
  });

  test("shows the server's students; search ignores case and accents; empty text", async ({ page, request }) => {
    const tag = unique();
    const name = `Ângela Conceição ${tag}`;
    await createStudent(request, name);
    await page.goto('alunos');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await expect(cards(page, 'student-card').first()).toBeVisible();
    await page.getByLabel('Search students').fill(`angela conceicao ${tag.toUpperCase()}`);
    await expect(cards(page, 'student-card')).toHaveCount(1);
    await expect(cards(page, 'student-card')).toContainText(name);
    await expect(cards(page, 'student-card')).toContainText('Attendance since enrolment: 0%');
    await page.getByLabel('Search students').fill(`no such student ${tag}`);
    await expect(page.getByText('No students found')).toBeVisible();
  });

  test('a first visit shows the first screenful before the whole list comes; a search waits for the whole list', async ({ page, request }) => {
    const tag = unique();
    const name = `Zuleide Última ${tag}`; // sorted past any first screenful
    await createStudent(request, name);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The whole list is asked for once the first screenful's cards are on screen, not beside them.
    let cardsWhenAsked = -1;
    // What the page had when it asked (one failure in a clean run, 0 cards, passed on its retry: kept to explain the next).
    const seen: string[] = [];
    const note = (url: string, outcome: string | number) => {
      const { pathname, search } = new URL(url);
      if (pathname.includes('/api/')) seen.push(`${pathname}${search} ${outcome}`);
    };
    page.on('response', (response) => note(response.url(), response.status()));
    page.on('requestfailed', (failed) => note(failed.url(), 'failed'));
    let whenAsked = '';
    await page.route('**/api/students', async (route) => {
      cardsWhenAsked = await cards(page, 'student-card').count();
      whenAsked += `asked with ${cardsWhenAsked} cards, at ${Math.round(await page.evaluate(() => performance.now()))} ms, after ${seen.join(', ')}. `;
      await held;
      await route.continue();
    });
    // The start-up sync would bring the whole list in by another way.
    await page.route('**/api/sync**', (route) => route.abort());
    await page.goto('alunos');
    await expect(cards(page, 'student-card').first()).toBeVisible();
    await expect(page.getByLabel('Loading students')).toBeVisible();
    await page.getByLabel('Search students').fill(`zuleide ultima ${tag}`);
    await expect(cards(page, 'student-card')).toHaveCount(0);
    await expect(page.getByLabel('Loading students')).toBeVisible();
    await expect(page.getByText('No students found')).toBeHidden();
    expect(cardsWhenAsked, whenAsked).toBeGreaterThan(0);
    release();
    await expect(cards(page, 'student-card')).toContainText(name);
    await expect(page.getByLabel('Loading students')).toBeHidden();
  });

  test('Create New Student goes to the registration form', async ({ page }) => {
    await page.goto('alunos');
    await page.getByRole('link', { name: 'Create New Student' }).click();
    await expect(page).toHaveURL(/\/frontend\/alunos\/cadastro$/);
  });

  test('5,000 students: only the visible rows are in the DOM, and the last one is reachable by scrolling', async ({ page }) => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      id: `big-${i}`,
      name: `Big List ${String(i).padStart(4, '0')}`,
      frequencyPercent: i % 101,
    }));
    await page.route('**/api/students', (route) => route.fulfill({ json: many }));
    // The start-up sync would write the server's own students over the 5,000 of this test.
    await page.route('**/api/sync**', (route) => route.abort());
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('alunos');
    await expect(page.getByText('Big List 0000')).toBeVisible();
    const rendered = await cards(page, 'student-card').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(1400);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByText('Big List 4999')).toBeVisible();
    await expect(page.getByText('Big List 0000')).toHaveCount(0);
  });
});

test.describe('guardians', () => {
  test('register from the student list: reload mid-way restores the form, empty field error, toast, URL clean, saved', async ({ page, request }) => {
    const tag = unique();
    const studentName = `Guardian Flow ${tag}`;
    const studentId = await createStudent(request, studentName);
    const guardianName = `Responsável ${tag}`;

    await page.goto('alunos');
    await page.getByLabel('Search students').fill(tag);
    await page.getByRole('link', { name: `Create Guardian for ${studentName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/alunos/${studentId}/responsaveis\\?action=open-new-responsible-modal$`));
    const dialog = page.getByRole('dialog', { name: 'Register Guardian' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel(/^Name( \*)?$/).fill(guardianName);
    await dialog.getByLabel('CPF').fill('111.444.777-35');
    await dialog.getByLabel('Civil status').selectOption('DIVORCIADO');
    await dialog.getByLabel('Birth date').fill('1982-07-09');
    // Issue 52: the relationship (select2) and a social name (text7), in the URL as the SPEC's fields are.
    await dialog.getByLabel('Relationship to the child').selectOption('AVO');
    await dialog.getByLabel('Social name').fill('Dona Dora');
    await expect(page).toHaveURL(/select2=AVO/);
    await expect(page).toHaveURL(/text7=/);
    await expect(page).toHaveURL(/text2=/); // the debounced write landed
    await expect(page).toHaveURL(/text1=/);

    await page.reload();
    const restored = page.getByRole('dialog', { name: 'Register Guardian' });
    await expect(restored.getByLabel(/^Name( \*)?$/)).toHaveValue(guardianName);
    await expect(restored.getByLabel('CPF')).toHaveValue('111.444.777-35');
    await expect(restored.getByLabel('Civil status')).toHaveValue('DIVORCIADO');
    await expect(restored.getByLabel('Birth date')).toHaveValue('1982-07-09');
    await expect(restored.getByLabel('Relationship to the child')).toHaveValue('AVO');
    await expect(restored.getByLabel('Social name')).toHaveValue('Dona Dora');

    // The phone is still required.
    await restored.getByRole('button', { name: 'Save' }).click();
    await expect(restored.getByText('Please fill in all fields.')).toBeVisible();

    // A grandmother with neither e-mail nor NIS (nor address) is registered (issue 52).
    await restored.getByLabel('Phone').fill('(11) 98888-7777');
    await restored.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Guardian added successfully!')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/alunos/${studentId}/responsaveis$`));
    const card = cards(page, 'guardian-card').filter({ hasText: guardianName });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Dona Dora');
    await expect(card).toContainText('Grandparent');
    await expect(card).toContainText('111.444.777-35');
    await expect(card).toContainText('07/09/1982');
    await expect(card).toContainText('Divorced');
    await expect(card.getByTestId('pending-badge')).toHaveCount(0); // synced
    await expect.poll(async () => (await serverGuardians(request, studentId)).map((g) => g.name)).toContain(guardianName);
    expect((await serverGuardians(request, studentId)).find((g) => g.name === guardianName)).toMatchObject({
      relationship: 'AVO',
      socialName: 'Dona Dora',
      email: '',
      nis: '',
    });
  });

  test('CPF check digits and email format each get a message', async ({ page, request }) => {
    const studentId = await createStudent(request, `Validation ${unique()}`);
    await page.goto(`alunos/${studentId}/responsaveis?action=open-new-responsible-modal`);
    const dialog = page.getByRole('dialog', { name: 'Register Guardian' });
    await dialog.getByLabel(/^Name( \*)?$/).fill('Someone');
    await dialog.getByLabel('CPF').fill('111.444.777-36');
    await dialog.getByLabel('Relationship to the child').selectOption('PAI');
    await dialog.getByLabel('Civil status').selectOption('SOLTEIRO');
    await dialog.getByLabel('Birth date').fill('1990-01-01');
    await dialog.getByLabel('NIS').fill('1');
    await dialog.getByLabel('Phone').fill('1');
    await dialog.getByLabel('Email').fill('someone@');
    await dialog.getByLabel('Address').fill('Rua');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Invalid CPF: check the digits.')).toBeVisible();
    await expect(dialog.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
    expect(await serverGuardians(request, studentId)).toHaveLength(0);
  });

  test('edit a guardian: the same modal, filled; the change reaches the server', async ({ page, request }) => {
    const tag = unique();
    const studentId = await createStudent(request, `Edit Flow ${tag}`);
    const created = await request.post(`${API_URL}/students/${studentId}/responsibles`, {
      data: {
        name: `Edit Me ${tag}`,
        cpf: '52998224725',
        birthDate: '1975-03-02',
        civilState: 'CASADO',
        nis: '555',
        phone: '(11) 3333-4444',
        email: `edit.${tag}@example.com`,
        address: 'Avenida Central, 10',
      },
    });
    expect(created.ok()).toBeTruthy();
    await page.goto(`alunos/${studentId}/responsaveis`);
    await page.getByRole('button', { name: `Edit Edit Me ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Guardian' });
    await expect(dialog.getByLabel(/^Name( \*)?$/)).toHaveValue(`Edit Me ${tag}`);
    await expect(dialog.getByLabel('Civil status')).toHaveValue('CASADO');
    await expect(dialog.getByLabel('Birth date')).toHaveValue('1975-03-02');
    await dialog.getByLabel('Phone').fill('(11) 5555-6666');
    // A guardian registered before issue 52 has no relationship: the edit asks for it.
    await dialog.getByLabel('Relationship to the child').selectOption('MAE');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Guardian updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/alunos/${studentId}/responsaveis$`));
    await expect(cards(page, 'guardian-card').filter({ hasText: `Edit Me ${tag}` })).toContainText('(11) 5555-6666');
    await expect.poll(async () => (await serverGuardians(request, studentId))[0]?.phone).toBe('(11) 5555-6666');
    await page.getByRole('link', { name: 'Back to students' }).click();
    await expect(page).toHaveURL(/\/alunos$/);
  });
});

test.describe('activities', () => {
  test("shows the server's activities and each filter narrows the cards", async ({ page, request }) => {
    const activities = (await (await request.get(`${API_URL}/activities`)).json()) as { name: string; area: string; frequency: string }[];
    await page.goto('atividades');
    await expect(cards(page, 'activity-card')).toHaveCount(activities.length);
    // Works for the roles allowed (the open mode's built-in admin here); auth.spec covers the roles without it.
    await expect(page.getByRole('button', { name: 'Create New Activity' })).toBeEnabled();

    const sample = activities[0]!;
    await page.getByLabel(/^Name( \*)?$/).fill(sample.name.slice(1, 5).toUpperCase());
    const byName = activities.filter((a) => a.name.toLowerCase().includes(sample.name.slice(1, 5).toLowerCase()));
    await expect(cards(page, 'activity-card')).toHaveCount(byName.length);
    await page.getByLabel(/^Name( \*)?$/).fill('');

    await page.getByLabel('Area').selectOption('aquáticos');
    const aquatic = activities.filter((a) => a.area.toLowerCase() === 'aquáticos');
    expect(aquatic.length).toBeGreaterThan(0);
    await expect(cards(page, 'activity-card')).toHaveCount(aquatic.length);
    for (const card of await cards(page, 'activity-card').all()) await expect(card).toContainText('Aquatics');

    await page.getByLabel('Frequency').selectOption('semanal');
    await expect(cards(page, 'activity-card')).toHaveCount(aquatic.filter((a) => a.frequency.toLowerCase() === 'semanal').length);
    for (const card of await cards(page, 'activity-card').all()) await expect(card).toContainText('Weekly');
  });
});

test.describe('classes', () => {
  test("shows the server's classes and each filter narrows the cards", async ({ page, request }) => {
    const activities = (await (await request.get(`${API_URL}/activities`)).json()) as { id: string; name: string }[];
    // The list the page itself was answered: other tests create and archive classes in the same database meanwhile.
    // No background sync either: one that started after that answer brought a class created meanwhile (CI: 52 cards
    // against the answer's 51).
    await page.route('**/api/sync**', (route) => route.abort());
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname.endsWith('/api/classes') && response.request().method() === 'GET',
    );
    await page.goto('turmas');
    const classes = (await (await answer).json()) as { weekDay: string; meetings?: { weekDay: string }[]; level: string; activityId: string }[];
    // A class meets on several weekdays (issue 52): the filter finds it by any of them.
    const meets = (c: (typeof classes)[number], day: string) => (c.meetings ?? [c]).some((m) => m.weekDay === day);
    await expect(cards(page, 'class-card')).toHaveCount(classes.length);
    await expect(page.getByRole('button', { name: 'Create class' })).toBeEnabled();

    const activity = activities.find((a) => classes.some((c) => c.activityId === a.id))!;
    // The activity filter is the browser's autocomplete: an input whose datalist suggests every activity name.
    const activityInput = page.getByLabel('Activity', { exact: true });
    const suggestions = page.locator(`datalist#${await activityInput.getAttribute('list')} option`);
    await expect(suggestions).toHaveCount(new Set(activities.map((a) => a.name)).size);
    await expect(suggestions.and(page.locator(`[value="${activity.name}"]`))).toHaveCount(1);
    await activityInput.fill(activity.name);
    const ofActivity = classes.filter((c) =>
      activities
        .find((a) => a.id === c.activityId)
        ?.name.toLowerCase()
        .includes(activity.name.toLowerCase()),
    );
    await expect(cards(page, 'class-card')).toHaveCount(ofActivity.length);
    await page.getByRole('button', { name: 'Clear activity' }).click();
    await expect(activityInput).toHaveValue('');
    await expect(cards(page, 'class-card')).toHaveCount(classes.length);

    await page.getByLabel('Weekday').selectOption('QUARTA');
    await expect(cards(page, 'class-card')).toHaveCount(classes.filter((c) => meets(c, 'QUARTA')).length);
    for (const card of await cards(page, 'class-card').all()) await expect(card).toContainText('Wednesday');

    await page.getByLabel('Level').selectOption('AVANCADO');
    await expect(cards(page, 'class-card')).toHaveCount(classes.filter((c) => meets(c, 'QUARTA') && c.level === 'AVANCADO').length);
    for (const card of await cards(page, 'class-card').all()) await expect(card).toContainText('Advanced');
  });
});

test('users: full name, email and translated access level', async ({ page, request }) => {
  const users = (await (await request.get(`${API_URL}/users`)).json()) as { full_name: string; email: string; access: string }[];
  await page.goto('usuarios');
  await expect(cards(page, 'user-card')).toHaveCount(users.length);
  const admin = users.find((u) => u.access === 'admin')!;
  const card = cards(page, 'user-card').filter({ hasText: admin.full_name });
  await expect(card).toContainText(admin.email);
  await expect(card).toContainText('Administrator');
});

test.describe('tech demo', () => {
  const repoUrl = 'https://api.github.com/repos/tanstack/query';

  test('repository info, toasts, modal, person card and the nested route', async ({ page }) => {
    await page.route(repoUrl, (route) =>
      route.fulfill({
        json: { full_name: 'TanStack/query', description: 'Async state, tested', subscribers_count: 111, stargazers_count: 22222, forks_count: 3333 },
        headers: { 'access-control-allow-origin': '*' },
      }),
    );
    await page.goto('tech-demo');
    const info = page.getByTestId('repo-info');
    await expect(info).toContainText('TanStack/query');
    await expect(info).toContainText('Async state, tested');
    await expect(info).toContainText('111');
    await expect(info).toContainText('22,222');
    await expect(info).toContainText('3,333');

    for (const name of ['Success toast', 'Error toast', 'Info toast', 'Warning toast']) await page.getByRole('button', { name }).click();
    await expect(page.getByText('This is a success message.')).toBeVisible();
    await expect(page.getByText('This is a warning message.')).toBeVisible();

    await page.getByRole('button', { name: 'Open modal' }).click();
    await expect(page.getByRole('dialog', { name: 'Demo modal' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect(page.getByTestId('demo-person-card')).toContainText('529.982.247-25');
    await page.getByRole('link', { name: 'Item 2' }).click();
    await expect(page).toHaveURL(/\/tech-demo\/2$/);
    await expect(page.getByTestId('demo-item')).toHaveText('Showing demo item 2.');
    await expect(page.getByTestId('repo-info')).toBeVisible(); // still inside the layout
  });

  test("a failed call shows 'API Error: {message}'", async ({ page }) => {
    await page.route(repoUrl, (route) => route.fulfill({ status: 500, body: 'down', headers: { 'access-control-allow-origin': '*' } }));
    await page.goto('tech-demo');
    await expect(page.getByTestId('repo-error')).toContainText(/^API Error: .*500/);
  });
});

const listPages: [string, string][] = [
  ['alunos', 'student-card'],
  ['atividades', 'activity-card'],
  ['turmas', 'class-card'],
  ['usuarios', 'user-card'],
];

test('after one online visit each list opens offline with its data', async ({ page, context, request }) => {
  const studentId = await createStudent(request, `Offline ${unique()}`);
  await request.post(`${API_URL}/students/${studentId}/responsibles`, {
    data: {
      name: 'Offline Guardian',
      cpf: '52998224725',
      birthDate: '1980-01-01',
      civilState: 'SOLTEIRO',
      nis: '1',
      phone: '2',
      email: 'o@example.com',
      address: 'Rua',
    },
  });
  const pages: [string, string][] = [...listPages, [`alunos/${studentId}/responsaveis`, 'guardian-card']];
  // The query each page reads (src/api), which the device must have saved before going offline.
  const queries: Record<string, readonly unknown[]> = {
    alunos: ['students'],
    atividades: ['activities'],
    turmas: ['classes'],
    usuarios: ['users'],
    [`alunos/${studentId}/responsaveis`]: ['guardians', studentId],
  };
  await page.goto('');
  await waitForServiceWorker(page);
  for (const [path, testId] of pages) {
    await page.goto(path);
    await expect(cards(page, testId).first()).toBeVisible();
    await expect(page.getByTestId('sample-banner')).toHaveCount(0); // the server's data, not the sample
    await expect.poll(() => queryCached(page, queries[path]!)).toBe(true); // saved at the next idle moment
  }
  await context.setOffline(true);
  for (const [path, testId] of pages) {
    await page.goto(path);
    await expect(cards(page, testId).first()).toBeVisible();
    await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  }
  await expect(cards(page, 'guardian-card')).toContainText('Offline Guardian');
  await context.setOffline(false);
});

test('server unreachable and nothing cached: sample data with a banner, and nothing saved for sample records', async ({ page, context }) => {
  // On the context, so the cut also holds once the service worker controls the page.
  await context.route('**/api/**', (route) => route.abort());
  for (const [path, testId] of [...listPages, ['alunos/sample-stu-1/responsaveis', 'guardian-card']] as [string, string][]) {
    await page.goto(path);
    await expect(page.getByTestId('sample-banner')).toBeVisible();
    await expect(cards(page, testId).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Register Guardian' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Guardian' });
  await expect(dialog.getByText(/nothing can be saved for sample records/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('fallback off: the error text stands in place of each list', async ({ page }) => {
  for (const [path, text] of [
    ['alunos', 'Error loading students'],
    ['alunos/1/responsaveis', 'Error loading guardians'],
    ['atividades', 'Error loading activities'],
    ['turmas', 'Error loading classes'],
    ['usuarios', 'Error loading users'],
  ]) {
    await page.goto(`${NOFALLBACK_URL}${path}`);
    await expect(page.getByTestId('list-error')).toHaveText(text!);
    await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  }
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });
  test("a failed classes load shows the toast 'Erro ao carregar turmas'", async ({ page }) => {
    await page.route('**/api/classes', (route) => route.abort());
    // The start-up sync would bring the classes in by another way (and then there is no failure to report).
    await page.route('**/api/sync**', (route) => route.abort());
    await page.goto('turmas');
    await expect(page.getByText('Erro ao carregar turmas')).toBeVisible();
  });
});

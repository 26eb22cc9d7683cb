/**
 * Sign-in for real: the build with Firebase configured, connected to the Auth emulator, served by the reference
 * server in its verifying mode (FIREBASE_PROJECT_ID). Google's iframe loader cannot be downloaded here, so a local
 * stand-in (tests/support/fake-gapi.js) is served at its address; the popup is the emulator's account chooser.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { AccessLevel } from '../../src/api/contract.ts';
import { AUTH_EMULATOR_PORT, E2E_ADMIN_EMAIL, E2E_AUTH_PORT } from '../../playwright.config.ts';
import { decodeJwt, emulatorClient, withClaims } from '../support/auth-emulator.ts';
import {
  callPath,
  classWithRoster as ownClass,
  expect,
  fillStudent,
  pendingCount,
  test,
  toggle,
  uniqueDate,
  waitForServiceWorker,
  type Roll,
} from '../support/e2e.ts';

const APP = `http://127.0.0.1:${E2E_AUTH_PORT}/frontend/`;
const API = `http://127.0.0.1:${E2E_AUTH_PORT}/api`;
const emulator = emulatorClient(`127.0.0.1:${AUTH_EMULATOR_PORT}`);
const fakeGapi = readFileSync(new URL('../support/fake-gapi.js', import.meta.url), 'utf8');

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.beforeEach(async ({ context }) => {
  await context.route('https://apis.google.com/js/api.js*', (route) => route.fulfill({ body: fakeGapi, contentType: 'text/javascript' }));
  // The emulator's chooser links Material styles from a CDN; it works without them.
  await context.route(/unpkg\.com|fonts\.googleapis\.com/, (route) => route.abort());
});

type Access = AccessLevel;
const emailOf = (displayName: string) => `${displayName.toLowerCase().replace(/\W+/g, '.')}@example.com`;

/**
 * Through the Google popup: the emulator's account chooser, a new account with this display name. Users are the
 * allow-list: the first admin (ADMIN_EMAILS) registers the account first with `access`, unless it is null (a stranger).
 */
async function signInWithPopup(page: Page, displayName: string, access: Access | null = 'coordenador'): Promise<string> {
  const email = emailOf(displayName);
  if (access) await registerStaff(page.context(), displayName, access);
  await signInThroughPopup(page, displayName, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  return email;
}

async function signInThroughPopup(page: Page, displayName: string, email: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(displayName);
  await popup.locator('#sign-in').click();
}

/** Signs in again as an account the emulator already has (its "choose an account" list): the same uid as before. */
async function signInAgainThroughPopup(page: Page, email: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const popup = await popupOpened;
  await popup.locator('.js-reuse-account', { hasText: email }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

let adminToken: Promise<string> | undefined;
/** A token of the first admin (ADMIN_EMAILS), to arrange users and look at what reached the server. */
async function staffToken(): Promise<string> {
  adminToken ??= emulator
    .signUpVerified(E2E_ADMIN_EMAIL, 'Admin E2E')
    .catch(() => emulator.signInWithPassword(E2E_ADMIN_EMAIL))
    .then((user) => user.idToken);
  return adminToken;
}

async function registerStaff(context: BrowserContext, fullName: string, access: Access): Promise<{ id: string; version: number }> {
  const response = await context.request.post(`${API}/users`, {
    headers: { authorization: `Bearer ${await staffToken()}` },
    data: { full_name: fullName, email: emailOf(fullName), access },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; version: number };
}

async function serverStudentsNamed(context: BrowserContext, name: string): Promise<unknown[]> {
  const response = await context.request.get(`${API}/students`, { headers: { authorization: `Bearer ${await staffToken()}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Array<{ name: string }>).filter((student) => student.name === name);
}

function recordApiRequests(page: Page): Array<{ request: Request; status: number }> {
  const seen: Array<{ request: Request; status: number }> = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().startsWith(API)) return;
    // A request that finishes as the test closes the page has no response to read any more: not the test's failure.
    const response = await request.response().catch(() => null);
    seen.push({ request, status: response?.status() ?? 0 });
  });
  return seen;
}

test('a user signs in through the Google popup; every API request carries their token and the server accepts it', async ({ page }) => {
  const name = `Ana Coordenadora ${unique()}`;
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
  });
  const shell = await page.goto(APP);
  // Sign-in works under the server's policy: scripts from the app and Google's sign-in loader only (and WebAssembly).
  expect(shell?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval' https://apis.google.com;");
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  const email = await signInWithPopup(page, name);

  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText(name.slice(0, 10));

  const seen = recordApiRequests(page);
  await page
    .getByRole('link', { name: /Students/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  // The list from the server (not the sample, not still loading) before leaving the page.
  await expect(page.getByTestId('student-card').first()).toBeVisible();
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  await page.goto(`${APP}atividades`);
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  await expect.poll(() => seen.length).toBeGreaterThan(1);
  for (const { request, status } of seen) {
    const header = (await request.allHeaders()).authorization ?? '';
    expect(header, request.url()).toMatch(/^Bearer /);
    expect(decodeJwt(header.slice(7)).email).toBe(email);
    expect(status, request.url()).toBeLessThan(400);
  }

  expect(refusedByPolicy).toEqual([]);

  // Sign-out returns to home from anywhere.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(APP);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(name);
});

test('without a token the lists fall back to sample data and nothing is written until someone signs in', async ({ page, context }) => {
  await page.goto(`${APP}atividades`);
  await expect(page.getByTestId('sample-banner')).toBeVisible(); // 401 -> the specified fallback

  const student = `Sem Token ${unique()}`;
  await page.goto(`${APP}alunos/cadastro`);
  await fillStudent(page, student);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByTestId('session-notice')).toBeVisible({ timeout: 20_000 });
  expect(await pendingCount(page)).toBe(1);
  expect(await serverStudentsNamed(context, student)).toHaveLength(0);

  // Signing in from the notice sends the kept work with the new token, once.
  await signInWithPopup(page, `Bruno Instrutor ${unique()}`);
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });
  await expect(page.getByTestId('session-notice')).toHaveCount(0);
  expect(await serverStudentsNamed(context, student)).toHaveLength(1);
});

test("sign-out leaves no personal data in IndexedDB and keeps the unsent work, sent only under its author's sign-in", async ({ page, context }) => {
  await page.goto(APP);
  const carla = await signInWithPopup(page, `Carla Compartilhado ${unique()}`);
  await page.goto(`${APP}alunos`);
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  const firstStudent = (
    await page.getByTestId('student-card').first().locator('a[data-testid="student-profile-link"], p').first().innerText()
  ).trim();
  expect(firstStudent.length).toBeGreaterThan(3);
  await expect.poll(() => readDevice(page).then((device) => device.kv.join(' ').includes(firstStudent))).toBe(true);

  const unsent = `Nao Enviado ${unique()}`;
  await page.goto(`${APP}alunos/cadastro`);
  await expect(page.getByLabel(/^Full name/)).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await fillStudent(page, unsent);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('1 change(s) have not reached the server yet');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // A cache save waits for an idle moment, at most a second: one begun before sign-out would have landed by now.
  await page.waitForTimeout(1500);

  const device = await readDevice(page);
  expect(device.kv.join(' ')).not.toContain(firstStudent);
  expect(device.kv.join(' ')).not.toContain('registrationNumber');
  expect(device.outbox).toHaveLength(1);
  expect(JSON.stringify(device.outbox[0])).toContain(unsent);
  expect(device.firebaseUsers).toBe(0);
  expect(device.sessionStorageKeys).toEqual([]);

  // Back online, another account signs in on the shared tablet: Carla's work is not sent as theirs, and they see it is
  // hers without its content.
  await context.setOffline(false);
  await signInWithPopup(page, `Bruno Seguinte ${unique()}`);
  await page.getByTestId('outbox-status').click();
  await expect(page.getByTestId('outbox-other-account')).toBeVisible();
  await expect(page.getByRole('dialog')).not.toContainText(unsent);
  await page.keyboard.press('Escape');
  expect(await serverStudentsNamed(context, unsent)).toHaveLength(0);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Carla signed in again: the kept work reaches the server.
  await signInAgainThroughPopup(page, carla);
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });
  expect(await serverStudentsNamed(context, unsent)).toHaveLength(1);
});

test('a refused token is replaced by a fresh one and the request retried once', async ({ page }) => {
  await page.goto(APP);
  await signInWithPopup(page, `Diego Renovado ${unique()}`);
  const statuses: number[] = [];
  let forged = false;
  await page.route(`${API}/students`, async (route) => {
    const headers = route.request().headers();
    if (!forged && headers.authorization) {
      forged = true; // the first request goes out with a token the server must refuse
      headers.authorization = `Bearer ${withClaims(headers.authorization.slice(7), { exp: Math.floor(Date.now() / 1000) - 10 })}`;
    }
    const response = await route.fetch({ headers });
    statuses.push(response.status());
    await route.fulfill({ response });
  });
  await page.goto(`${APP}alunos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await expect(page.getByTestId('student-card').first()).toBeVisible();
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  // The cards may come first from the sync's copy: the list's own retry answers a moment later.
  await expect.poll(() => statuses.slice(0, 2)).toEqual([401, 200]);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a disabled account is signed out and its cached data removed', async ({ page }) => {
  await page.goto(APP);
  const email = await signInWithPopup(page, `Eva Desativada ${unique()}`);
  await page.goto(`${APP}alunos`);
  // The list is loaded (and cached) with the user's token before the account is disabled: otherwise its own request
  // may be the one refused, and the session ends here rather than on the next page.
  await expect(page.getByTestId('student-card').first()).toBeVisible();
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  const uid = await emulator.uidOf(email);
  await emulator.disable(uid);
  // The next request is refused; the fresh token the app then asks for is refused with user-disabled.
  await page.goto(`${APP}atividades`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(APP);
  expect((await readDevice(page)).kv.join(' ')).not.toContain(email);
});

const asAdmin = async () => ({ authorization: `Bearer ${await staffToken()}` });

/** A class of the test's own with students on its roster (support/e2e.ts), made through the admin's token. */
const classWithRoster = async (context: BrowserContext) => ownClass(context.request, 0, { api: API, headers: await asAdmin() });
/** The roll the server holds for a class on a date (null: none). */
async function serverRoll(context: BrowserContext, classId: string, date: string): Promise<Roll | null> {
  const response = await context.request.get(`${API}/classes/${classId}/attendance/${date}`, { headers: await asAdmin() });
  return response.status() === 404 ? null : ((await response.json()) as Roll);
}

test.describe('access by role', () => {
  test('a stranger (a Google account that is not a user) sees the not-registered screen, and can sign out', async ({ page }) => {
    await page.goto(APP);
    const name = `Estranho ${unique()}`;
    await signInThroughPopup(page, name, emailOf(name));
    await expect(page.getByRole('heading', { level: 1, name: 'This account is not registered in Quadra' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('student-card')).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Quadra!' })).toBeVisible();
  });

  test('an instructor sees no guardian or document actions, and still takes a roll offline', async ({ page, context }) => {
    test.setTimeout(120_000);
    const { group, students } = await classWithRoster(context);
    await page.goto(APP);
    await signInWithPopup(page, `Ivo Instrutor ${unique()}`, 'instrutor');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Attendance' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Students' }).click();
    await expect(page.getByTestId('student-card').first()).toBeVisible();
    // Their list is their classes' students (the server sends no others), and the page says so.
    await expect(page.getByTestId('own-classes-note')).toBeVisible();
    await expect(page.getByRole('button', { name: /Create Guardian/ }).or(page.getByRole('link', { name: /Create Guardian/ }))).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create New Student' })).toHaveCount(0);
    // A direct address to a student's guardians is a page that says so, and the server was never asked.
    await page.goto(`${APP}alunos/${students[0]!.id}/responsaveis`);
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this screen' })).toBeVisible();
    await page.goto(`${APP}alunos/cadastro`);
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this screen' })).toBeVisible();

    // The roll call, offline: saved on the device, sent once the connection is back.
    const date = uniqueDate();
    await page.goto(`${APP}${callPath(group, date)}`);
    await expect(toggle(page, students[0]!.name, 'absent')).toBeVisible();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await toggle(page, students[0]!.name, 'absent').click();
    await page.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByTestId('outbox-pending')).toHaveText('1');
    await context.setOffline(false);
    await expect.poll(() => serverRoll(context, group.id, date), { timeout: 30_000 }).not.toBeNull();
    expect((await serverRoll(context, group.id, date))!.entries.find((e) => e.studentId === students[0]!.id)?.status).toBe('ABSENT');
  });

  test('an admin adds a user in the users screen, who can then sign in', async ({ page, context }) => {
    await page.goto(APP);
    await signInWithPopup(page, `Ada Admin ${unique()}`, 'admin');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByTestId('user-card').first()).toBeVisible();
    const newcomer = `Nina Nova ${unique()}`;
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Full name/).fill(newcomer);
    await dialog.getByLabel(/^E-mail/).fill(emailOf(newcomer));
    await dialog.getByLabel(/^Access/).selectOption('psicologo');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByTestId('user-card').filter({ hasText: newcomer })).toBeVisible();
    // The card shows at once, before the outbox has sent it (the pending count may still read 0 then): wait for the
    // server to have the user, and the outbox to be empty, or "Sign out" rightly asks about the unsent change first.
    await expect
      .poll(async () => {
        const users = await context.request.get(`${API}/users`, { headers: await asAdmin() });
        return ((await users.json()) as Array<{ email: string }>).some((user) => user.email === emailOf(newcomer));
      })
      .toBe(true);
    await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await signInThroughPopup(page, newcomer, emailOf(newcomer));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newcomer);
    // A psychologist reads students but manages no users.
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Students' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
  });

  test('a user deactivated mid-session is signed out at their next request, and their unsent roll is kept', async ({ page, context }) => {
    test.setTimeout(120_000);
    const { group, students } = await classWithRoster(context);
    const name = `Davi Desligado ${unique()}`;
    await page.goto(APP);
    const user = await registerStaff(context, name, 'instrutor');
    await signInThroughPopup(page, name, emailOf(name));
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const date = uniqueDate();
    await page.goto(`${APP}${callPath(group, date)}`);
    await expect(toggle(page, students[0]!.name, 'absent')).toBeVisible();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByTestId('outbox-pending')).toHaveText('1');

    const deactivated = await context.request.put(`${API}/users/${user.id}`, {
      headers: await asAdmin(),
      data: { full_name: name, email: emailOf(name), access: 'instrutor', active: false, version: user.version },
    });
    expect(deactivated.status()).toBe(200);
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Your account was deactivated in Quadra/)).toBeVisible();
    await expect(page.getByTestId('outbox-pending')).toHaveText('1');
    const device = await readDevice(page);
    expect(device.outbox).toHaveLength(1);
    expect(device.kv.join(' ')).not.toContain(students[0]!.name);
    expect(await serverRoll(context, group.id, date)).toBeNull();
  });
});

/** What the device keeps, read from the page: the query cache rows, the outbox, Firebase's stored users. */
async function readDevice(page: Page): Promise<{ kv: string[]; outbox: unknown[]; firebaseUsers: number; sessionStorageKeys: string[] }> {
  return page.evaluate(async () => {
    const readAll = (dbName: string, store: string) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open(dbName);
        // A look that leaves no trace: no database created, the connection closed (support/e2e.ts deviceRows).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as unknown[]);
          };
        };
        open.onerror = () => resolve([]);
      });
    const kv = (await readAll('quadra', 'kv')) as Array<{ value: string }>;
    return {
      kv: kv.map((row) => row.value),
      outbox: await readAll('quadra', 'outbox'),
      firebaseUsers: (await readAll('firebaseLocalStorageDb', 'firebaseLocalStorage')).length,
      sessionStorageKeys: Object.keys(sessionStorage),
    };
  });
}

test("a psychology intern fills a child's psychological anamnese offline; the psychologist marks it reviewed", async ({ page, context }) => {
  const students = await context.request.get(`${API}/students`, { headers: { authorization: `Bearer ${await staffToken()}` } });
  const list = (await students.json()) as Array<{ id: string }>;
  const studentId = list[Math.floor(Math.random() * list.length)]!.id;
  const intern = `Gabi Estagiaria ${unique()}`;
  await page.goto(APP);
  await signInWithPopup(page, intern, 'estagiario_psicologia');
  await page.goto(`${APP}alunos/${studentId}/anamnese?form=PSICOLOGIA`);
  const form = page.getByRole('form', { name: 'Answers' });
  await expect(form.getByRole('textbox', { name: /^1\. / })).toBeVisible();
  // The social form is not the psychology intern's: one form, and no tabs to choose between.
  await expect(page.getByRole('heading', { name: 'Psychological assessment' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await form.getByRole('textbox', { name: /^1\. / }).fill('Mora com a avó e dois irmãos; mais ligada à avó.');
  for (const group of await form.getByRole('radiogroup').all()) await group.getByRole('radio').first().check();
  await form.getByRole('textbox', { name: /^3\. / }).fill('Com a avó e com a professora.');
  // Kept on the device as it is typed: a reload offline brings the answers back.
  await form.getByRole('textbox', { name: /^13\. / }).fill('Chora, depois conversa.');
  await expect(page.getByTestId('assessment-draft')).toBeVisible();
  await page.waitForTimeout(600);
  await page.reload();
  await expect(form.getByRole('textbox', { name: /^13\. / })).toHaveValue('Chora, depois conversa.');
  await form.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1');
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });
  await expect(page.getByTestId('assessment-status')).toContainText(`Written by ${intern} (Psychology intern)`);
  await expect(page.getByTestId('assessment-status')).toContainText('Not reviewed yet');
  await page.getByRole('button', { name: 'Sign out' }).click();

  const psychologist = `Tatiana Psicologa ${unique()}`;
  await signInWithPopup(page, psychologist, 'psicologo');
  await page.goto(`${APP}alunos/${studentId}/anamnese?form=PSICOLOGIA`);
  await expect(page.getByTestId('assessment-status')).toContainText('Not reviewed yet');
  await page.getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 });
  await expect(page.getByTestId('assessment-status')).toContainText(`Reviewed by ${psychologist}`);
  await expect(page.getByTestId('assessment-status')).toContainText(`Written by ${intern}`);

  const saved = await context.request.get(`${API}/students/${studentId}/assessments`, { headers: { authorization: `Bearer ${await staffToken()}` } });
  expect(await saved.json()).toEqual([
    expect.objectContaining({ formType: 'PSICOLOGIA', writtenBy: intern, reviewed: true, reviewedBy: psychologist }),
  ]);
});

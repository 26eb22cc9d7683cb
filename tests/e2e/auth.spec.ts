/**
 * Sign-in for real: the build with Firebase configured, connected to the Auth emulator, served by the reference
 * server in its verifying mode (FIREBASE_PROJECT_ID). Google's iframe loader cannot be downloaded here, so a local
 * stand-in (tests/support/fake-gapi.js) is served at its address; the popup is the emulator's account chooser.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { AUTH_EMULATOR_PORT, E2E_AUTH_PORT } from '../../playwright.config.ts';
import { decodeJwt, emulatorClient, withClaims } from '../support/auth-emulator.ts';
import { expect, fillStudent, pendingCount, test, waitForServiceWorker } from '../support/e2e.ts';

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

/** Through the Google popup: the emulator's account chooser, a new account with this display name. */
async function signInWithPopup(page: Page, displayName: string): Promise<string> {
  const email = `${displayName.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(displayName);
  await popup.locator('#sign-in').click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  return email;
}

/** A token the API accepts, to look at what reached the server. */
async function staffToken(): Promise<string> {
  return (await emulator.signUp(`checker-${unique()}@example.com`)).idToken;
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
    seen.push({ request, status: (await request.response())?.status() ?? 0 });
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
  // Sign-in works under the server's policy: scripts from the app and Google's sign-in loader only.
  expect(shell?.headers()['content-security-policy']).toContain("script-src 'self' https://apis.google.com;");
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

test('sign-out leaves no personal data in IndexedDB and keeps the unsent work', async ({ page, context }) => {
  await page.goto(APP);
  await signInWithPopup(page, `Carla Compartilhado ${unique()}`);
  await page.goto(`${APP}alunos`);
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  const firstStudent = (await page.getByTestId('student-card').first().locator('p').first().innerText()).trim();
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
  await page.waitForTimeout(1000); // past the persister's throttle

  const device = await readDevice(page);
  expect(device.kv.join(' ')).not.toContain(firstStudent);
  expect(device.kv.join(' ')).not.toContain('registrationNumber');
  expect(device.outbox).toHaveLength(1);
  expect(JSON.stringify(device.outbox[0])).toContain(unsent);
  expect(device.firebaseUsers).toBe(0);
  expect(device.sessionStorageKeys).toEqual([]);

  // Back online and signed in again, the kept work reaches the server.
  await context.setOffline(false);
  await signInWithPopup(page, `Carla Compartilhado ${unique()}`);
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
  expect(statuses.slice(0, 2)).toEqual([401, 200]);
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

/** What the device keeps, read from the page: the query cache rows, the outbox, Firebase's stored users. */
async function readDevice(page: Page): Promise<{ kv: string[]; outbox: unknown[]; firebaseUsers: number; sessionStorageKeys: string[] }> {
  return page.evaluate(async () => {
    const readAll = (dbName: string, store: string) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
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

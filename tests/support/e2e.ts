/** Shared helpers for the browser tests (tests/e2e). */
import { expect, test, type Page } from '@playwright/test';
import { E2E_NOFALLBACK_PORT, E2E_PORT } from '../../playwright.config.ts';

/** The reference server's API, for arranging data and checking what reached the server. */
export const API_URL = `http://127.0.0.1:${E2E_PORT}/api`;
/** The same app built with the sample-data fallback off and an unreachable API. */
export const NOFALLBACK_URL = `http://127.0.0.1:${E2E_NOFALLBACK_PORT}/frontend/`;

/** Wait until the service worker controls the page, so the next offline reload is answered from the precache. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** Number of writes still waiting in the outbox, as the header shows it. */
export async function pendingCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('outbox-pending').innerText());
}

/** The registration form's fields other than the address and documents (en-US labels). */
export async function fillStudent(page: Page, name: string): Promise<void> {
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByLabel('Date of birth').fill('2012-03-04');
  await page.getByLabel('Enrolment date').fill('2025-02-01');
  await page.getByLabel('Race').selectOption('PARDA');
  await page.getByLabel('Education level').selectOption('FUNDAMENTAL_INCOMPLETO');
  await page.getByLabel('School name').fill('EM Paulo Freire');
}

export { expect, test };

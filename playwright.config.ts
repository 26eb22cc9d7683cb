import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

/** Browser tests: Debian's Chromium against the production build served by the reference server (fresh database). */
/** E2E_PORT / E2E_DIST let several runs share a machine (each its own port, build and database). */
export const E2E_PORT = Number(process.env.E2E_PORT || 4310);
export const E2E_NOFALLBACK_PORT = E2E_PORT + 1;
/** The sign-in build, served by the server in its verifying mode, and the Firebase Auth emulator both check. */
export const E2E_AUTH_PORT = E2E_PORT + 2;
export const AUTH_EMULATOR_PORT = E2E_PORT + 3;
export const E2E_ADMIN_EMAIL = 'e2e.admin@example.com';
const dist = process.env.E2E_DIST || 'dist';
const distNoFallback = process.env.E2E_DIST_NOFALLBACK || 'dist-nofallback';
const distAuth = process.env.E2E_DIST_AUTH || 'dist-auth';

const server = (port: number, distDir: string, dataDir: string, env: Record<string, string> = {}) => ({
  command: `rm -rf ${dataDir} && node server/dist/main.mjs`,
  // The app's shell answers in both modes (the API needs a token in the verifying one).
  url: `http://127.0.0.1:${port}/frontend/`,
  env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, ...env },
  reuseExistingServer: false,
  timeout: 300_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/frontend/`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'pt-BR',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    server(E2E_PORT, dist, `.e2e/data-${E2E_PORT}`),
    server(E2E_NOFALLBACK_PORT, distNoFallback, `.e2e/data-${E2E_NOFALLBACK_PORT}`),
    {
      command: `node scripts/auth-emulator.mjs ${AUTH_EMULATOR_PORT}`,
      url: `http://127.0.0.1:${AUTH_EMULATOR_PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    server(E2E_AUTH_PORT, distAuth, `.e2e/data-${E2E_AUTH_PORT}`, {
      FIREBASE_PROJECT_ID: 'demo-quadra',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_EMULATOR_PORT}`,
      // The emulator trusts any token: the server starts with it only when told so (issue 55).
      QUADRA_ALLOW_EMULATOR: 'yes',
      // The first admin, who registers every other user the tests sign in (tests/e2e/auth.spec.ts).
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // The tests need the sample programme's classes and students, which sign-in mode leaves out by default.
      SEED_DEMO: 'on',
    }),
  ],
});

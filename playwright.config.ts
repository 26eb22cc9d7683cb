import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium against the production build served by the reference server (fresh database). */
/** E2E_PORT / E2E_DIST let several runs share a machine (each its own port, build and database). */
export const E2E_PORT = Number(process.env.E2E_PORT || 4310);
export const E2E_NOFALLBACK_PORT = E2E_PORT + 1;
const dist = process.env.E2E_DIST || 'dist';
const distNoFallback = process.env.E2E_DIST_NOFALLBACK || 'dist-nofallback';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const server = (port: number, distDir: string, dataDir: string) => ({
  command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
  url: `http://127.0.0.1:${port}/api/activities`,
  env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir },
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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
    locale: 'pt-BR',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    server(E2E_PORT, dist, `.e2e/data-${E2E_PORT}`),
    server(E2E_NOFALLBACK_PORT, distNoFallback, `.e2e/data-${E2E_NOFALLBACK_PORT}`),
  ],
});

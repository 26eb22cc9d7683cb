import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ['tests/unit/server/**', 'tests/unit/server-auth/**', 'tests/unit/build/**'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Checks of the app's build inputs that run Node tools (esbuild), which jsdom's globals break.
          name: 'build',
          environment: 'node',
          include: ['tests/unit/build/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/unit/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The server's token checks against the Firebase Auth emulator, started once for the run.
          name: 'server-auth',
          environment: 'node',
          include: ['tests/unit/server-auth/**/*.test.ts'],
          globalSetup: ['tests/support/auth-emulator-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

// @vitest-environment node
/**
 * The Auth emulator accepts any token (issue 55): with FIREBASE_AUTH_EMULATOR_HOST the server refuses to start unless
 * QUADRA_ALLOW_EMULATOR=yes is set too, and then says at every start, in its log and in /api/health, that tokens are
 * not verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, preparedDataDir, startServer, waitHealthy, type ServerProcess } from './support/processes.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

const EMULATOR = { FIREBASE_PROJECT_ID: 'demo-quadra', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', QUADRA_ALLOW_EMULATOR: '' };
let dataDir: string;
const started: ServerProcess[] = [];
beforeAll(async () => {
  dataDir = await preparedDataDir();
}, SETUP_TIMEOUT_MS);
afterAll(() => started.forEach((server) => server.child.kill('SIGTERM')));

describe('FIREBASE_AUTH_EMULATOR_HOST', () => {
  it('without QUADRA_ALLOW_EMULATOR=yes: the server does not start, and says why in one line', async () => {
    for (const allow of ['', 'no', 'true']) {
      const server = startServer(dataDir, await freePort(), 'main', '', { ...EMULATOR, QUADRA_ALLOW_EMULATOR: allow });
      started.push(server);
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines).toEqual([
        'Quadra cannot start: FIREBASE_AUTH_EMULATOR_HOST is set (127.0.0.1:9), so sign-in tokens would not be verified: unset it, or set QUADRA_ALLOW_EMULATOR=yes too (tests only)',
      ]);
    }
  });

  it('with QUADRA_ALLOW_EMULATOR=yes: it starts, warns in its log, and /api/health says tokens are not verified', async () => {
    const server = startServer(dataDir, await freePort(), 'main', '', { ...EMULATOR, QUADRA_ALLOW_EMULATOR: 'yes' });
    started.push(server);
    await waitHealthy(server);
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { tokens?: string };
    expect(health.tokens).toBe('unverified');
    expect(server.output()).toMatch(/Sign-in tokens are NOT verified: FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9/);
    expect(server.output()).toMatch(/Auth emulator at 127.0.0.1:9: tokens are NOT verified, tests only/);
  });
});

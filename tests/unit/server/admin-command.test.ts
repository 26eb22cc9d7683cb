// @vitest-environment node
/**
 * `npm run admin -- EMAIL` on the embedded database (issue 55): with no server running it opens the data folder itself;
 * with a server running on the folder it asks that server, through its control socket, and says so in its line.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, preparedDataDir, ROOT, startServer, waitHealthy, type ServerProcess } from './support/processes.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = await preparedDataDir();
}, SETUP_TIMEOUT_MS);
afterAll(() => server?.child.kill('SIGTERM'));

function admin(email: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

describe('npm run admin -- EMAIL', () => {
  it('with no server running: makes the user an active admin in the data folder, in one line', () => {
    expect(admin('rescue@example.org')).toEqual({
      status: 0,
      out: 'rescue@example.org is a new user of Quadra, an active admin: they can sign in now (recorded in the access record)',
    });
    expect(admin('rescue@example.org').out).toMatch(/^rescue@example.org was already an active admin/);
    expect(admin('nobody')).toEqual({ status: 1, out: 'npm run admin: "nobody" is not an e-mail address' });
  });

  it('with a server running on the folder: asks the running server, and says so', async () => {
    server = startServer(dataDir, await freePort(), 'main');
    await waitHealthy(server);
    const answer = admin('second-rescue@example.org');
    expect(answer.status).toBe(0);
    expect(answer.out).toMatch(/^second-rescue@example.org is a new user of Quadra, an active admin: .* \(by the running server, process \d+\)$/);
    const users = (await (await fetch(`${server.url}/api/users`)).json()) as Array<{ email: string; access: string; active: boolean }>;
    expect(users.find((user) => user.email === 'second-rescue@example.org')).toMatchObject({ access: 'admin', active: true });
  });
});

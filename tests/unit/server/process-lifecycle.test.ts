// @vitest-environment node
/**
 * The server as a process on a real PGlite data folder (the embedded database): one server per data folder, said in
 * one line; SIGTERM to `npm start` (what a supervisor or a container runtime sends) stops the server (the port and the folder are free again, the data kept);
 * SIGKILL during parallel writes loses no acknowledged write.
 */
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../../../server/db/data-dir-lock.ts';
import { openDatabase } from '../../../server/db/open.ts';
import { freePort, portIsFree, preparedDataDir, startServer, waitHealthy, type ServerProcess } from './support/processes.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

const started: ServerProcess[] = [];
const start = (...args: Parameters<typeof startServer>) => {
  const server = startServer(...args);
  started.push(server);
  return server;
};
afterAll(() => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});

async function register(server: ServerProcess, fullName: string): Promise<string | null> {
  const id = crypto.randomUUID();
  try {
    const response = await fetch(`${server.url}/api/students`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, fullName }),
    });
    return response.status === 201 || response.status === 200 ? id : null;
  } catch {
    return null; // refused or cut: not acknowledged
  }
}

async function studentIds(dataDir: string): Promise<Set<string>> {
  const db = await openDatabase({ dataDir, purpose: 'the test' });
  try {
    return new Set((await db.query<{ id: string }>('SELECT id FROM students')).map((row) => row.id));
  } finally {
    await db.close();
  }
}

// Each test starts real server processes (npm, node, PGlite opening a data folder): on a loaded 2-core machine three
// starts take more than vitest's default 30 s.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

let dataDir: string;
beforeAll(async () => {
  dataDir = await preparedDataDir();
}, SETUP_TIMEOUT_MS);

describe('the start command and the data folder', () => {
  it(
    'a second server on a held data folder stops with one clear line; SIGTERM to `npm start` frees the port and the folder, and keeps the data',
    async () => {
      const port = await freePort();
      const server = start(dataDir, port, 'npm');
      await waitHealthy(server);

      const second = start(dataDir, await freePort(), 'main');
      expect(await second.exited).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^Quadra cannot start: The data folder ${dataDir} is in use by another Quadra process .*process \\d+.*stop it first`),
      );
      expect(lines[0]!.length).toBeLessThan(600);

      // The same folder through a symbolic link is the same folder: refused in one line too, before PGlite opens it.
      const link = join(mkdtempSync(join(tmpdir(), 'quadra-link-')), 'linked-pglite');
      symlinkSync(dataDir, link);
      const throughLink = start(link, await freePort(), 'main');
      expect(await throughLink.exited).toBe(1);
      const linkLines = throughLink.output().trim().split('\n');
      expect(linkLines).toHaveLength(1);
      expect(linkLines[0]).toMatch(/^Quadra cannot start: The data folder .* is in use by another Quadra process .*stop it first/);

      // Writes in flight when the signal comes are finished or refused, never half done.
      const writes = Array.from({ length: 20 }, (_, i) => register(server, `Parada ${i}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      server.child.kill('SIGTERM');
      const acknowledged = (await Promise.all(writes)).filter((id): id is string => id !== null);
      // npm itself exits at once (re-raising the signal); the server stops right after it.
      await server.exited;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (existsSync(lockFileOf(dataDir)) || !(await portIsFree(port))))
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await portIsFree(port)).toBe(true);
      expect(existsSync(lockFileOf(dataDir))).toBe(false);
      const stored = await studentIds(dataDir);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a server SIGKILLed during 8 parallel writers, restarted on the same folder, has every acknowledged write',
    async () => {
      const port = await freePort();
      const server = start(dataDir, port, 'main');
      await waitHealthy(server);
      const acknowledged: string[] = [];
      let running = true;
      const writer = async (n: number) => {
        for (let i = 0; running; i += 1) {
          const id = await register(server, `Queda ${n}-${i}`);
          if (id) acknowledged.push(id);
        }
      };
      const writers = Array.from({ length: 8 }, (_, n) => writer(n));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      server.child.kill('SIGKILL');
      await server.exited;
      running = false;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThan(8);

      // The lock of the killed server is stale: the restart takes the folder over.
      const restarted = start(dataDir, port, 'main');
      await waitHealthy(restarted);
      const listed = new Set(((await (await fetch(`${restarted.url}/api/students`)).json()) as Array<{ id: string }>).map((s) => s.id));
      expect(acknowledged.filter((id) => !listed.has(id))).toEqual([]);
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

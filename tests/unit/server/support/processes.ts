/**
 * Real server processes on real PGlite data folders, for the tests of what only a process shows: the lock of a data
 * folder, stopping on SIGTERM, and surviving SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restoreDataDir } from '../../../../server/db/backup.ts';
import { pgliteSnapshot } from './test-db.ts';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A new PGlite data folder holding the migrated, seeded test database (from the cached snapshot: about a second). */
export async function preparedDataDir(): Promise<string> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'quadra-data-')), 'pglite');
  await restoreDataDir(Buffer.from(await (await pgliteSnapshot()).arrayBuffer()), dataDir);
  return dataDir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on `port` any more (it can be taken again). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export type ServerProcess = { child: ChildProcess; port: number; url: string; output: () => string; exited: Promise<number | null> };

/** Starts `npm start` (how = 'npm') or the server itself (`node --import tsx server/main.ts`), on PGlite unless given a database URL. */
export function startServer(
  dataDir: string,
  port: number,
  how: 'npm' | 'main' = 'main',
  databaseUrl = '',
  settings: Record<string, string> = {},
): ServerProcess {
  const distDir = mkdtempSync(join(tmpdir(), 'quadra-nodist-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    ...settings,
  };
  const child =
    how === 'npm'
      ? spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until GET /api/health answers 200 (or the process exits). */
export async function waitHealthy(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

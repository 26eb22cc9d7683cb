/**
 * `npm run admin -- EMAIL`: on the server's machine, makes the user of EMAIL an active admin of Quadra (created when
 * missing), and records it in the access record. The way back for a programme left with no admin (issue 55), with no
 * SQL. Same settings as the server: DATABASE_URL, else the embedded database in DATA_DIR (default server/data/pglite).
 * - PostgreSQL: written directly (the server may keep running).
 * - Embedded, a server running on the folder: asked of that server through its control socket (<DATA_DIR>.sock).
 * - Embedded, no server running: the folder is opened here, holding its lock meanwhile.
 * Prints one line; exits 1 with one line when it cannot.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRestored, makeActiveAdmin } from '../server/data/admins.ts';
import { controlSocketOf, holderOf, lockDataDir } from '../server/db/data-dir-lock.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('usage: npm run admin -- EMAIL   (makes that user an active admin of Quadra, creating it if missing)');
  process.exit(2);
}

function askRunningServer(socketPath: string, pid: number): Promise<string> {
  return new Promise((done, fail) => {
    const req = request({ socketPath, path: '/admin', method: 'POST', headers: { 'content-type': 'text/plain' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => (response.statusCode === 200 ? done(body.trim()) : fail(new Error(body.trim()))));
    });
    req.on('error', () =>
      fail(
        new Error(
          `a Quadra server (process ${pid}) is running on this data folder and its control socket does not answer: stop it, then run this again`,
        ),
      ),
    );
    req.end(email);
  });
}

try {
  if (process.env.DATABASE_URL) {
    const db = await openPostgres({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      console.log(describeRestored(await makeActiveAdmin(db, email)));
    } finally {
      await db.close();
    }
  } else {
    const dataDir = resolve(root, process.env.DATA_DIR || 'server/data/pglite');
    if (!existsSync(`${dataDir}/PG_VERSION`)) throw new Error(`${dataDir} holds no database: start the server once first, or set DATA_DIR`);
    const holder = holderOf(dataDir);
    if (holder) {
      console.log(`${await askRunningServer(controlSocketOf(dataDir), holder.pid)} (by the running server, process ${holder.pid})`);
    } else {
      const release = lockDataDir(dataDir, 'npm run admin');
      try {
        const db = await openPglite({ dataDir });
        try {
          console.log(describeRestored(await makeActiveAdmin(db, email)));
        } finally {
          await db.close();
        }
      } finally {
        release();
      }
    }
  }
} catch (error) {
  console.error(`npm run admin: ${(error as Error).message}`);
  process.exit(1);
}

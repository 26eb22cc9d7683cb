/**
 * The running server's control socket, for `npm run backup` (scripts/backup.ts) and `npm run admin` (scripts/admin.ts):
 * a Unix socket beside the data folder (`<DATA_DIR>.sock`, mode 0600), answering GET /backup with a consistent backup
 * of the embedded database, and POST /admin (the body: an e-mail) by making that user an active admin (issue 55: the
 * way back for a programme left with no admin, with the server running).
 *
 * Why a socket and not an /api route: PGlite lives inside the server's process, so while the server runs nobody else
 * can open the data folder, and the backup must be taken by the server. A route of the public port would need the
 * access matrix, a signed-in admin and a way to stream a whole database to a browser; a reverse proxy on the same
 * machine would make "loopback only" meaningless. The socket is reachable only on this machine, only by whoever may
 * read the data folder's parent anyway (who could copy the folder itself), and never through a proxy.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** POST /admin: makes the e-mail's user an active admin; answers the line to print. */
export type MakeAdmin = (email: string) => Promise<string>;

const MAX_EMAIL_BYTES = 1024;

function answerAdmin(request: IncomingMessage, response: ServerResponse, makeAdmin: MakeAdmin, log: FastifyBaseLogger): void {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
    if (body.length > MAX_EMAIL_BYTES) request.destroy();
  });
  request.on('end', () => {
    makeAdmin(body.trim())
      .then((line) => {
        log.warn(`npm run admin: ${line}`);
        response.writeHead(200, { 'content-type': 'text/plain' }).end(`${line}\n`);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'npm run admin failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`${(error as Error).message}\n`);
      });
  });
}

export async function startControlSocket(
  path: string,
  backup: () => Promise<Blob>,
  log: FastifyBaseLogger,
  makeAdmin?: MakeAdmin,
): Promise<Server | null> {
  // We hold the data folder's lock, so a socket file left here is from a process that is gone.
  rmSync(path, { force: true });
  const server = createServer((request, response) => {
    if (makeAdmin && request.method === 'POST' && request.url === '/admin') {
      answerAdmin(request, response, makeAdmin, log);
      return;
    }
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /backup and POST /admin are served here\n');
      return;
    }
    backup()
      .then(async (blob) => {
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': blob.size });
        response.end(Buffer.from(await blob.arrayBuffer()));
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`Backup failed: ${(error as Error).message}\n`);
      });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
    chmodSync(path, 0o600);
    return server;
  } catch (error) {
    log.warn({ err: error }, `no control socket at ${path}: npm run backup cannot reach this server (stop it to back up)`);
    return null;
  }
}

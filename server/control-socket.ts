/**
 * The running server's control socket, for `npm run backup` (scripts/backup.ts): a Unix socket beside the data folder
 * (`<DATA_DIR>.sock`, mode 0600), answering GET /backup with a consistent backup of the embedded database.
 *
 * Why a socket and not an /api route: PGlite lives inside the server's process, so while the server runs nobody else
 * can open the data folder, and the backup must be taken by the server. A route of the public port would need the
 * access matrix, a signed-in admin and a way to stream a whole database to a browser; a reverse proxy on the same
 * machine would make "loopback only" meaningless. The socket is reachable only on this machine, only by whoever may
 * read the data folder's parent anyway (who could copy the folder itself), and never through a proxy.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

export async function startControlSocket(path: string, backup: () => Promise<Blob>, log: FastifyBaseLogger): Promise<Server | null> {
  // We hold the data folder's lock, so a socket file left here is from a process that is gone.
  rmSync(path, { force: true });
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /backup is served here\n');
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

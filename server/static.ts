/**
 * The built app under /frontend/. Caching: index.html, sw.js, the manifest and other unhashed files are `no-cache`
 * (always revalidated, so a deploy is picked up at once); Vite's content-hashed files under /frontend/assets/ are
 * immutable for a year. Unknown paths without a file extension are app routes (deep links) and get index.html;
 * unknown paths with an extension or under assets/ are a real 404, so a missing chunk never receives HTML.
 */
import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.ts';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const frontendFiles: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    cacheControl: false,
    index: ['index.html'],
    // The build writes .br and .gz copies (vite.config.ts): send the smallest the browser accepts.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const inAssets = relative(distDir, filePath).startsWith(`assets${sep}`);
      reply.header('Cache-Control', inAssets ? IMMUTABLE : NO_CACHE);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const isAppRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/frontend/assets/') && !basename(path).includes('.');
    if (!isAppRoute) return reply.code(404).send(errorBody(404, `File ${path} not found`));
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
  });
};

const appNotBuilt: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const explain = (_: unknown, reply: import('fastify').FastifyReply) =>
    reply
      .code(503)
      .header('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(
        `Quadra's app is not built: ${join(distDir, 'index.html')} does not exist.\n` +
          'Build it (npm run build) or point DIST_DIR at a built app, then restart the server.\n' +
          'The API is available under /api.\n',
      );
  app.get('/', { schema: { hide: true } }, explain);
  app.get('/*', { schema: { hide: true } }, explain);
};

export async function registerFrontend(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  await app.register(built ? frontendFiles : appNotBuilt, { prefix: '/frontend', distDir });
  app.get('/', { schema: { hide: true } }, (_, reply) => reply.redirect('/frontend/', 302));
}

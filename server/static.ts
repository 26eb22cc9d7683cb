/**
 * The built app under /frontend/. Caching: index.html, sw.js, the manifest and other unhashed files are `no-cache`
 * (always revalidated, so a deploy is picked up at once); Vite's content-hashed files under /frontend/assets/ are
 * immutable for a year. Unknown paths without a file extension are app routes (deep links) and get index.html;
 * unknown paths with an extension or under assets/ are a real 404, so a missing chunk never receives HTML. A screen's
 * address gets index.html naming that screen's first files and the shell's catalog in the browser's language
 * (server/route-preloads.ts); so does /frontend/ itself, but not /frontend/index.html (the service worker's copy).
 * Home's address also gets home's title and introduction, painted before any script (server/home-first-paint.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { acceptedEncodings } from './accepted-encodings.ts';
import { errorBody } from './errors.ts';
import { localeOfCookies, localeOfLanguage, locales, type Locale } from '../src/lib/locale-rule.ts';
import { htmlWithHomeTexts, HOME_FIRST_PAINT_FILE, readHomeTexts } from './home-first-paint.ts';
import { htmlWithPreloads, readRoutePreloads, readShellCatalogs, routeForPath, ROUTE_PRELOADS_FILE, SHELL_CATALOGS_FILE } from './route-preloads.ts';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

type Page = { path: string; locale: Locale; etag: string; plain: Buffer; gzip: Buffer; br: Buffer };

/**
 * The language as the page will pick it: the one chosen with its toggle (its cookie), else the browser's (the first in
 * Accept-Language, as navigator.language).
 */
const localeOf = (request: FastifyRequest): Locale =>
  localeOfCookies(request.headers.cookie) ?? localeOfLanguage(request.headers['accept-language']?.split(',')[0] ?? '');

/**
 * index.html for each screen (and for any other address of the app) in each language, with its first files named
 * (server/route-preloads.ts), compressed once; made again when the build changes under a running server, so a page
 * never names another build's files. None while index.html cannot be read (a build emptying the folder): the plain
 * file's own answer then says so.
 */
function routePages(distDir: string): (appPath: string, locale: Locale) => Page | undefined {
  let built: { stamp: string; pages: Page[] } | undefined;
  const stampOf = () =>
    [join(distDir, 'index.html'), join(distDir, ROUTE_PRELOADS_FILE), join(distDir, SHELL_CATALOGS_FILE), join(distDir, HOME_FIRST_PAINT_FILE)]
      .map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0))
      .join();
  const pageOf = (path: string, locale: Locale, text: string): Page => {
    const plain = Buffer.from(text);
    const etag = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
    return { path, locale, etag, plain, gzip: gzipSync(plain, { level: 9 }), br: brotliCompressSync(plain) };
  };
  const pagesOf = (html: string) => {
    const catalogs = readShellCatalogs(distDir);
    const homeTexts = readHomeTexts(distDir);
    const screens = readRoutePreloads(distDir).flatMap((route) =>
      locales.map((locale) => pageOf(route.path, locale, htmlWithPreloads(html, route, catalogs[locale]))),
    );
    // Home's, with its title and introduction (server/home-first-paint.ts), and a page naming no screen's files (path
    // ''), for any address without a screen of its own.
    const others = locales.flatMap((locale) => {
      const plain = htmlWithPreloads(html, undefined, catalogs[locale]);
      return [pageOf('/', locale, htmlWithHomeTexts(plain, locale, homeTexts[locale])), pageOf('', locale, plain)];
    });
    return [...screens, ...others];
  };
  return (appPath, locale) => {
    const stamp = stampOf();
    if (built?.stamp !== stamp) {
      let html: string;
      try {
        html = readFileSync(join(distDir, 'index.html'), 'utf8');
      } catch {
        return undefined;
      }
      built = { stamp, pages: pagesOf(html) };
    }
    const inLocale = built.pages.filter((page) => page.locale === locale);
    return routeForPath(inLocale, appPath) ?? inLocale.find((page) => page.path === '');
  };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const [encoding, body] = accepted.has('br') ? ['br', page.br] : accepted.has('gzip') ? ['gzip', page.gzip] : [undefined, page.plain];
  // Each encoding's bytes have their own validator.
  const etag = `"${page.etag}${encoding ? `-${encoding}` : ''}"`;
  reply
    .header('Cache-Control', NO_CACHE)
    .header('ETag', etag)
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    .type('text/html; charset=utf-8');
  const asked = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (asked.includes(etag) || asked.includes('*')) return reply.code(304).send();
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

const frontendFiles: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const pageFor = routePages(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    cacheControl: false,
    // /frontend/ is an address of the app like any other (its page names the shell's catalog): not the file as built.
    index: false,
    // The build writes .br and .gz copies (vite.config.ts): send the smallest the browser accepts.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const inAssets = relative(distDir, filePath).startsWith(`assets${sep}`);
      reply.header('Cache-Control', inAssets ? IMMUTABLE : NO_CACHE);
    },
  });

  const sendApp = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const page = pageFor(path.replace(/^\/frontend/, ''), localeOf(request));
    if (page) return sendPage(request, reply, page);
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendApp(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const isAppRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/frontend/assets/') && !basename(path).includes('.');
    if (!isAppRoute) return reply.code(404).send(errorBody(404, `File ${path} not found`));
    return sendApp(request, reply, path);
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

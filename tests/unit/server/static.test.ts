// @vitest-environment node
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';
import { ROUTE_PRELOADS_FILE, SHELL_CATALOGS_FILE } from '../../../server/route-preloads.ts';
import { HOME_FIRST_PAINT_FILE, HOME_FIRST_PAINT_SLOT } from '../../../server/home-first-paint.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let server: TestServer;
let distDir: string;
const writeRoutePreloads = (script: string) =>
  writeFileSync(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify([{ path: '/alunos/$id', scripts: [script], styles: [] }]));
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'quadra-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><title>Quadra</title></head><div id="root">${HOME_FIRST_PAINT_SLOT}</div></html>`,
  );
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"Quadra"}');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(distDir, 'assets', 'index-Dk3j9xQa.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'assets', 'index-Dk3j9xQa.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(distDir, 'assets', 'index-Dk3j9xQa.js.gz'), gzipSync('console.log("app")'));
  writeRoutePreloads('/frontend/assets/alunos-Ab12.js');
  const catalogs = { 'pt-BR': '/frontend/assets/messages-Pt12.js', 'en-US': '/frontend/assets/messages-En34.js' };
  writeFileSync(join(distDir, SHELL_CATALOGS_FILE), JSON.stringify(catalogs));
  const home = {
    'pt-BR': { heading: 'Bem-vindo!', introduction: 'A retaguarda.' },
    'en-US': { heading: 'Welcome!', introduction: 'The back office.' },
  };
  writeFileSync(join(distDir, HOME_FIRST_PAINT_FILE), JSON.stringify(home));
  server = await startTestServer({ distDir });
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

describe('the built app under /frontend/', () => {
  it('sends the precompressed copy the browser accepts (brotli first, then gzip, else plain)', async () => {
    const url = '/frontend/assets/index-Dk3j9xQa.js';
    const br = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    const gz = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');
    const plain = await server.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('GET / redirects to /frontend/', async () => {
    const response = await server.app.inject('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/frontend/');
  });

  it('serves index.html at /frontend/ with no-cache', async () => {
    const response = await server.app.inject('/frontend/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Quadra</title>');
  });

  it("names the shell's catalog in the browser's language (as the page picks it) at /frontend/ and on every screen", async () => {
    const page = (url: string, language?: string) =>
      server.app.inject({ url, headers: { 'accept-encoding': 'identity', ...(language ? { 'accept-language': language } : {}) } });
    const english = await page('/frontend/', 'en-GB,en;q=0.9,pt;q=0.8');
    expect(english.body).toContain('<link rel="modulepreload" crossorigin href="/frontend/assets/messages-En34.js"></head>');
    expect(english.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    // Anything else, or no language said, is pt-BR, as in src/lib/i18n.ts detectLocale.
    for (const language of ['pt-BR,pt;q=0.9,en;q=0.8', 'es', undefined]) {
      expect((await page('/frontend/', language)).body).toContain('href="/frontend/assets/messages-Pt12.js"');
    }
    const screen = (await page('/frontend/alunos/42', 'en-US')).body;
    expect(screen).toContain('<link rel="modulepreload" crossorigin href="/frontend/assets/messages-En34.js">');
    expect(screen).toContain('alunos-Ab12.js');
    expect((await page('/frontend/turmas', 'en-US')).body).toContain('messages-En34.js');
    // index.html itself (the service worker's copy, for any language) is the file as built.
    expect((await page('/frontend/index.html', 'en-US')).body).not.toContain('modulepreload');
  });

  it("writes home's title and introduction into home's page only, in the browser's language", async () => {
    const page = (url: string, language: string) =>
      server.app.inject({ url, headers: { 'accept-encoding': 'identity', 'accept-language': language } });
    const english = (await page('/frontend/', 'en-US')).body;
    expect(english).toContain('<html lang="en-US">');
    expect(english).toContain('<h1 class="quadra-boot-heading">Welcome!</h1><p class="quadra-boot-text">The back office.</p>');
    expect((await page('/frontend', 'pt-BR')).body).toContain('<h1 class="quadra-boot-heading">Bem-vindo!</h1>');
    // The language chosen with the toggle (its cookie) wins over the browser's, as in the page (src/lib/i18n.ts).
    const chosen = await server.app.inject({
      url: '/frontend/',
      headers: { 'accept-encoding': 'identity', 'accept-language': 'pt-BR', cookie: 'other=1; quadra-locale=en-US' },
    });
    expect(chosen.body).toContain('<h1 class="quadra-boot-heading">Welcome!</h1>');
    expect(chosen.body).toContain('href="/frontend/assets/messages-En34.js"');
    // A screen's page, an unknown address's and the service worker's copy keep the slot empty.
    for (const url of ['/frontend/alunos/42', '/frontend/no-such-screen', '/frontend/index.html']) {
      const body = (await page(url, 'en-US')).body;
      expect(body).toContain(HOME_FIRST_PAINT_SLOT);
      expect(body).toContain('<html lang="pt-BR">');
    }
  });

  it.each([
    ['/frontend/sw.js', /javascript/],
    ['/frontend/manifest.webmanifest', /manifest\+json|json/],
    ['/frontend/index.html', /html/],
  ])('serves %s with no-cache', async (path, type) => {
    const response = await server.app.inject(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await server.app.inject('/frontend/assets/index-Dk3j9xQa.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('console.log("app")');
  });

  it.each(['/frontend/alunos', '/frontend/alunos/123/responsaveis', '/frontend/frequencias/atividades/a1/turmas/t1/chamada?date1=2026-11-20'])(
    'answers the deep link %s with index.html (no-cache)',
    async (path) => {
      const response = await server.app.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it("answers a screen's address with index.html naming that screen's code, compressed and revalidated like the file", async () => {
    const preload =
      '<link rel="modulepreload" crossorigin href="/frontend/assets/messages-Pt12.js">' +
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/frontend/assets/alunos-Ab12.js">';
    const plain = await server.app.inject({ url: '/frontend/alunos/42', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(
      `<!doctype html><html lang="pt-BR"><head><title>Quadra</title>${preload}</head><div id="root">${HOME_FIRST_PAINT_SLOT}</div></html>`,
    );
    const br = await server.app.inject({ url: '/frontend/alunos/42', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag); // each encoding's bytes, their own validator
    const again = await server.app.inject({
      url: '/frontend/alunos/42',
      headers: { 'accept-encoding': 'identity', 'if-none-match': `W/${plain.headers.etag}, "x"` },
    });
    expect(again.statusCode).toBe(304);
    const noBrotli = await server.app.inject({ url: '/frontend/alunos/42', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    // Other screens name no screen's code (only the shell's catalog); index.html itself (what the service worker
    // keeps) is the file as built.
    expect((await server.app.inject('/frontend/turmas')).body).not.toContain('fetchpriority="low"');
    expect((await server.app.inject('/frontend/index.html')).body).not.toContain('modulepreload');
  });

  it('a build under the running server is named at once, never the old one', async () => {
    writeRoutePreloads('/frontend/assets/alunos-Cd34.js');
    // The next build's file may share the last one's modification time on a coarse clock.
    utimesSync(join(distDir, ROUTE_PRELOADS_FILE), new Date(), new Date(Date.now() + 5_000));
    const response = await server.app.inject({ url: '/frontend/alunos/42', headers: { 'accept-encoding': 'identity' } });
    expect(response.body).toContain('alunos-Cd34.js');
    expect(response.body).not.toContain('alunos-Ab12.js');
  });

  it('a preload file that is not what the build writes costs the page its preloads, never the page', async () => {
    writeFileSync(join(distDir, ROUTE_PRELOADS_FILE), '[{"path":"/alunos/$id",');
    utimesSync(join(distDir, ROUTE_PRELOADS_FILE), new Date(), new Date(Date.now() + 10_000));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const response = await server.app.inject('/frontend/alunos/42');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('alunos-');
    } finally {
      warn.mockRestore();
      writeRoutePreloads('/frontend/assets/alunos-Ab12.js');
      utimesSync(join(distDir, ROUTE_PRELOADS_FILE), new Date(), new Date(Date.now() + 15_000));
    }
  });

  it.each(['/frontend/assets/index-missing.js', '/frontend/missing.png'])('answers 404 (not index.html) for the missing file %s', async (path) => {
    const response = await server.app.inject(path);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('a POST to an app route is a 404, not the app', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/frontend/alunos' })).statusCode).toBe(404);
  });

  it('the API still answers beside the app, and its OpenAPI document lists no app files', async () => {
    expect((await server.app.inject('/api/filters/race')).statusCode).toBe(200);
    const doc = (await server.app.inject('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('/frontend without the slash reaches the app', async () => {
    const response = await server.app.inject('/frontend');
    expect([200, 301, 302]).toContain(response.statusCode);
  });
});

describe('when the app is not built', () => {
  it(
    'the API works and /frontend/ answers a clear 503',
    async () => {
      const bare = await startTestServer(); // empty DIST_DIR
      try {
        const response = await bare.app.inject('/frontend/alunos');
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toMatch(/not built.*npm run build/s);
        expect((await bare.app.inject('/frontend/')).statusCode).toBe(503);
        expect((await bare.app.inject('/api/activities')).statusCode).toBe(200);
      } finally {
        await bare.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { CSP_SOURCES_FILE, sourcesFromBuildEnv } from './server/content-security-policy.ts';
import PO from 'pofile';
import { HOME_FIRST_PAINT_FILE, homeTextsIn } from './server/home-first-paint.ts';
import { locales } from './src/lib/locale-rule.ts';
import { ROUTE_PRELOADS_FILE, routePreloadsOf, SHELL_CATALOGS_FILE, shellCatalogsOf, type BundleChunk } from './server/route-preloads.ts';
import { DEFAULT_DEMO_REPO_URL, DEFAULT_POSTCODE_URL } from './src/lib/external-defaults.ts';
import { firstScriptCheck } from './scripts/first-script-check.ts';

/**
 * Writes a .br and a .gz copy beside every text asset of the build (and WebAssembly: PDF.js's JPEG 2000 decoder, 250 KB
 * raw, 68 KB brotli); the server sends the smallest one the browser accepts (@fastify/static preCompressed), so a
 * tablet on a weak connection downloads a fraction of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'quadra-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of files(outDir)) {
          if (!/\.(m?js|css|html|svg|webmanifest|json|wasm)$/.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/** Writes the outside origins this build talks to, for the server's Content-Security-Policy. */
function cspSources(mode: string): Plugin {
  return {
    name: 'quadra-csp-sources',
    apply: 'build',
    generateBundle() {
      const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
      const sources = sourcesFromBuildEnv(env, { postcodeUrl: DEFAULT_POSTCODE_URL, demoRepoUrl: DEFAULT_DEMO_REPO_URL });
      this.emitFile({ type: 'asset', fileName: CSP_SOURCES_FILE, source: `${JSON.stringify(sources, null, 2)}\n` });
    },
  };
}

/**
 * Writes each screen's first files and each language's shell catalog, for the server to name in a first visit's page
 * (server/route-preloads.ts), and home's title and introduction in each language, for the server to write into home's
 * (server/home-first-paint.ts).
 */
function routePreloads(): Plugin {
  let base = '/';
  return {
    name: 'quadra-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_, bundle) {
      const files = Object.fromEntries(
        Object.entries(bundle).map(([name, file]) => [name, file.type === 'chunk' ? (file as BundleChunk) : { type: 'asset' as const }]),
      );
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routePreloadsOf(files, base), null, 1)}\n` });
      this.emitFile({ type: 'asset', fileName: SHELL_CATALOGS_FILE, source: `${JSON.stringify(shellCatalogsOf(files, base), null, 1)}\n` });
      const homeTexts = locales.map((locale) => {
        const catalog = `src/locales/${locale}/messages.po`;
        return [locale, homeTextsIn(PO.parse(readFileSync(catalog, 'utf8')).items, catalog)];
      });
      this.emitFile({ type: 'asset', fileName: HOME_FIRST_PAINT_FILE, source: `${JSON.stringify(Object.fromEntries(homeTexts), null, 1)}\n` });
    },
  };
}

/**
 * The app's script at low priority, as the screens' files the server names beside it. A module script never holds the
 * first paint (index.html's frame is painted before it runs), but at the browser's default (high) Lighthouse's
 * simulation counted it as holding that paint whenever it happened to finish loading first: a first paint of 0.8 s in
 * some runs, 1.7 s in others. Its download starts as early either way: a first visit to the students page at 4x CPU,
 * on a link throttled as Lighthouse's (150 ms, 1.6 Mbit/s), painted its list at 2.12 s both ways (6 runs each).
 */
function lowPriorityAppScript(): Plugin {
  return {
    name: 'quadra-low-priority-app-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="[^"]*\/assets\/index-[^"]+\.js"><\/script>/;
        if (!entry.test(html)) throw new Error("quadra-low-priority-app-script: the app's script tag is not as expected");
        return html.replace(entry, (tag) =>
          tag.replace('<script type="module" crossorigin ', '<script type="module" crossorigin fetchpriority="low" '),
        );
      },
    },
  };
}

/**
 * index.html without the manifest's link vite-plugin-pwa writes: the app names it once its service worker is registered
 * (src/lib/manifest-link.ts says why). After that plugin's handler: both enforced and ordered `post`, this one listed
 * after it.
 */
function manifestLinkedByTheApp(base: string): Plugin {
  const link = `<link rel="manifest" href="${base}manifest.webmanifest">`;
  return {
    name: 'quadra-manifest-linked-by-the-app',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(link)) throw new Error(`quadra-manifest-linked-by-the-app: index.html has no ${link}`);
        return html.replace(link, '');
      },
    },
  };
}

/** Where the app is served (the reference server's /frontend/). */
const BASE = '/frontend/';

export default defineConfig(({ mode }) => ({
  base: BASE,
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    cspSources(mode),
    routePreloads(),
    lowPriorityAppScript(),
    firstScriptCheck(),
    precompress(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader in a chunk of its own too (TanStack's default keeps it in the route file, in the app's first
      // script, with every API module a loader calls): it downloads with the screen's component, beside it (the server
      // names both in a first visit's page, server/route-preloads.ts).
      codeSplittingOptions: { defaultBehavior: [['component'], ['loader'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Quadra',
        short_name: 'Quadra',
        description: 'Back office for a social sports and education program: attendance, students, activities and classes.',
        lang: 'pt-BR',
        theme_color: '#1c4f8a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/frontend/',
        scope: '/frontend/',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // PDF.js (the document viewer's PDFs, src/features/students/pdf-pages.tsx) comes from the network when a PDF is
        // opened, which needs the network for the file anyway: not 405 KB more in every install's precache.
        globIgnores: ['**/pdf-pages-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    manifestLinkedByTheApp(BASE),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every module the app needs at start in one chunk (the entry's own, about 550 KB raw and 170 KB gzip): split
    // into common chunks, each compressed apart, the same code weighed 2-5 KB gzip more on each first load. The
    // first-load budget (200 KB gzip per route) is measured by `npm run bench`, not by this warning.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
    chunkSizeWarningLimit: 600,
    // A lazy chunk's imports are preloaded with it (<link rel=modulepreload>), not found only once it is read: a first
    // visit to a screen fetched its code in three rounds (the screen, its imports, theirs). Measured turn about with
    // them off: the students page's first visit 700 against 816 ms at 4x CPU and 261 against 289 ms unthrottled (5,000
    // students), 337-356 against 454-523 ms at 50,000; the offline start the same (268 against 260 ms). Once the
    // service worker has the app, the chunks come from its cache either way. No polyfill: every supported browser has it.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));

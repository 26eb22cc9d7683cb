import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { CSP_SOURCES_FILE, sourcesFromBuildEnv } from './server/content-security-policy.ts';
import { DEFAULT_DEMO_REPO_URL, DEFAULT_POSTCODE_URL } from './src/lib/external-defaults.ts';

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

export default defineConfig(({ mode }) => ({
  base: '/frontend/',
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    cspSources(mode),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
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
        description: 'Back office for a social sports and education programme: attendance, students, activities and classes.',
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
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));

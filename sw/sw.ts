/// <reference lib="webworker" />
/**
 * Quadra's service worker. It keeps only the app shell: every built file listed by vite-plugin-pwa is precached
 * (Cache Storage, one revisioned cache, old revisions removed on activation). Navigations under /frontend/ are
 * answered with the precached index.html, so every URL opens with no network. API answers are never cached here:
 * data lives in IndexedDB (src/lib/db.ts). A new version waits until the page asks it to take over.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { SKIP_WAITING } from './messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
// The first install takes control of the open page at once; later versions wait for the user (update prompt).
clientsClaim();
cleanupOutdatedCaches();

const scope = new URL(self.registration.scope).pathname; // "/frontend/"
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${scope}index.html`), {
    allowlist: [new RegExp(`^${scope}`)],
    denylist: [/^\/api\//],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

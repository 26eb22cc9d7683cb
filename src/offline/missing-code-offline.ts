/**
 * A screen whose code is not on the device yet (first visit, before the service worker has saved the app) cannot be
 * downloaded offline. TanStack Router answers a failed screen download by reloading the page once (right after a new
 * deployment removed old files), but offline that reload lands on the browser's "no internet" page and the app is
 * gone. Offline, we let the download failure reach the router's error screen instead (components/route-error.tsx:
 * "This screen could not be opened" and Try again), and the user stays in the app.
 *
 * TanStack Router (lazyRouteComponent) skips its reload when sessionStorage holds `tanstack_router_reload:<message>`;
 * Vite announces every failed download of a lazy module with a `vite:preloadError` event carrying the error.
 * tests/e2e/shell.spec.ts breaks if either side changes.
 */
const ROUTER_RELOAD_KEY = 'tanstack_router_reload:';

export function stayInAppWhenCodeIsMissingOffline(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (navigator.onLine) return; // online: most likely a new deployment, and the router's reload is the right answer
    const { payload } = event as Event & { payload?: unknown };
    if (!(payload instanceof Error)) return;
    try {
      sessionStorage.setItem(`${ROUTER_RELOAD_KEY}${payload.message}`, '1');
    } catch {
      // storage blocked: the router reloads as before
    }
  });
}

/**
 * Registers the service worker once the page has loaded, so its precaching never competes with the first screen.
 * A new version waits until the user agrees; we never reload by ourselves. (The browser's own API: workbox-window did
 * the same for 2 KB gzip more on every first load.)
 */
import { SKIP_WAITING } from '../../sw/messages.ts';

export type UpdateListener = (applyUpdate: () => void) => void;

export function registerServiceWorker(onUpdateWaiting: UpdateListener): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker;
  const offer = (waiting: ServiceWorker) =>
    onUpdateWaiting(() => {
      // Reload only after the new worker took control, and only because the user asked for it.
      container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: SKIP_WAITING });
    });
  const register = async () => {
    const registration = await container.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
    // A version that was already waiting when this page opened (another tab installed it, or "Later" was chosen).
    if (registration.waiting && container.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // Installed while a worker controls the page: it is an update. Without one, it is the first install.
        if (installing.state === 'installed' && container.controller) offer(installing);
      });
    });
  };
  const start = () =>
    // Registration can be refused (blocked service workers, private modes): the app works without it, online.
    register().catch((error: unknown) => console.warn('Quadra: service worker not registered', error));
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

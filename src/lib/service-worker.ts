/** Registers the service worker (workbox-window). A new version waits until the user agrees; we never reload by ourselves. */
import { Workbox } from 'workbox-window';

export type UpdateListener = (applyUpdate: () => void) => void;

export function registerServiceWorker(onUpdateWaiting: UpdateListener): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  wb.addEventListener('waiting', () => {
    onUpdateWaiting(() => {
      // Reload only after the new worker took control, and only because the user asked for it.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // Registration can be refused (blocked service workers, private modes): the app works without it, online.
  wb.register().catch((error: unknown) => console.warn('Quadra: service worker not registered', error));
}

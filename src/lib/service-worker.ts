/**
 * Registers the service worker through workbox-window once the page has loaded and the first screen's reads are done
 * (`firstScreenRead`), at the next idle moment, so its precaching (the whole app, 1.3 MB) never shares a slow link with
 * the first screen's code and data (workbox-window itself is loaded then too, keeping it out of the first load). A new
 * version waits until the user agrees; we never reload by ourselves.
 */
import { holdRequestsForHandover } from './http.ts';
import { linkManifest } from './manifest-link.ts';
import { whenIdle } from './when-idle.ts';

export type UpdateListener = (applyUpdate: () => void) => void;

/** How long "Update now" waits for the new version to take over before it reloads anyway. */
const TAKEOVER_WAIT_MS = 10_000;

export function registerServiceWorker(onUpdateWaiting: UpdateListener, firstScreenRead: () => Promise<void>): () => void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return () => {};
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
    const applyUpdate = async () => {
      // The page reloads in a moment, whichever way: no request leaves from now on (lib/http.ts says why).
      holdRequestsForHandover();
      // The waiting version may have taken over meanwhile (the page reloaded as the last tab of the old one closed):
      // then there is nothing to wait for, and the reload the user asked for loads it.
      const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
      if (!registration?.waiting) return window.location.reload();
      // Reload only after the new worker took control, and only because the user asked for it.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
      // Should the new worker still not take over, the button must not do nothing: the page reloads anyway, and a
      // version still waiting is offered again.
      setTimeout(() => window.location.reload(), TAKEOVER_WAIT_MS);
    };
    // Fired for a version installed while this page runs, and for one that was already waiting when it opened
    // (another tab installed it, or "Later" was chosen last time).
    workbox.addEventListener('waiting', () => onUpdateWaiting(() => void applyUpdate()));
    await workbox.register({ immediate: true });
    // Installable from now on: the manifest's link with it (lib/manifest-link.ts).
    linkManifest();
  };
  let cancelled = false;
  let cancelIdle = () => {};
  const start = async () => {
    await firstScreenRead();
    if (cancelled) return;
    cancelIdle = whenIdle(() => {
      // Registration can be refused (blocked service workers, private modes): the app works without it, online.
      register().catch((error: unknown) => console.warn('Quadra: service worker not registered', error));
    }, 2_000);
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/** Messages the service worker takes from the page: workbox-window's messageSkipWaiting() (src/lib/service-worker.ts) sends this one when the user accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Messages between the page and the service worker (workbox-window sends this one from messageSkipWaiting). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Messages between the page and the service worker (src/lib/service-worker.ts sends this one when the user accepts an update). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * Resolves once the query client has no read in flight (a paused one, offline, does not count), or after `maxWaitMs`
 * whatever happens: work that can wait (the service worker's download of the app) starts after the first screen's
 * reads instead of sharing a slow link with them.
 */
import type { QueryClient } from '@tanstack/react-query';

export function readsSettled(client: QueryClient, maxWaitMs = 20_000): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const timer = setTimeout(done, maxWaitMs);
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
    if (client.isFetching() === 0) return done();
    unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
  });
}

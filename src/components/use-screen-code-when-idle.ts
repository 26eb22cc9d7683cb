/**
 * A screen the page links to, whose code and texts load at the page's next idle moment, before anyone taps the link:
 * its route's component (with what it imports) and its feature's catalog, never its loader (no data is read, and so no
 * child's reading is recorded, until the screen is opened). A tap then waits for the screen's data alone. For a screen
 * most who see the link open (the profile's anamnese, issue 52's goal: its first opening at 4x CPU waited for its code
 * first). Nothing happens offline without the code (the service worker does not hold it yet): the tap tries again.
 */
import { useEffect } from 'react';
import { useRouter, type AnyRoute, type RegisteredRouter } from '@tanstack/react-router';
import { loadFeatureMessages, type FeatureCatalog } from '../lib/i18n.ts';
import { whenIdle } from '../lib/when-idle.ts';

export function useScreenCodeWhenIdle(routeId: keyof RegisteredRouter['routesById'], catalog: FeatureCatalog): void {
  const router = useRouter();
  useEffect(
    () =>
      whenIdle(() => {
        const route = router.routesById[routeId] as AnyRoute | undefined; // absent from a router of some screens only (tests)
        if (route) void Promise.all([router.loadRouteChunk(route), loadFeatureMessages(catalog)]).catch(() => undefined);
      }),
    [router, routeId, catalog],
  );
}

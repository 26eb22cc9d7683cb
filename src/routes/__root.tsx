import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppShell } from '../components/app-shell.tsx';
import { meQueryOptions } from '../api/me.ts';
import { loadScreenStyles } from '../lib/screen-styles.ts';

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  // Who the user is (GET /me: the sidebar, the header and each screen's buttons follow the role) is asked for with the
  // screen's own reads, not once the shell has rendered. Fresh for five minutes, so a navigation does not ask again.
  // Every screen but home shows components whose styles load apart from the first paint's (lib/screen-styles.ts).
  loader: async ({ context, location }) => {
    void context.queryClient.prefetchQuery(meQueryOptions());
    if (location.pathname !== '/') await loadScreenStyles();
  },
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
});

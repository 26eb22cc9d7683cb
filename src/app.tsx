import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { i18n } from './lib/i18n.ts';
import { theme } from './lib/theme.ts';
import { parseSearch, stringifySearch } from './lib/search-text.ts';
import { queryClient } from './offline/query-client.ts';
import { AuthProvider } from './components/auth-provider.tsx';
import { RouteError } from './components/route-error.tsx';
import type { RouteRule } from './api/permissions.ts';

/**
 * The app's router. Made in the start-up (main.tsx), not in the first script's evaluation: building it from the route
 * tree was 3 of that task's 19 ms unthrottled (issue 57).
 */
export const createAppRouter = () =>
  createRouter({
    routeTree,
    basepath: '/frontend',
    context: { queryClient },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    // An unknown address renders inside the shell (the root route's outlet), in the user's language; never inside a
    // screen whose address it starts like (`/tech-demo/a/b` showed the demo page around it). Its code loads when one is
    // asked for, as a screen's (issue 57: not in the first script); offline before the service worker has the app, the
    // download fails like a screen's, into RouteError.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/not-found-page.tsx'), 'NotFoundPage'),
    notFoundMode: 'root',
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /**
     * Who may open this screen (src/api/permissions.ts), or PUBLIC (the privacy page: anyone, signed in or not); every
     * route names one (tests/unit/routes.test.ts).
     */
    permission?: RouteRule;
  }
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function App({ router }: { router: AppRouter }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}

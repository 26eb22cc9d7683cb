/** Helpers for the list screens' component tests: a fake API behind fetch and a router around the screen. */
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { configure } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { renderWithProviders } from '../../support/render.tsx';

// These screens render a router, Mantine and a query round trip: on a busy shared machine that can take seconds.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

type Answer = unknown | ((request: Request) => Response | Promise<Response>);

/** Answer API paths (after /api/) with JSON; anything else is a network failure. */
export function mockApi(routes: Record<string, Answer>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request.clone());
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const key = `${request.method} ${path}`;
    const answer = key in routes ? routes[key] : routes[path];
    if (answer === undefined) throw new TypeError('Failed to fetch');
    if (typeof answer === 'function') return (answer as (r: Request) => Response | Promise<Response>)(request);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** Render a screen inside a memory router (its Links need one), at `path` (default '/'), with a query client of its own or the given one. */
export function renderWithRouter(ui: ReactElement, path = '/', { queryClient }: { queryClient?: QueryClient } = {}) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const screen = createRoute({ getParentRoute: () => root, path: '/', component: () => ui });
  const anything = createRoute({ getParentRoute: () => root, path: '$', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([screen, anything]), history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, ...renderWithProviders(<RouterProvider router={router as never} />, queryClient ? { queryClient } : {}) };
}

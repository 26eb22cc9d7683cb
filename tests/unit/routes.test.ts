import { describe, expect, it } from 'vitest';
import { routeTree } from '../../src/routeTree.gen.ts';
import { permissions } from '../../src/api/permissions.ts';

type AnyRoute = { options?: { path?: string; staticData?: { permission?: string } }; children?: Record<string, AnyRoute> | AnyRoute[] };

function allRoutes(route: AnyRoute): AnyRoute[] {
  const children = route.children ? Object.values(route.children) : [];
  return [route, ...children.flatMap(allRoutes)];
}

describe('every screen is under a rule', () => {
  it('names a permission of the matrix on every route but the root layout', () => {
    // The root layout is the only route without a path of its own.
    const routes = allRoutes(routeTree as unknown as AnyRoute).filter((route) => route.options?.path !== undefined);
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes
      .filter((route) => !permissions.includes(route.options?.staticData?.permission as never))
      .map((route) => route.options?.path);
    expect(missing).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../../src/routeTree.gen.ts';
import { permissions, PUBLIC } from '../../src/api/permissions.ts';
import { parseSearch, stringifySearch } from '../../src/lib/search-text.ts';

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
      .filter((route) => route.options?.staticData?.permission !== PUBLIC && !permissions.includes(route.options?.staticData?.permission as never))
      .map((route) => route.options?.path);
    expect(missing).toEqual([]);
  });
});

describe("a screen's search values", () => {
  /** The search a screen reads for an address (its routes matched, nothing loaded). */
  const searchOf = (url: string) => {
    const router = createRouter({
      routeTree,
      basepath: '/frontend',
      history: createMemoryHistory({ initialEntries: [url] }),
      context: { queryClient: new QueryClient() },
      parseSearch,
      stringifySearch,
    });
    return router.matchRoutes(router.state.location).at(-1)!.search as Record<string, unknown>;
  };

  it('a value a screen does not accept reaches it as none, not as typed', () => {
    const roll = '/frontend/frequencias/atividades/a1/turmas/c1/chamada';
    expect(searchOf(`${roll}?date1=abc`).date1).toBeUndefined();
    expect(searchOf(`${roll}?date1=2026-02-30`).date1).toBeUndefined();
    expect(searchOf(`${roll}?date1=2026-03-02`).date1).toBe('2026-03-02');
    expect(searchOf('/frontend/relatorios?month=2026-13').month).toBeUndefined();
    expect(searchOf('/frontend/relatorios?month=2026-03').month).toBe('2026-03');
    expect(searchOf('/frontend/turmas/c1/frequencia?month=abc').month).toBeUndefined();
    const guardians = searchOf('/frontend/alunos/s1/responsaveis?action=open-new-responsible-modal&text1=%7B%22a%22%3A1%7D&text2=12345678901');
    expect(guardians).toMatchObject({ action: 'open-new-responsible-modal', text1: '{"a":1}', text2: '12345678901' });
    expect(searchOf('/frontend/alunos/s1/responsaveis?text2=%2212%22').text2).toBe('"12"');
  });

  it('the address holds a typed value as typed: digits are not quoted, text is not read as JSON', () => {
    const written = stringifySearch({ action: 'open-new-responsible-modal', text2: '12345678901', text3: '(11) 98765-4321', text4: '[1]' });
    expect(written).toBe('?action=open-new-responsible-modal&text2=12345678901&text3=%2811%29+98765-4321&text4=%5B1%5D');
    expect(parseSearch(written)).toMatchObject({ text3: '(11) 98765-4321', text4: '[1]' });
  });
});

/** A memory router around one screen (its Links need one), with the app's providers. */
import type { ReactElement } from 'react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { renderWithProviders } from '../../support/render.tsx';

/**
 * `history`: the same one again is a reload of the page (the browser keeps the history entry, and its key, across one);
 * a new one is the page opened anew.
 */
export function renderWithRouter(ui: ReactElement, history: RouterHistory = createMemoryHistory({ initialEntries: ['/'] })) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const screen = createRoute({ getParentRoute: () => root, path: '/', component: () => ui });
  const anything = createRoute({ getParentRoute: () => root, path: '$', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([screen, anything]), history });
  return { router, ...renderWithProviders(<RouterProvider router={router as never} />) };
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const pdfFile = (name = 'comprovante.pdf', size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(PDF);
  return new File([bytes], name, { type: 'application/pdf', lastModified: Date.UTC(2026, 0, 10, 12) });
};
export const pngFile = (name = 'foto.png') => new File([new Uint8Array([...PNG, 1, 2, 3])], name, { type: 'image/png' });
export const exeFile = (name = 'renda.pdf') => new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], name, { type: 'application/pdf' });

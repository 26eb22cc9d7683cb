import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from '../../../src/components/route-error.tsx';
import { renderWithProviders } from '../../support/render.tsx';

describe('a screen that cannot be opened', () => {
  it('says so in the app language, and Try again opens it once the cause is gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    const root = createRootRoute({
      component: () => {
        if (broken) throw new Error('Failed to fetch dynamically imported module');
        return <p>The screen</p>;
      },
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory(), defaultErrorComponent: RouteError });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be opened');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

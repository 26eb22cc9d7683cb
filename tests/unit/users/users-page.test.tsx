import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { UsersPage } from '../../../src/features/users/users-page.tsx';
import { renderWithProviders } from '../../support/render.tsx';
import { mockApi } from '../students/support.tsx';

afterEach(() => vi.unstubAllGlobals());

const users = [
  { id: 'u1', full_name: 'Helena Martins', phone: null, access: 'coordenador', formation: null, email: 'helena@example.com' },
  { id: 'u2', full_name: '<script>alert(1)</script>', access: 'unknown-level', email: 'x@example.com' },
];

describe('users page', () => {
  it('shows full name, email and the translated access level', async () => {
    mockApi({ users });
    renderWithProviders(<UsersPage />);
    const card = (await screen.findByText('Helena Martins')).closest('[data-testid="user-card"]') as HTMLElement;
    expect(within(card).getByText('helena@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Coordinator')).toBeInTheDocument();
  });

  it('an unknown access level shows as it came; a name holding script shows as text', async () => {
    mockApi({ users });
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(screen.getByText('unknown-level')).toBeInTheDocument();
    expect(document.querySelector('main script, [data-testid="user-card"] script')).toBeNull();
  });

  it('falls back to the sample users with a banner', async () => {
    mockApi({});
    renderWithProviders(<UsersPage />);
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(screen.getByText('Renata Gomes')).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../../../src/components/auth-provider.tsx';
import type { IdentityClient, AuthUser } from '../../../src/lib/identity.ts';

function Probe() {
  const { user, isLoadingAuth } = useAuth();
  return <p data-testid="probe">{`${isLoadingAuth ? 'loading' : 'ready'}:${user?.displayName ?? 'none'}`}</p>;
}

const settings = { apiKey: 'k', authDomain: 'd', projectId: 'p', storageBucket: 's', messagingSenderId: 'm', appId: 'a' };

describe('the auth context', () => {
  it('without configuration: a warning is logged and is-loading-auth is false at once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<AuthProvider settings={null}><Probe /></AuthProvider>);
    expect(screen.getByTestId('probe')).toHaveTextContent('ready:none');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not configured'));
    warn.mockRestore();
  });

  it('with configuration: is-loading-auth stays true until the first auth-state callback', async () => {
    let emit: (user: AuthUser | null) => void = () => undefined;
    const client: IdentityClient = {
      onUserChange: (listener) => {
        emit = listener;
        return () => undefined;
      },
      signInWithGoogle: vi.fn(async () => undefined),
      signOut: vi.fn(async () => undefined),
      getIdToken: vi.fn(async () => 'token'),
    };
    const loadIdentity = vi.fn(async () => client);
    render(<AuthProvider settings={settings} loadIdentity={loadIdentity}><Probe /></AuthProvider>);
    expect(screen.getByTestId('probe')).toHaveTextContent('loading:none');
    await act(async () => undefined);
    expect(screen.getByTestId('probe')).toHaveTextContent('loading:none');
    act(() => emit({ uid: 'u1', displayName: 'Ana Lima', email: 'ana@example.com' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('ready:Ana Lima');
  });

  it('a failed initialisation is logged and the app goes on without sign-in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<AuthProvider settings={settings} loadIdentity={() => Promise.reject(new Error('boom'))}><Probe /></AuthProvider>);
    await act(async () => undefined);
    expect(screen.getByTestId('probe')).toHaveTextContent('ready:none');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../../../src/components/auth-provider.tsx';
import type { IdentityClient, AuthUser } from '../../../src/lib/identity.ts';
import { PERSIST_KEY, queryClient } from '../../../src/offline/query-client.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { createHttp } from '../../../src/lib/http.ts';

function Probe() {
  const { user, isLoadingAuth } = useAuth();
  return <p data-testid="probe">{`${isLoadingAuth ? 'loading' : 'ready'}:${user?.displayName ?? 'none'}`}</p>;
}

function fakeClient(overrides: Partial<IdentityClient> = {}): { client: IdentityClient; emit: (user: AuthUser | null) => void } {
  let listener: (user: AuthUser | null) => void = () => undefined;
  const client: IdentityClient = {
    onUserChange: (next) => {
      listener = next;
      return () => undefined;
    },
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    getIdToken: vi.fn(async () => 'token'),
    ...overrides,
  };
  return { client, emit: (user) => act(() => listener(user)) };
}

function SessionProbe() {
  const { sessionEnds } = useAuth();
  return <p data-testid="session">{`ends:${sessionEnds}`}</p>;
}

function SignInProbe() {
  const { signIn } = useAuth();
  return <button onClick={() => void signIn()}>go</button>;
}

afterEach(() => {
  localStorage.clear();
  notifications.clean();
});

const settings = { apiKey: 'k', authDomain: 'd', projectId: 'p', storageBucket: 's', messagingSenderId: 'm', appId: 'a' };

describe('the auth context', () => {
  it('without configuration: is-loading-auth is false at once, and a warning is logged at the next idle moment', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <AuthProvider settings={null}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('ready:none');
    expect(warn).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('not configured')));
    warn.mockRestore();
  });

  it('with configuration: is-loading-auth stays true until the first auth-state callback', async () => {
    const { client, emit } = fakeClient();
    const loadIdentity = vi.fn(async () => client);
    render(
      <AuthProvider settings={settings} loadIdentity={loadIdentity}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('loading:none');
    await act(async () => undefined);
    expect(screen.getByTestId('probe')).toHaveTextContent('loading:none');
    emit({ uid: 'u1', displayName: 'Ana Lima', email: 'ana@example.com' });
    expect(screen.getByTestId('probe')).toHaveTextContent('ready:Ana Lima');
  });

  it('starts the identity provider once, even when React renders the provider twice (StrictMode, a restarted transition)', async () => {
    const { client } = fakeClient();
    const loadIdentity = vi.fn(async () => client);
    render(
      <StrictMode>
        <AuthProvider settings={settings} loadIdentity={loadIdentity}>
          <Probe />
        </AuthProvider>
      </StrictMode>,
    );
    await act(async () => undefined);
    expect(loadIdentity).toHaveBeenCalledTimes(1);
  });

  it('a failed initialisation is logged and the app goes on without sign-in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AuthProvider settings={settings} loadIdentity={() => Promise.reject(new Error('boom'))}>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('probe')).toHaveTextContent('ready:none');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

/** Render the provider with a sign-in that fails with this code, and press sign-in. */
async function signInFailingWith(code: string): Promise<void> {
  const { client } = fakeClient({ signInWithGoogle: vi.fn(() => Promise.reject(Object.assign(new Error(code), { code }))) });
  render(
    <MantineProvider>
      <Notifications />
      <AuthProvider settings={settings} loadIdentity={async () => client}>
        <SignInProbe />
      </AuthProvider>
    </MantineProvider>,
  );
  await act(async () => undefined);
  screen.getByRole('button', { name: 'go' }).click();
}

describe('sign-in failures a user can act on', () => {
  for (const [code, text] of [
    ['auth/popup-blocked', 'The sign-in window was blocked. Allow pop-ups for this site and try again.'],
    ['auth/network-request-failed', 'Could not reach the sign-in service. Check the connection and try again.'],
  ] as const) {
    it(`${code} shows a message`, async () => {
      await signInFailingWith(code);
      expect(await screen.findByText(text)).toBeInTheDocument();
    });
  }

  it('a closed popup stays silent (SPEC §8: swallowed)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signInFailingWith('auth/popup-closed-by-user');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText(/sign-in window|sign-in service/)).toBeNull();
    warn.mockRestore();
  });
});

describe('the end of a session', () => {
  const cacheSomething = async () => {
    queryClient.setQueryData(['students'], [{ name: 'Maria' }]);
    await db.kv.put({ key: PERSIST_KEY, value: '{"students":"Maria"}' });
    sessionStorage.setItem('quadra.student-registration.draft', '{}');
  };

  it('when the user is signed out by the identity service, the cache is removed and the app goes home', async () => {
    const { client, emit } = fakeClient();
    render(
      <AuthProvider settings={settings} loadIdentity={async () => client}>
        <SessionProbe />
      </AuthProvider>,
    );
    await act(async () => undefined);
    emit({ uid: 'u1', displayName: 'Ana', email: null });
    await cacheSomething();
    emit(null);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ends:1'));
    expect(queryClient.getQueryData(['students'])).toBeUndefined();
    expect(await db.kv.get(PERSIST_KEY)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('a session that ended while the app was closed (no user at start, one last time) clears the device too', async () => {
    localStorage.setItem('quadra.session-uid', 'u1');
    await cacheSomething();
    const { client, emit } = fakeClient();
    render(
      <AuthProvider settings={settings} loadIdentity={async () => client}>
        <SessionProbe />
      </AuthProvider>,
    );
    await act(async () => undefined);
    emit(null);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ends:1'));
    expect(await db.kv.get(PERSIST_KEY)).toBeUndefined();
    expect(localStorage.getItem('quadra.session-uid')).toBeNull();
  });

  it('the same user coming back after a reload keeps the cache', async () => {
    localStorage.setItem('quadra.session-uid', 'u1');
    await cacheSomething();
    const { client, emit } = fakeClient();
    render(
      <AuthProvider settings={settings} loadIdentity={async () => client}>
        <SessionProbe />
      </AuthProvider>,
    );
    await act(async () => undefined);
    emit({ uid: 'u1', displayName: 'Ana', email: null });
    expect(screen.getByTestId('session')).toHaveTextContent('ends:0');
    expect(await db.kv.get(PERSIST_KEY)).toBeDefined();
  });
});

describe('an account refusal (403 not-registered)', () => {
  /** An ID token as the identity service makes them: a JWT whose subject is the user's uid. */
  const tokenOf = (uid: string) => `e30.${btoa(JSON.stringify({ sub: uid })).replace(/=+$/, '')}.sig`;

  function RefusalProbe() {
    const { refusal } = useAuth();
    return <p data-testid="refusal">{refusal?.code ?? 'none'}</p>;
  }

  it('shows for the user signed in, and not when it answers a request sent before they signed out', async () => {
    let uid = 'u1';
    const { client, emit } = fakeClient({ getIdToken: vi.fn(async () => tokenOf(uid)) });
    render(
      <AuthProvider settings={settings} loadIdentity={async () => client}>
        <RefusalProbe />
      </AuthProvider>,
    );
    await act(async () => undefined);
    const refused = () => Response.json({ statusCode: 403, code: 'not-registered', message: 'not registered' }, { status: 403 });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refused());
    const http = createHttp('http://localhost/api/');
    try {
      emit({ uid: 'u1', displayName: 'Estranho', email: 'e@example.com' });
      await act(() => http.get('me').catch(() => undefined));
      expect(screen.getByTestId('refusal')).toHaveTextContent('not-registered');

      // Signed out; a request sent with u1's token is answered afterwards.
      emit(null);
      expect(screen.getByTestId('refusal')).toHaveTextContent('none');
      await act(() => http.get('me').catch(() => undefined));
      expect(screen.getByTestId('refusal')).toHaveTextContent('none');

      // Another user signs in, and a late answer to u1's request still does not count for them.
      emit({ uid: 'u2', displayName: 'Outra', email: 'o@example.com' });
      await act(() => http.get('me').catch(() => undefined));
      expect(screen.getByTestId('refusal')).toHaveTextContent('none');
      uid = 'u2';
      await act(() => http.get('me').catch(() => undefined));
      expect(screen.getByTestId('refusal')).toHaveTextContent('not-registered');
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

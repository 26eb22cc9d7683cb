/** The auth context (SPEC §1, §3): the current user (or none) and the is-loading-auth flag, for the whole interface. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { config, type FirebaseSettings } from '../lib/config.ts';
import { setTokenProvider } from '../lib/http.ts';
import type { AuthUser, IdentityClient } from '../lib/identity.ts';

export type AuthContextValue = {
  user: AuthUser | null;
  isLoadingAuth: boolean;
  /** False when no identity provider is configured or it failed to start. */
  available: boolean;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export type IdentityLoader = (settings: FirebaseSettings, emulatorUrl: string) => Promise<IdentityClient>;
const loadFirebaseIdentity: IdentityLoader = async (settings, emulatorUrl) =>
  (await import('../lib/identity.ts')).createIdentityClient(settings, emulatorUrl);

type Props = {
  children: ReactNode;
  settings?: FirebaseSettings | null;
  loadIdentity?: IdentityLoader;
  onSignedOut?: () => void;
};

export function AuthProvider({ children, settings = config.firebase, loadIdentity = loadFirebaseIdentity, onSignedOut }: Props) {
  const [client, setClient] = useState<IdentityClient | null>(null);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [isLoadingAuth, setLoading] = useState(settings !== null);

  useEffect(() => {
    if (!settings) {
      console.warn('Quadra: identity provider not configured (all six Firebase settings are needed); running without sign-in.');
      return;
    }
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    loadIdentity(settings, config.firebaseAuthEmulatorUrl)
      .then((identity) => {
        if (cancelled) return;
        setClient(identity);
        setTokenProvider((force) => identity.getIdToken(force));
        unsubscribe = identity.onUserChange((next) => {
          setUser(next);
          setLoading(false);
        });
      })
      .catch((error: unknown) => {
        console.error('Quadra: identity provider failed to initialise; continuing without it.', error);
        setLoading(false);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [settings, loadIdentity]);

  const signIn = useCallback(async () => {
    try {
      await client?.signInWithGoogle();
    } catch (error) {
      console.warn('Quadra: sign-in failed', error); // SPEC §8: swallowed
    }
  }, [client]);

  const signOut = useCallback(async () => {
    try {
      await client?.signOut();
    } catch (error) {
      console.warn('Quadra: sign-out failed', error);
    }
    onSignedOut?.();
  }, [client, onSignedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoadingAuth, available: client !== null, signIn, signOut }),
    [user, isLoadingAuth, client, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/**
 * The auth context (SPEC §1, §3): the current user (or none) and the is-loading-auth flag, for the whole interface.
 * It also owns what a session means on a shared tablet:
 * - signing in (or another user signing in) refetches the lists and sends the waiting outbox work;
 * - the end of a session, for whatever reason (sign-out, a disabled account, an expired session), removes the cached
 *   data of the device (query cache, the half-typed registration) and counts `sessionEnds` (the shell then returns
 *   home); the outbox is kept;
 * - a write the server still refuses after a fresh token sets `needsSignIn` until someone signs in;
 * - the server refusing the account itself (403 with a code of ACCOUNT_REFUSALS): a deactivated user's session ends as
 *   sign-out does (a notice says why); an account that is not registered or not verified gets `refusal`, and the
 *   shell shows why with a way to sign out, instead of any screen. Either counts only when the refused request carried
 *   the token of the user signed in now: answers to requests of a session that ended meanwhile are ignored.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { config, type FirebaseSettings } from '../lib/config.ts';
import { ACCOUNT_REFUSALS, setForbiddenListener, setTokenProvider } from '../lib/http.ts';
import { i18n } from '../lib/i18n.ts';
import { sessionUid, setSessionUid } from '../lib/session-user.ts';
import { tokenSubject } from '../lib/token-subject.ts';
import { whenIdle } from '../lib/when-idle.ts';
import type { AuthUser, IdentityClient } from '../lib/identity.ts';
import { onOutboxAuthRequired, wakeOutbox } from '../offline/outbox.ts';
import { forgetDeviceData, queryClient } from '../offline/query-client.ts';
import { notify } from './notify.ts';

export type AuthContextValue = {
  user: AuthUser | null;
  isLoadingAuth: boolean;
  /** False when no identity provider is configured or it failed to start. */
  available: boolean;
  /** The server refused the outbox's work even with a fresh token: someone must sign in (again). */
  needsSignIn: boolean;
  /** How many sessions ended since the app started (the shell returns home on each, SPEC §2). */
  sessionEnds: number;
  /** The server refused this account (not registered, e-mail not verified): the server's code and words. */
  refusal: AccountRefusal | null;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
};

export type AccountRefusal = { code: string; message: string };

const AuthContext = createContext<AuthContextValue | null>(null);

export type IdentityLoader = (settings: FirebaseSettings, emulatorUrl: string) => Promise<IdentityClient>;
const loadFirebaseIdentity: IdentityLoader = async (settings, emulatorUrl) =>
  (await import('../lib/identity.ts')).createIdentityClient(settings, emulatorUrl);

/** Sign-in failures a user can act on (the others stay swallowed, SPEC §8). */
const signInMessages = {
  'auth/popup-blocked': msg`The sign-in window was blocked. Allow pop-ups for this site and try again.`,
  'auth/network-request-failed': msg`Could not reach the sign-in service. Check the connection and try again.`,
} as const;

type Props = {
  children: ReactNode;
  settings?: FirebaseSettings | null;
  loadIdentity?: IdentityLoader;
};

/**
 * Starts the identity provider once per settings and loader, however often React renders (and throws away renders of)
 * the provider: the first render is a transition, which React may start over.
 */
const identityStarts = new WeakMap<FirebaseSettings, { loader: IdentityLoader; identity: Promise<IdentityClient | null> }>();
function startIdentity(settings: FirebaseSettings | null, loader: IdentityLoader): Promise<IdentityClient | null> {
  if (!settings) return Promise.resolve(null);
  const started = identityStarts.get(settings);
  if (started?.loader === loader) return started.identity;
  const identity = loader(settings, config.firebaseAuthEmulatorUrl).catch((error: unknown) => {
    console.error('Quadra: identity provider failed to initialise; continuing without it.', error);
    return null;
  });
  setTokenProvider(async (force) => (await identity)?.getIdToken(force) ?? null);
  identityStarts.set(settings, { loader, identity });
  return identity;
}

/**
 * Starts the configured identity provider before the app renders (main.tsx): the first route's loader may already ask
 * the server, and its request must wait for the signed-in user's token, not go out as "nobody".
 */
export function startConfiguredIdentity(): void {
  void startIdentity(config.firebase, loadFirebaseIdentity);
}

export function AuthProvider({ children, settings = config.firebase, loadIdentity = loadFirebaseIdentity }: Props) {
  const [client, setClient] = useState<IdentityClient | null>(null);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [isLoadingAuth, setLoading] = useState(settings !== null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [sessionEnds, setSessionEnds] = useState(0);
  const [refusal, setRefusal] = useState<AccountRefusal | null>(null);
  const deactivatedSeen = useRef(false);
  /**
   * Who is signed in now (their uid), as the identity service last said (until it says, who was last time): an account
   * refusal counts only for them, and a change of it ends the session before.
   */
  const signedInUid = useRef<string | null>(null);
  // The end of a session outlives the provider when it unmounts meanwhile (the forgetting is asynchronous): its count
  // is then nobody's to show.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const endSession = useCallback(async () => {
    await forgetDeviceData();
    if (mounted.current) setSessionEnds((count) => count + 1);
  }, []);

  // Start loading the identity library at once, and make every request wait for it (and for the saved user to be
  // restored), so nothing is sent as "nobody" in the first moments after a reload.
  const identity = useMemo(() => startIdentity(settings, loadIdentity), [settings, loadIdentity]);

  useEffect(() => onOutboxAuthRequired(() => setNeedsSignIn(true)), []);

  useEffect(() => {
    if (!settings) {
      // At an idle moment, not among the first screen's effects: while a debugger listens (Lighthouse does), a console
      // message cost a first visit's main thread 13 ms there (issue 57).
      return whenIdle(() =>
        console.warn('Quadra: identity provider not configured (all six Firebase settings are needed); running without sign-in.'),
      );
    }
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    signedInUid.current = sessionUid(); // who was signed in last time this device ran the app
    void identity.then((loaded) => {
      if (cancelled) return;
      if (!loaded) return setLoading(false);
      setClient(loaded);
      unsubscribe = loaded.onUserChange((next) => {
        const previousUid = signedInUid.current;
        const currentUid = next?.uid ?? null;
        signedInUid.current = currentUid;
        setSessionUid(currentUid);
        setUser(next);
        setLoading(false);
        if (previousUid === currentUid) return;
        if (previousUid) {
          // The session ended: signed out here or in another tab, or ended by the identity service (disabled
          // account, expired session), maybe while the app was closed. Nothing of it stays cached.
          void endSession();
        }
        setRefusal(null);
        if (currentUid) {
          // Only a new sign-in resets it: requests still in flight at the sign-out may say "deactivated" again.
          deactivatedSeen.current = false;
          // A (new) user: refetch what nobody or someone else saw, and send the waiting work with their token.
          setNeedsSignIn(false);
          void queryClient.invalidateQueries();
          void wakeOutbox();
        }
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [settings, identity, endSession]);

  const signIn = useCallback(async () => {
    try {
      await client?.signInWithGoogle();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const message = signInMessages[code as keyof typeof signInMessages];
      if (message) notify({ message: i18n._(message), severity: 'error', closable: true });
      else console.warn('Quadra: sign-in failed', error); // SPEC §8: swallowed
    }
  }, [client]);

  const signOut = useCallback(async () => {
    try {
      // Forget first: even if the identity service cannot be reached, nothing personal stays cached here.
      await endSession();
    } finally {
      // And sign out even if the forget failed (what it could not remove goes at the next start).
      try {
        await client?.signOut();
      } catch (error) {
        console.warn('Quadra: sign-out failed', error);
      }
    }
  }, [client, endSession]);

  useEffect(
    () =>
      setForbiddenListener((code, message, token) => {
        if (!code || !ACCOUNT_REFUSALS.includes(code)) return; // one action of a role: the screen or outbox says so
        // A request sent before a sign-out (or before another user signed in) may be answered after it: its refusal is
        // about a session that is over, and must not show (or end) the one of whoever is signed in now.
        if (!token || tokenSubject(token) !== signedInUid.current) return;
        if (code === 'deactivated') {
          // Every request in flight may say so: end the session once.
          if (deactivatedSeen.current) return;
          deactivatedSeen.current = true;
          notify({
            message: i18n._(msg`Your account was deactivated in Quadra, so you were signed out. Unsent changes stay on this device.`),
            severity: 'warning',
            closable: true,
          });
          void signOut();
          return;
        }
        setRefusal((current) => current ?? { code, message });
        void forgetDeviceData();
      }),
    [signOut],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoadingAuth, available: client !== null, needsSignIn, sessionEnds, refusal, signIn, signOut }),
    [user, isLoadingAuth, client, needsSignIn, sessionEnds, refusal, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

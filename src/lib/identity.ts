/**
 * The only module that touches Firebase. It is imported dynamically, and only when all six settings are present,
 * so an unconfigured build ships none of Firebase in its first load (SPEC §1).
 */
import { initializeApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  signInWithPopup,
  signOut,
  type User as FirebaseUser,
} from 'firebase/auth';
import type { FirebaseSettings } from './config.ts';

export type AuthUser = { uid: string; displayName: string | null; email: string | null };

export type IdentityClient = {
  onUserChange(listener: (user: AuthUser | null) => void): () => void;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  getIdToken(forceRefresh: boolean): Promise<string | null>;
};

/** Error codes after which the user must be signed out (SPEC §8). */
export const SIGN_OUT_CODES = ['auth/user-disabled', 'auth/user-token-expired'];

const toAuthUser = (user: FirebaseUser): AuthUser => ({ uid: user.uid, displayName: user.displayName, email: user.email });

export function createIdentityClient(settings: FirebaseSettings, emulatorUrl: string): IdentityClient {
  const app = initializeApp(settings);
  const auth = initializeAuth(app, {
    persistence: indexedDBLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return {
    onUserChange: (listener) => onIdTokenChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    signInWithGoogle: async () => {
      await signInWithPopup(auth, new GoogleAuthProvider());
    },
    signOut: () => signOut(auth),
    getIdToken: async (forceRefresh) => {
      // At start-up the saved user is restored asynchronously: never send a request as "nobody" before that.
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) return null;
      try {
        return await user.getIdToken(forceRefresh);
      } catch (error) {
        if (SIGN_OUT_CODES.includes((error as { code?: string }).code ?? '')) await signOut(auth);
        return null;
      }
    },
  };
}

import { useEffect } from 'react';
import { requestSync } from '../offline/sync-status.ts';
import { useAuth } from './auth-provider.tsx';

/** Every 10 minutes while the app is open and in view. */
export const SYNC_INTERVAL_MS = 10 * 60_000;

/**
 * Fills the device with what its user's role needs (offline/sync.ts): at app start (once the first screen is up), at
 * sign-in, when the connection comes back, and every 10 minutes while the app is in view. Nothing is synced while a
 * sign-in is required and nobody is signed in.
 */
export function BackgroundSync() {
  const { user, available, isLoadingAuth } = useAuth();
  const waitingForSignIn = isLoadingAuth || (available && !user);
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (waitingForSignIn) return;
    // After the first screen has what it needs: the first sync of a large programme is not what the user waits for.
    const start = () => void requestSync();
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 2_000 }) : undefined;
    const timeout = idle === undefined ? setTimeout(start, 500) : undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') start();
    }, SYNC_INTERVAL_MS);
    window.addEventListener('online', start);
    return () => {
      if (idle !== undefined) cancelIdleCallback(idle);
      if (timeout !== undefined) clearTimeout(timeout);
      clearInterval(timer);
      window.removeEventListener('online', start);
    };
  }, [waitingForSignIn, uid]);
  return null;
}

import { useEffect, useRef } from 'react';
import { requestSync } from '../offline/sync-status.ts';
import { useAuth } from './auth-provider.tsx';

/** Every 10 minutes while the app is open and in view. */
export const SYNC_INTERVAL_MS = 10 * 60_000;
/**
 * The first sync of a visit waits this long after start, then for an idle moment: the first screen's own code and
 * data come first (on a slow link, and for its first paint), and the screen shows the device's saved copy meanwhile.
 */
export const FIRST_SYNC_DELAY_MS = 3_000;

/**
 * Fills the device with what its user's role needs (offline/sync.ts): at app start (once the first screen is up), at
 * sign-in, when the connection comes back, and every 10 minutes while the app is in view. Nothing is synced while a
 * sign-in is required and nobody is signed in.
 */
export function BackgroundSync() {
  const { user, available, isLoadingAuth } = useAuth();
  const waitingForSignIn = isLoadingAuth || (available && !user);
  const uid = user?.uid ?? null;
  const startedOnce = useRef(false);
  useEffect(() => {
    if (waitingForSignIn) return;
    const start = () => void requestSync();
    // A sign-in later in the visit syncs at once: the user is waiting for their data.
    const delay = startedOnce.current ? 0 : FIRST_SYNC_DELAY_MS;
    startedOnce.current = true;
    let idle: number | undefined;
    const timeout = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(start, { timeout: 2_000 });
      else start();
    }, delay);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') start();
    }, SYNC_INTERVAL_MS);
    window.addEventListener('online', start);
    return () => {
      clearTimeout(timeout);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearInterval(timer);
      window.removeEventListener('online', start);
    };
  }, [waitingForSignIn, uid]);
  return null;
}

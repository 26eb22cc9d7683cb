import { useEffect } from 'react';
import { whenIdle } from '../lib/when-idle.ts';
import { afterFirstScreen } from '../lib/first-screen.ts';
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
    const start = () => void requestSync();
    // Once the first screen's reads are done (lib/first-screen.ts), at the next idle moment: the first screen's own
    // work comes first, and the device fills as soon as it can (a tablet may leave the Wi-Fi at any time; offline, a
    // read waits and does not hold it). A fixed wait of 3 s was tried: the first visit's full sync then landed in the
    // middle of the user's first navigation (students page at 4x CPU: 836 ms instead of 372 ms).
    let cancelStart = () => {};
    let cancelled = false;
    void afterFirstScreen().then(() => {
      if (!cancelled) cancelStart = whenIdle(start, 2_000);
    });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') start();
    }, SYNC_INTERVAL_MS);
    window.addEventListener('online', start);
    return () => {
      cancelled = true;
      cancelStart();
      clearInterval(timer);
      window.removeEventListener('online', start);
    };
  }, [waitingForSignIn, uid]);
  return null;
}

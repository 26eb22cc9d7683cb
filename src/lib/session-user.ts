/**
 * Who is signed in on this device: their uid, as the identity service last said (components/auth-provider.tsx writes
 * it), or null (signed out, or no sign-in configured). Kept in localStorage, so that at the next start the app knows
 * who was signed in when it last ran (an account ended while the app was closed still clears the device), and so that
 * the outbox tags each write with who made it and sends it only under that person's sign-in (offline/outbox.ts).
 */
const SESSION_KEY = 'quadra.session-uid';

export function sessionUid(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

export function setSessionUid(uid: string | null): void {
  try {
    if (uid) localStorage.setItem(SESSION_KEY, uid);
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // storage blocked: the in-memory transitions still clear the device
  }
}

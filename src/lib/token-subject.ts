/**
 * The subject of a JWT (a Firebase ID token's `sub` is the user's uid), read without checking the token: the server
 * checks it. Null for anything that is not a readable JWT.
 */
export function tokenSubject(token: string): string | null {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

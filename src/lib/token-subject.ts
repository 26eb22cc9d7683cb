import { fromBase64Url } from './base64url.ts';

/**
 * The subject of a JWT (a Firebase ID token's `sub` is the user's uid), read without checking the token: the server
 * checks it. Null for anything that is not a readable JWT.
 */
export function tokenSubject(token: string): string | null {
  try {
    const claims = JSON.parse(fromBase64Url(token.split('.')[1]!)) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

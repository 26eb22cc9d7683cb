/**
 * Who is calling /api. Given a Firebase project id, every /api request must carry `Authorization: Bearer <ID token>`
 * for a user of that project: a missing, malformed, expired, revoked or forged token is answered 401 before any
 * route runs, so nothing is read or written. Whether that user may come in at all, and do what they ask, is decided
 * next, by server/access.ts. Without a project id the server is open (the embedded default for a
 * local try-out) and says so at start.
 *
 * Tokens are verified with firebase-admin (signature against Google's keys, audience, issuer, expiry). With
 * FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the Auth emulator instead, whose tokens are unsigned; there
 * the user is also looked up on every new token (checkRevoked), so a token for a user the emulator never issued is
 * refused too. A verified token is remembered until it expires (at most 5 minutes) to keep requests fast.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

export type VerifiedUser = { uid: string; email?: string; emailVerified: boolean; name?: string };
/** Resolves the token's user, or throws when the token must be refused. */
export type TokenVerifier = (token: string) => Promise<VerifiedUser>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the server verifies tokens. */
    user?: VerifiedUser;
  }
}

export type FirebaseAuthOptions = {
  projectId: string;
  /** Also ask Firebase whether the user was disabled or their tokens revoked (needs credentials, or the emulator). */
  checkRevoked: boolean;
};

export async function firebaseTokenVerifier({ projectId, checkRevoked }: FirebaseAuthOptions): Promise<TokenVerifier> {
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const auth = getAuth(initializeApp({ projectId }, `quadra-${projectId}-${Date.now()}`));
  return async (token) => {
    const decoded = await auth.verifyIdToken(token, checkRevoked);
    return {
      uid: decoded.uid,
      emailVerified: decoded.email_verified === true,
      ...(decoded.email ? { email: decoded.email } : {}),
      ...(typeof decoded.name === 'string' ? { name: decoded.name } : {}),
    };
  };
}

const CACHE_MS = 5 * 60 * 1000;
const CACHE_MAX_ENTRIES = 1000;

/** The onRequest hook for /api: no verifier means the server is open. */
export function authenticateWith(verify: TokenVerifier | null, now: () => number = Date.now) {
  const verified = new Map<string, { user: VerifiedUser; until: number }>();
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!verify) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    if (!match) return refuse(reply, header ? 'The Authorization header must be "Bearer <ID token>"' : 'Sign in to use the API');
    const token = match[1]!;
    const cached = verified.get(token);
    if (cached && cached.until > now()) {
      request.user = cached.user;
      return;
    }
    try {
      const user = await verify(token);
      if (verified.size >= CACHE_MAX_ENTRIES) verified.clear();
      verified.set(token, { user, until: Math.min(now() + CACHE_MS, tokenExpiry(token) ?? 0) });
      request.user = user;
    } catch (error) {
      request.log.info({ code: (error as { code?: string }).code }, 'ID token refused');
      return refuse(reply, 'The sign-in is not valid any more: sign in again');
    }
  };
}

function refuse(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(401).header('WWW-Authenticate', 'Bearer').send(errorBody(401, message));
}

/** The token's exp claim in ms (the token is already verified when this is read). */
function tokenExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

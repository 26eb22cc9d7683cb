/**
 * The Firebase Auth emulator for tests: start it (scripts/auth-emulator.mjs), wait until it answers, and talk to its
 * REST API (create users, disable them) the way Google's identity service would be used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const EMULATOR_PROJECT_ID = 'demo-quadra';
const root = fileURLToPath(new URL('../..', import.meta.url));

export async function startAuthEmulator(port: number, timeoutMs = 120_000): Promise<{ host: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [`${root}scripts/auth-emulator.mjs`, String(port)], { cwd: root, stdio: 'ignore' });
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://${host}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The Auth emulator did not start on ${host} in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    host,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type EmulatorUser = { uid: string; idToken: string; refreshToken: string };

/** Helpers over the emulator's REST API (any API key is accepted). */
export function emulatorClient(host: string) {
  const api = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const post = async <T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    async signUp(email: string, displayName?: string): Promise<EmulatorUser> {
      const created = await post<{ localId: string; idToken: string; refreshToken: string }>(`${api}/accounts:signUp?key=fake-api-key`, {
        email,
        password: 'secret-password',
        returnSecureToken: true,
      });
      if (!displayName) return { uid: created.localId, idToken: created.idToken, refreshToken: created.refreshToken };
      await post(`${api}/accounts:update?key=fake-api-key`, { idToken: created.idToken, displayName });
      // A fresh token carries the name.
      const updated = await post<{ idToken: string; refreshToken: string }>(`${api}/accounts:signInWithPassword?key=fake-api-key`, {
        email,
        password: 'secret-password',
        returnSecureToken: true,
      });
      return { uid: created.localId, idToken: updated.idToken, refreshToken: updated.refreshToken };
    },
    /** An account whose e-mail the provider has verified (as a Google account's is), with a fresh token saying so. */
    async signUpVerified(email: string, displayName?: string): Promise<EmulatorUser> {
      const created = await this.signUp(email, displayName);
      await post(
        `${api}/projects/${EMULATOR_PROJECT_ID}/accounts:update`,
        { localId: created.uid, emailVerified: true },
        { authorization: 'Bearer owner' },
      );
      const fresh = await post<{ idToken: string; refreshToken: string }>(`${api}/accounts:signInWithPassword?key=fake-api-key`, {
        email,
        password: 'secret-password',
        returnSecureToken: true,
      });
      return { uid: created.uid, idToken: fresh.idToken, refreshToken: fresh.refreshToken };
    },
    /** A fresh token of an existing account made by signUp. */
    async signInWithPassword(email: string): Promise<EmulatorUser> {
      const user = await post<{ localId: string; idToken: string; refreshToken: string }>(`${api}/accounts:signInWithPassword?key=fake-api-key`, {
        email,
        password: 'secret-password',
        returnSecureToken: true,
      });
      return { uid: user.localId, idToken: user.idToken, refreshToken: user.refreshToken };
    },
    async uidOf(email: string): Promise<string> {
      const found = await post<{ users?: Array<{ localId: string }> }>(
        `${api}/projects/${EMULATOR_PROJECT_ID}/accounts:lookup`,
        { email: [email] },
        { authorization: 'Bearer owner' },
      );
      const uid = found.users?.[0]?.localId;
      if (!uid) throw new Error(`no emulator account for ${email}`);
      return uid;
    },
    async disable(uid: string): Promise<void> {
      await post(`${api}/projects/${EMULATOR_PROJECT_ID}/accounts:update`, { localId: uid, disableUser: true }, { authorization: 'Bearer owner' });
    },
    async clear(): Promise<void> {
      await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/accounts`, { method: 'DELETE' });
    },
  };
}

/** Base64url JSON segment of a JWT. */
const segment = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
export const decodeJwt = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
/** The same unsigned token with some claims changed (the emulator's tokens are unsigned). */
export function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${segment({ ...decodeJwt(token), ...claims })}.${signature ?? ''}`;
}

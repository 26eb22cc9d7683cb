// @vitest-environment node
/**
 * The server in its verifying mode (FIREBASE_PROJECT_ID), with firebase-admin checking tokens against the Auth
 * emulator: only a valid ID token of a live user of the project gets past authentication; every other request is 401
 * and touches nothing.
 */
import { generateKeyPairSync, createSign, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firebaseTokenVerifier } from '../../../server/auth.ts';
import { decodeJwt, emulatorClient, EMULATOR_PROJECT_ID, withClaims, type EmulatorUser } from '../../support/auth-emulator.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from '../server/support/test-server.ts';

const host = inject('authEmulatorHost');
const emulator = emulatorClient(host);
let server: TestServer;
let openServer: TestServer;
let user: EmulatorUser;

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const verifyToken = await firebaseTokenVerifier({ projectId: EMULATOR_PROJECT_ID, checkRevoked: true });
  const email = `staff-${randomUUID()}@example.com`;
  // A staff member of Quadra (an admin at first sign-in); who may come in at all is server-auth/access.test.ts.
  [server, openServer] = await Promise.all([startTestServer({ verifyToken, adminEmails: [email] }), startTestServer()]);
  user = await emulator.signUpVerified(email, 'Ana Staff');
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([server?.close(), openServer?.close()]);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const countStudents = async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM students'))[0]!.n;
const student = () => ({
  id: randomUUID(),
  fullName: 'Token Test Student',
  dateOfBirth: '2012-03-14',
  registrationNumber: FREE_CPFS[0],
  enrollmentDate: '2026-11-20',
  race: 'PARDA',
  gender: 'FEMININO',
  schoolName: 'Escola Municipal',
  schoolYear: '8º ano',
  socialProgram: 'BOLSA_FAMILIA',
  employmentStatus: 'ESTUDANTE',
  address: { code: '50050-000', street: 'Rua da Aurora', number: '120', complement: '' },
});

/** The same claims signed RS256 with a key Google never issued. */
function signedByStranger(token: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'forged-key' })).toString('base64url');
  const payload = token.split('.')[1]!;
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

describe('the API with FIREBASE_PROJECT_ID set', () => {
  it('answers a valid ID token of a project user', async () => {
    const response = await server.app.inject({ url: '/api/activities', headers: bearer(user.idToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('refuses a request without a token with 401, the error shape and WWW-Authenticate', async () => {
    const response = await server.app.inject('/api/students');
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sign in to use the API' });
  });

  const refused: Array<[string, () => string]> = [
    ['a malformed header (not Bearer)', () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['a malformed token (not a JWT)', () => 'Bearer not-a-token'],
    ['a token of three junk segments', () => 'Bearer aaa.bbb.ccc'],
    [
      'an expired token',
      () => `Bearer ${withClaims(user.idToken, { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3660 })}`,
    ],
    ['a token signed with a key Google never issued', () => `Bearer ${signedByStranger(user.idToken)}`],
    ['a forged token for a user that does not exist', () => `Bearer ${withClaims(user.idToken, { sub: 'nobody', user_id: 'nobody' })}`],
    [
      'a token of another project',
      () => `Bearer ${withClaims(user.idToken, { aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' })}`,
    ],
  ];
  for (const [what, header] of refused) {
    it(`refuses ${what}: 401 and nothing read or written`, async () => {
      const before = await countStudents();
      const read = await server.app.inject({ url: '/api/students', headers: { authorization: header() } });
      expect(read.statusCode).toBe(401);
      expect(read.body).not.toContain('registrationNumber');
      const write = await server.app.inject({ method: 'POST', url: '/api/students', headers: { authorization: header() }, payload: student() });
      expect(write.statusCode).toBe(401);
      expect(await countStudents()).toBe(before);
    });
  }

  it('refuses the token of a user disabled after it was issued', async () => {
    const other = await emulator.signUp(`disabled-${randomUUID()}@example.com`);
    await emulator.disable(other.uid);
    const response = await server.app.inject({ url: '/api/classes', headers: bearer(other.idToken) });
    expect(response.statusCode).toBe(401);
  });

  it('writes with a valid token, and the verified user is the token subject', async () => {
    expect(decodeJwt(user.idToken).user_id).toBe(user.uid);
    const before = await countStudents();
    const response = await server.app.inject({ method: 'POST', url: '/api/students', headers: bearer(user.idToken), payload: student() });
    expect(response.statusCode).toBe(201);
    expect(await countStudents()).toBe(before + 1);
  });
});

describe('the API without FIREBASE_PROJECT_ID (embedded default)', () => {
  it('stays open', async () => {
    expect((await openServer.app.inject('/api/activities')).statusCode).toBe(200);
  });
});

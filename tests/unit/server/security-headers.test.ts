// @vitest-environment node
/** Issue 8, part 7: the headers every answer carries, and a CSP that matches the build being served. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_SOURCES_FILE, sourcesFromBuildEnv } from '../../../server/content-security-policy.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

const defaults = { postcodeUrl: 'https://viacep.com.br/ws/{cep}/json/', demoRepoUrl: 'https://api.github.com/repos/tanstack/query' };
const firebaseEnv = {
  VITE_FIREBASE_API_KEY: 'k',
  VITE_FIREBASE_AUTH_DOMAIN: 'quadra-app.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'quadra-app',
  VITE_FIREBASE_STORAGE_BUCKET: 'b',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '1',
  VITE_FIREBASE_APP_ID: 'a',
};

function builtApp(sources: object | null): string {
  const dist = mkdtempSync(join(tmpdir(), 'quadra-csp-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quadra</title>');
  if (sources) writeFileSync(join(dist, CSP_SOURCES_FILE), JSON.stringify(sources));
  return dist;
}

/** The CSP as a map of directive -> sources. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

let plain: TestServer;
let withFirebase: TestServer;
beforeAll(async () => {
  [plain, withFirebase] = await Promise.all([
    startTestServer({ distDir: builtApp(sourcesFromBuildEnv({}, defaults)) }),
    startTestServer({ distDir: builtApp(sourcesFromBuildEnv({ ...firebaseEnv, VITE_POSTCODE_URL: 'https://cep.example.org/{cep}' }, defaults)) }),
  ]);
}, SETUP_TIMEOUT_MS);
afterAll(() => Promise.all([plain.close(), withFirebase.close()]));

describe('security headers', () => {
  it.each(['/frontend/', '/api/students', '/api/nothing-here'])('%s carries nosniff, a Referrer-Policy and the CSP', async (url) => {
    const response = await plain.app.inject(url);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('API answers with personal data are never stored', async () => {
    for (const url of ['/api/students', '/api/activities', '/api/users']) {
      expect((await plain.app.inject(url)).headers['cache-control']).toBe('no-store');
    }
  });

  it('without Firebase: scripts from self only (and WebAssembly, no eval); connections to self, the postcode service and the demo endpoint', async () => {
    const policy = csp((await plain.app.inject('/frontend/')).headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://viacep.com.br', 'https://api.github.com']);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false); // would break plain-HTTP LAN installs
  });

  it('with Firebase: its hosts are added, the configured postcode service replaces the default', async () => {
    const policy = csp((await withFirebase.app.inject('/frontend/')).headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://cep.example.org',
      'https://api.github.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(policy.get('frame-src')).toEqual(['https://quadra-app.firebaseapp.com']);
    // Firebase's popup sign-in needs Google's iframe loader: the one outside script source, and only here.
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com']);
  });

  it('the Auth emulator, when named, is a connection and frame source', () => {
    const sources = sourcesFromBuildEnv({ ...firebaseEnv, VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }, defaults);
    expect(sources.connect).toContain('http://127.0.0.1:9099');
    expect(sources.frame).toContain('http://127.0.0.1:9099');
  });

  it('an absolute API address is a connection source; a relative one is the app origin', () => {
    expect(sourcesFromBuildEnv({ VITE_API_URL: 'https://api.example.org/api' }, defaults).connect).toContain('https://api.example.org');
    expect(sourcesFromBuildEnv({ VITE_API_URL: '/api' }, defaults).connect).toEqual(['https://viacep.com.br', 'https://api.github.com']);
  });
});

/**
 * The Content-Security-Policy of the app, built from the same settings as the build it protects: the build writes
 * the outside origins it was configured with into dist/csp-sources.json (see vite.config.ts), and the server reads
 * that file, so the policy always matches the app it serves.
 *
 * Scripts come from the app's own origin only, and WebAssembly may compile (PDF.js decodes JPEG 2000 images with it).
 * The single exception is Firebase's Google popup sign-in, which cannot run without Google's iframe loader
 * (https://apis.google.com); it is allowed only when Firebase is configured.
 * Connections go to the API, the postcode service, the demo page's repository endpoint and, when configured, the
 * Firebase hosts (or the Auth emulator). Nothing may frame the app; no plugins; no <base>.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CSP_SOURCES_FILE = 'csp-sources.json';

export type CspSources = { connect: string[]; frame: string[]; script: string[] };
const empty: CspSources = { connect: [], frame: [], script: [] };

type BuildEnv = Record<string, string | undefined>;

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    return []; // relative (same origin) or not a URL
  }
};

const FIREBASE_SETTINGS = ['API_KEY', 'AUTH_DOMAIN', 'PROJECT_ID', 'STORAGE_BUCKET', 'MESSAGING_SENDER_ID', 'APP_ID'];

/** The outside origins a build talks to, from its VITE_* settings (defaults as in src/lib/config.ts). */
export function sourcesFromBuildEnv(env: BuildEnv, defaults: { postcodeUrl: string; demoRepoUrl: string }): CspSources {
  const connect = [
    ...originOf(env.VITE_API_URL),
    ...originOf(env.VITE_POSTCODE_URL || defaults.postcodeUrl),
    ...originOf(env.VITE_DEMO_REPO_URL || defaults.demoRepoUrl),
  ];
  const frame: string[] = [];
  const script: string[] = [];
  if (FIREBASE_SETTINGS.every((name) => env[`VITE_FIREBASE_${name}`])) {
    const emulator = originOf(env.VITE_FIREBASE_AUTH_EMULATOR_URL);
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator);
    frame.push(...originOf(`https://${env.VITE_FIREBASE_AUTH_DOMAIN}`), ...emulator);
    script.push('https://apis.google.com');
  }
  const unique = (list: string[]) => [...new Set(list)];
  return { connect: unique(connect), frame: unique(frame), script: unique(script) };
}

export function readCspSources(distDir: string): CspSources {
  const file = join(distDir, CSP_SOURCES_FILE);
  if (!existsSync(file)) return empty;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<CspSources>;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  return { connect: list(parsed.connect), frame: list(parsed.frame), script: list(parsed.script) };
}

/** Directives in @fastify/helmet's shape. */
export function cspDirectives(sources: CspSources): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval' lets WebAssembly compile (PDF.js's JPEG 2000 decoder, src/features/students/pdf-pages.tsx) and
    // nothing else: no string runs as JavaScript.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...sources.script],
    // Mantine writes its CSS variables into a <style> element at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...sources.connect],
    frameSrc: sources.frame.length ? sources.frame : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
  };
}

#!/usr/bin/env node
/**
 * Runs the Firebase Auth emulator (firebase-tools) for the tests, offline:
 *   node scripts/auth-emulator.mjs [PORT]
 * PORT defaults to the one in firebase.json (9099). Another port gets its own copy of firebase.json (with the hub and
 * logging ports moved next to it) under .e2e/, so several test runs can share a machine. The emulator UI stays off:
 * its download cannot work here. Stops with this process (SIGINT/SIGTERM are passed on).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const EMULATOR_PROJECT_ID = 'demo-quadra';
const root = fileURLToPath(new URL('..', import.meta.url));
const base = JSON.parse(readFileSync(`${root}firebase.json`, 'utf8'));
const port = Number(process.argv[2] || base.emulators.auth.port);

let configPath = `${root}firebase.json`;
if (port !== base.emulators.auth.port) {
  const config = structuredClone(base);
  config.emulators.auth.port = port;
  config.emulators.hub = { host: '127.0.0.1', port: port + 1 };
  config.emulators.logging = { host: '127.0.0.1', port: port + 2 };
  mkdirSync(`${root}.e2e`, { recursive: true });
  configPath = `${root}.e2e/firebase-${port}.json`;
  writeFileSync(configPath, JSON.stringify(config, null, 2));
}

const child = spawn(
  process.execPath,
  [
    `${root}node_modules/firebase-tools/lib/bin/firebase.js`,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    EMULATOR_PROJECT_ID,
    '--config',
    configPath,
  ],
  { stdio: 'inherit', cwd: root, env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

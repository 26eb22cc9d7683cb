/**
 * Starts Quadra on one port: the built app under /frontend/ and the API under /api.
 *   PORT (8080)  HOST (0.0.0.0)  DATA_DIR (server/data/pglite)  DATABASE_URL (unset: embedded PGlite)
 *   DIST_DIR (dist)  SEED_STUDENTS (0: extra students on first seed)  LOG_LEVEL (info: one JSON line per request)
 *   FIREBASE_PROJECT_ID (unset: the API is open)  FIREBASE_AUTH_EMULATOR_HOST (verify against the Auth emulator; needs
 *   QUADRA_ALLOW_EMULATOR=yes too)
 *   ADMIN_EMAILS (comma-separated: these e-mails become admin users at their first sign-in)
 *   ATTENDANCE_MIN_PERCENT (75: students below it this month are alerted)
 *   REPORT_AGE_BANDS (6-10,11-14,15-17,18+: the period report's age bands at the period's start)
 *   DISK_LOW_MB (200: /api/health says disk 'low' under this much free space where the embedded database lives)
 *   SEED_DEMO (on without FIREBASE_PROJECT_ID, off with it: a new database gets the sample programme)
 *   PRIVACY_CONTACT_NAME, PRIVACY_CONTACT_EMAIL (the privacy page's data-protection contact)
 *   RETENTION_YEARS (5: years after a student's deactivation before they are listed for anonymisation)
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildServer } from './app.ts';
import { DEFAULT_AGE_BANDS, parseAgeBands } from '../src/api/beneficiaries-contract.ts';
import { activeAdmins } from './data/users.ts';
import { firebaseTokenVerifier } from './auth.ts';
import { controlSocketOf, DataDirHeldError } from './db/data-dir-lock.ts';
import { startMaintenance } from './db/maintenance.ts';
import { openDatabase } from './db/open.ts';
import type { PgliteDb } from './db/pglite.ts';
import { startControlSocket } from './control-socket.ts';
import { describeRestored, makeActiveAdmin } from './data/admins.ts';
import { DEFAULT_DISK_LOW_MB, diskFullAtStart, freeMegabytes, isDiskFull } from './disk.ts';
import { loggerOptions } from './edge.ts';
import { ROOT } from './root.ts';

const env = process.env;

function positiveInt(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function onOff(name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'on' && raw !== 'off') throw new Error(`${name} must be on or off, got "${raw}"`);
  return raw === 'on';
}

const port = positiveInt('PORT', 8080);
const host = env.HOST || '0.0.0.0';
const dataDir = resolve(ROOT, env.DATA_DIR || 'server/data/pglite');
const distDir = resolve(ROOT, env.DIST_DIR || 'dist');
const attendanceMinPercent = positiveInt('ATTENDANCE_MIN_PERCENT', 75);
if (attendanceMinPercent > 100) throw new Error(`ATTENDANCE_MIN_PERCENT must be at most 100, got "${attendanceMinPercent}"`);
// A setting that cannot be read stops the start with its reason, like the others.
const ageBands = parseAgeBands(env.REPORT_AGE_BANDS?.trim() || DEFAULT_AGE_BANDS);
const privacy = {
  contactName: env.PRIVACY_CONTACT_NAME?.trim() || null,
  contactEmail: env.PRIVACY_CONTACT_EMAIL?.trim() || null,
  retentionYears: positiveInt('RETENTION_YEARS', 5),
};

const projectId = env.FIREBASE_PROJECT_ID || '';
// The Auth emulator accepts any token (one edited to carry an admin's uid is that admin): a server starts with it only
// when told so in a second setting too, and then says so at every start, in its log and in /api/health (issue 55).
const emulator = env.FIREBASE_AUTH_EMULATOR_HOST || '';
if (emulator && env.QUADRA_ALLOW_EMULATOR !== 'yes') {
  console.error(
    `Quadra cannot start: FIREBASE_AUTH_EMULATOR_HOST is set (${emulator}), so sign-in tokens would not be verified: unset it, or set QUADRA_ALLOW_EMULATOR=yes too (tests only)`,
  );
  process.exit(1);
}
// The sample programme's made-up children and staff accounts never go into a database that requires sign-in unless
// asked for: its staff e-mails would let whoever holds them in.
const seedDemo = onOff('SEED_DEMO', !projectId);

const diskLowMb = positiveInt('DISK_LOW_MB', DEFAULT_DISK_LOW_MB);
// A start on a full disk: one line, not PGlite's crash dump (issue 55). The embedded database's folder (or, before its
// first start, the folder it goes in) must have room to open.
if (!env.DATABASE_URL) {
  const free = await freeMegabytes(existsSync(dataDir) ? dataDir : dirname(dataDir));
  if (free !== null && free < 1) {
    console.error(diskFullAtStart(dataDir));
    process.exit(1);
  }
}
const db = await openDatabase({
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  dataDir,
  extraStudents: positiveInt('SEED_STUDENTS', 0),
  demo: seedDemo,
  purpose: `the Quadra server on port ${port}`,
}).catch((error: unknown) => {
  // One clear line, not a stack: the folder is taken, and the line says by whom and what to do.
  if (error instanceof DataDirHeldError) {
    console.error(`Quadra cannot start: ${error.message}`);
    process.exit(1);
  }
  if (isDiskFull(error)) {
    console.error(diskFullAtStart(env.DATABASE_URL ? 'the PostgreSQL server' : dataDir));
    process.exit(1);
  }
  throw error;
});
// Revocation checks need credentials (or the emulator); without them firebase-admin still checks signature and expiry.
const checkRevoked = Boolean(emulator || env.GOOGLE_APPLICATION_CREDENTIALS);
const verifyToken = projectId ? await firebaseTokenVerifier({ projectId, checkRevoked }) : null;
const adminEmails = (env.ADMIN_EMAILS ?? '')
  .split(',')
  .map((email) => email.trim())
  .filter(Boolean);
const app = await buildServer({
  db,
  distDir,
  verifyToken,
  adminEmails,
  attendanceMinPercent,
  ageBands,
  privacy,
  tokensUnverified: Boolean(emulator),
  ...(db.kind === 'pglite' ? { disk: { dir: dataDir, lowMb: diskLowMb } } : {}),
  logger: loggerOptions(env.LOG_LEVEL || 'info'),
});
if (emulator)
  app.log.warn(
    `Sign-in tokens are NOT verified: FIREBASE_AUTH_EMULATOR_HOST=${emulator} (QUADRA_ALLOW_EMULATOR=yes); tests only, never a programme's server`,
  );
if (verifyToken && adminEmails.length === 0) {
  if ((await activeAdmins(db)) === 0)
    app.log.warn('Sign-in is required and no admin exists yet: set ADMIN_EMAILS to the e-mail of the first admin, or nobody can come in');
}
// `npm run admin -- EMAIL` while this server holds the data folder comes here (the way back to an admin, issue 55).
const makeAdmin = async (email: string) => describeRestored(await makeActiveAdmin(db, email));
const control = db.kind === 'pglite' ? await startControlSocket(controlSocketOf(dataDir), () => (db as PgliteDb).backup(), app.log, makeAdmin) : null;
// The embedded database has no autovacuum: the server vacuums it at quiet moments (db/maintenance.ts).
let lastRequestAt = Date.now();
app.addHook('onRequest', async () => {
  lastRequestAt = Date.now();
});
const maintenance = db.kind === 'pglite' ? startMaintenance(db, { idleFor: () => Date.now() - lastRequestAt, log: app.log }) : null;

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.warn(`${signal}: stopping`);
  control?.close();
  maintenance?.stop();
  // Finishes the requests in flight (new ones are refused), then closes the listening socket. A request in flight when
  // the stop began is answered keep-alive (fastify says Connection: close only to those that arrive after), and its
  // connection would hold the stop for the keep-alive timeout (72 s): each is closed as soon as it is idle.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
  await app.close();
  clearInterval(idleSweep);
  // Closing PGlite flushes it to DATA_DIR; skipping it risks losing the last writes.
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// Started by scripts/start.mjs (an IPC channel): if that process dies, even by SIGKILL, the server stops too.
process.on('disconnect', () => void stop('start command gone'));

await app.listen({ port, host }).catch(async (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(`Quadra cannot start: port ${port} is in use by another program: stop it, or set PORT to another port`);
  control?.close();
  await db.close();
  process.exit(1);
});
const storage = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
console.log(
  projectId
    ? `Sign-in required: every /api request needs a Firebase ID token of project ${projectId}` +
        (emulator ? ` (Auth emulator at ${emulator}: tokens are NOT verified, tests only)` : '') +
        `, from an active user of Quadra` +
        (adminEmails.length ? ` (${adminEmails.length} e-mail(s) of ADMIN_EMAILS become admins at their first sign-in)` : '')
    : 'Sign-in NOT required: the API is open to anyone who can reach it, and everyone acts as an admin (set FIREBASE_PROJECT_ID to require Google sign-in)',
);
console.log(`Quadra is running at http://localhost:${port}/frontend/  (API: /api, data: ${storage})`);

// `npm start`: builds the app when the build is missing or older than its sources (unless DIST_DIR names a prepared
// build elsewhere), bundles the server, then starts the reference server (API under /api, the app under /frontend/)
// on its embedded database, as a child process.
//
// Stopping: SIGTERM or SIGINT to this process (what a supervisor, a container runtime or Ctrl+C sends) is passed to
// the server, which finishes the requests in flight, closes the database and exits; this process then exits with it.
// If the server has not stopped after STOP_TIMEOUT_MS it is killed. Should this process die without a word (SIGKILL),
// the server sees its IPC channel close and stops by itself: it is never left running as an orphan that holds the
// port and the data folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, serverEnv } from './server-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const STOP_TIMEOUT_MS = 20_000;

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

if (!process.env.DIST_DIR) {
  const built = join(root, 'dist', 'index.html');
  const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (stale) {
    console.log('Building the app...');
    const result = spawnSync(join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The server's bundle, made anew at every start (about 0.3 s, so it is never older than its sources), run by Node
// itself: no TypeScript loader in the running server (it held about 80 MB), and no process in between that signals
// must cross. Its flags and environment keep it small (server-runtime.mjs).
const bundled = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.mjs'], {
  cwd: root,
  env: serverEnv(process.env),
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
let stopping = false;
function stop(signal) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill(signal);
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error(`The server did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
    server.kill('SIGKILL');
  }, STOP_TIMEOUT_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// `npm start` runs this through `sh -c`; on SIGTERM npm passes the signal to that shell, which dies without passing it
// on. This process then finds itself re-parented (to init or a subreaper), and stops the server as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (!stopping && process.ppid !== parent) stop('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

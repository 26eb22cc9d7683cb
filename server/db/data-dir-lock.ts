/**
 * One server per data folder. PGlite takes no lock of its own, and two processes on one folder corrupt it (the second
 * one, today, dies with a crash dump of PGlite's minified source). So whoever opens a PGlite data folder first writes
 * `<DATA_DIR>.lock` beside it (created exclusively: of two at once, one wins) with its process id, and removes it when
 * it closes the database. A lock whose process is gone (a crash, a SIGKILL, a power cut) is stale and is taken over.
 *
 * The lock file and the server's control socket (`<DATA_DIR>.sock`, see server/control-socket.ts) sit beside the
 * folder, not in it: the folder is exactly the database, what a backup copies.
 */
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export type DataDirLock = {
  pid: number;
  host: string;
  startedAt: string;
  purpose: string;
  /** The process's start time as Linux counts it (/proc/<pid>/stat), so a reused pid is told apart. */
  processStart?: string | null;
};

const trimSlashes = (dir: string): string => dir.replace(/[/\\]+$/, '');
/**
 * The folder's real path, links resolved (issue 55): one folder reached by two names (a symbolic link, a relative
 * path, a trailing slash) has one lock, so a second server started through a link is refused like any other. A folder
 * not made yet: its parent's real path and its name.
 */
export function realDataDir(dataDir: string): string {
  const absolute = trimSlashes(resolve(dataDir));
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}
export const lockFileOf = (dataDir: string): string => `${realDataDir(dataDir)}.lock`;
export const controlSocketOf = (dataDir: string): string => `${realDataDir(dataDir)}.sock`;

export class DataDirHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirLock,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Quadra process (${holder.purpose}, process ${holder.pid} on ${holder.host}, ` +
        `since ${holder.startedAt}): stop it first (kill ${holder.pid}), or set DATA_DIR to another folder. ` +
        `Only if that process is surely gone, delete ${lockFileOf(dataDir)}.`,
    );
    this.name = 'DataDirHeldError';
  }
}

/** Linux: when process `pid` started (field 22 of /proc/<pid>/stat, in clock ticks since boot); null elsewhere. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote `lock` still runs. A pid is reused after its process is gone, so on Linux the
 * process's start time must match too (or, for a lock without one, the process must be a Node.js one).
 */
function isAlive(lock: DataDirLock): boolean {
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartOf(lock.pid);
  if (lock.processStart && started) return lock.processStart === started;
  try {
    return readFileSync(`/proc/${lock.pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS): the pid is alive, take it as the holder
  }
}

export function readLock(dataDir: string): DataDirLock | null {
  try {
    return JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as DataDirLock;
  } catch {
    return null;
  }
}

/** Locks this process holds now, by lock file (their startedAt). */
const heldHere = new Map<string, string>();

/**
 * The live process holding `dataDir`, if any. A lock with this process's id that this process did not take is left
 * from an earlier life (a container's server is often process 1 every time) and holds nothing.
 */
export function holderOf(dataDir: string): DataDirLock | null {
  const lock = readLock(dataDir);
  if (!lock) return null;
  if (lock.host !== hostname()) return lock; // another machine on a shared folder: it cannot be checked, so it holds
  if (lock.pid === process.pid) return heldHere.get(lockFileOf(dataDir)) === lock.startedAt ? lock : null;
  return isAlive(lock) ? lock : null;
}

/** Takes the data folder for this process, or throws DataDirHeldError. Answers the release function. */
export function lockDataDir(given: string, purpose: string): () => void {
  const dataDir = realDataDir(given);
  const file = lockFileOf(dataDir);
  const mine: DataDirLock = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    purpose,
    processStart: processStartOf(process.pid),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      heldHere.set(file, mine.startedAt);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        const current = readLock(dataDir);
        if (current?.pid === mine.pid && current.startedAt === mine.startedAt) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(dataDir);
      if (holder) throw new DataDirHeldError(dataDir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${file}: another process keeps creating it`);
}

/**
 * A full disk is a state the server names (issue 55), never a 500 or a crash dump: a write that meets it is answered
 * 507 'disk-full' ("The server's disk is full: tell the administrator."), /api/health says `disk: 'low'` under
 * DISK_LOW_MB of free space, and a start on a full disk stops with one line.
 */
import { statfs } from 'node:fs/promises';

export const DISK_FULL_CODE = 'disk-full';
export const DISK_FULL_MESSAGE = "The server's disk is full: tell the administrator.";
/** Free space under which /api/health says `disk: 'low'` (DISK_LOW_MB). */
export const DEFAULT_DISK_LOW_MB = 200;

/**
 * Whether an error is the disk being full: Node's ENOSPC (a file write), PostgreSQL's SQLSTATE 53100 disk_full (from a
 * PostgreSQL server or PGlite), or PGlite's file system refusing a write for want of space (Emscripten's errno 51,
 * or the C library's words in PostgreSQL's message: "could not extend file ...: No space left on device").
 */
export function isDiskFull(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, errno, message } = current as { code?: unknown; errno?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === '53100' || (code === undefined && errno === 51 && /ErrnoError|FS/i.test(String(message)))) return true;
    if (typeof message === 'string' && /no space left on device|disk is full|disk_full/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Free megabytes on the file system of `path` (null when it cannot be read). */
export async function freeMegabytes(path: string): Promise<number | null> {
  try {
    const stats = await statfs(path);
    return (stats.bavail * stats.bsize) / (1024 * 1024);
  } catch {
    return null;
  }
}

/** 'low' under `lowMb` free, 'ok' above; undefined when not known (no folder to look at, or statfs failed). */
export async function diskState(path: string | undefined, lowMb: number): Promise<'ok' | 'low' | undefined> {
  if (!path) return undefined;
  const free = await freeMegabytes(path);
  if (free === null) return undefined;
  return free < lowMb ? 'low' : 'ok';
}

/** The one line a start on a full disk prints. */
export const diskFullAtStart = (where: string): string =>
  `Quadra cannot start: the disk of ${where} is full (no space left on device): free some space on it, then start again`;

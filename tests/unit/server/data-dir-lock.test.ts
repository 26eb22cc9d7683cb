// @vitest-environment node
/** One server per data folder: the lock beside it, what a second opener is told, and locks left by dead processes. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirHeldError, holderOf, lockDataDir, lockFileOf } from '../../../server/db/data-dir-lock.ts';

const newDataDir = () => join(mkdtempSync(join(tmpdir(), 'quadra-lock-')), 'pglite');
const writeLock = (dataDir: string, pid: number) =>
  writeFileSync(
    lockFileOf(dataDir),
    JSON.stringify({ pid, host: hostname(), startedAt: '2026-11-25T00:00:00.000Z', purpose: 'the Quadra server on port 1' }),
  );

describe('the data folder lock', () => {
  it('is taken by the first opener; a second one is told which process holds the folder and what to do; release frees it', () => {
    const dataDir = newDataDir();
    const release = lockDataDir(dataDir, 'the Quadra server on port 8080');
    expect(holderOf(dataDir)?.pid).toBe(process.pid);
    let refusal: unknown;
    try {
      lockDataDir(dataDir, 'npm run backup');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirHeldError);
    expect((refusal as Error).message).toMatch(
      new RegExp(
        `^The data folder ${dataDir} is in use by another Quadra process \\(the Quadra server on port 8080, process ${process.pid} on .*\\): stop it first \\(kill ${process.pid}\\)`,
      ),
    );
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    expect(holderOf(dataDir)).toBeNull();
  });

  it("is taken on the folder's real path: the same folder through a link, or a path with a trailing slash, is refused", () => {
    const dataDir = newDataDir();
    mkdirSync(dataDir);
    const link = join(mkdtempSync(join(tmpdir(), 'quadra-link-')), 'another-name');
    symlinkSync(dataDir, link);
    const release = lockDataDir(dataDir, 'the Quadra server on port 8080');
    try {
      expect(() => lockDataDir(link, 'the Quadra server on port 8081')).toThrow(DataDirHeldError);
      expect(() => lockDataDir(`${link}/`, 'the Quadra server on port 8081')).toThrow(/The data folder .* is in use by another Quadra process/);
      expect(holderOf(link)?.pid).toBe(process.pid);
      expect(lockFileOf(link)).toBe(lockFileOf(dataDir));
    } finally {
      release();
    }
    // And the other way round: the lock taken through the link holds the folder.
    const throughLink = lockDataDir(link, 'the test');
    expect(() => lockDataDir(dataDir, 'the test')).toThrow(DataDirHeldError);
    throughLink();
  });

  it('takes over a lock whose process is gone, or whose process id now belongs to another program', () => {
    const dataDir = newDataDir();
    const gone = spawnSync('true').pid!;
    writeLock(dataDir, gone);
    expect(holderOf(dataDir)).toBeNull();
    lockDataDir(dataDir, 'the test')();

    const other = spawn('sleep', ['5']);
    try {
      writeLock(dataDir, other.pid!);
      expect(holderOf(dataDir)).toBeNull();
      lockDataDir(dataDir, 'the test')();
    } finally {
      other.kill();
    }
  });

  it('a pid reused by another Node.js process does not hold: its start time differs', () => {
    const dataDir = newDataDir();
    const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
    try {
      writeFileSync(
        lockFileOf(dataDir),
        JSON.stringify({ pid: node.pid, host: hostname(), startedAt: '2026-11-25T00:00:00.000Z', purpose: 'a server long gone', processStart: '1' }),
      );
      expect(holderOf(dataDir)).toBeNull();
    } finally {
      node.kill();
    }
  });

  it('a lock of a live Node.js process holds', () => {
    const dataDir = newDataDir();
    const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
    try {
      writeLock(dataDir, node.pid!);
      expect(holderOf(dataDir)?.pid).toBe(node.pid);
      expect(() => lockDataDir(dataDir, 'the test')).toThrow(DataDirHeldError);
    } finally {
      node.kill();
    }
  });
});

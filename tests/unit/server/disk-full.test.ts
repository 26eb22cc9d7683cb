// @vitest-environment node
/**
 * A full disk is a state the server names (issue 55), simulated by a database adapter that refuses chosen statements
 * as a full disk would: PostgreSQL's SQLSTATE 53100 (PGlite's too) or Node's ENOSPC. Writes and uploads answer 507
 * 'disk-full', never 500; a write whose access-record row cannot be written is not acknowledged; /api/health says
 * `disk: 'low'` under the low mark.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { isDiskFull } from '../../../server/disk.ts';
import type { Db, Queryable } from '../../../server/db/types.ts';
import { multipartBody, PDF } from './support/multipart.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

let testDb: TestDb;
/** Statements whose text matches this fail as on a full disk (null: none). */
let failing: { pattern: RegExp; error: () => Error } | null = null;
const pgDiskFull = () => Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100' });
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

function failingOn<Q extends Queryable>(target: Q): Q {
  const check = (sql: string) => {
    if (failing?.pattern.test(sql)) throw failing.error();
  };
  return {
    ...target,
    query: async (sql: string, params?: readonly unknown[]) => (check(sql), target.query(sql, params as never)),
    run: async (sql: string, params?: readonly unknown[]) => (check(sql), target.run(sql, params as never)),
  };
}

let app: FastifyInstance;
async function serverWith(disk?: { dir: string; lowMb: number }): Promise<FastifyInstance> {
  const db = failingOn(testDb.db);
  const wrapped: Db = { ...db, transaction: (fn) => testDb.db.transaction((tx) => fn(failingOn(tx))) };
  const server = await buildServer({ db: wrapped, distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')), ...(disk ? { disk } : {}) });
  await server.ready();
  return server;
}

beforeAll(async () => {
  testDb = await openTestDb();
  app = await serverWith();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await testDb.close();
});

const anyStudent = async () => (await testDb.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 1'))[0]!.id;

describe('a full disk', () => {
  it('a write the database cannot store answers 507 disk-full, not 500', async () => {
    failing = { pattern: /INSERT INTO students/, error: pgDiskFull };
    try {
      const answer = await app.inject({ method: 'POST', url: '/api/students', payload: { id: crypto.randomUUID(), fullName: 'Disco Cheio' } });
      expect(answer.statusCode).toBe(507);
      expect(answer.json()).toMatchObject({ statusCode: 507, code: 'disk-full', message: "The server's disk is full: tell the administrator." });
    } finally {
      failing = null;
    }
  });

  it('an upload that cannot be stored (ENOSPC) answers 507 disk-full', async () => {
    failing = { pattern: /INSERT INTO student_documents/, error: enospc };
    try {
      const upload = multipartBody({ fileType: 'OUTRO', date: '2026-03-01' }, [{ filename: 'cheio.pdf', content: PDF }]);
      const answer = await app.inject({ method: 'POST', url: `/api/students/${await anyStudent()}/documentos`, ...upload });
      expect(answer.statusCode).toBe(507);
      expect(answer.json()).toMatchObject({ code: 'disk-full' });
    } finally {
      failing = null;
    }
  });

  it('a write whose access-record row cannot be written (the disk is full) is not acknowledged: 507, and its resend is', async () => {
    const id = crypto.randomUUID();
    failing = { pattern: /INSERT INTO access_log/, error: enospc };
    try {
      const answer = await app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: 'Sem Registro Cheio' } });
      expect(answer.statusCode).toBe(507);
      expect(answer.json()).toMatchObject({ code: 'disk-full' });
    } finally {
      failing = null;
    }
    const resent = await app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: 'Sem Registro Cheio' } });
    expect(resent.statusCode).toBe(200);
  });

  it('/api/health says disk "low" under DISK_LOW_MB of free space, "ok" above', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quadra-disk-'));
    const low = await serverWith({ dir, lowMb: Number.MAX_SAFE_INTEGER });
    const ok = await serverWith({ dir, lowMb: 0 });
    try {
      expect((await low.inject('/api/health')).json()).toMatchObject({ status: 'ok', disk: 'low' });
      expect((await ok.inject('/api/health')).json()).toMatchObject({ status: 'ok', disk: 'ok' });
      expect((await app.inject('/api/health')).json()).not.toHaveProperty('disk');
    } finally {
      await low.close();
      await ok.close();
    }
  });

  it('tells a full disk from other failures', () => {
    expect(isDiskFull(pgDiskFull())).toBe(true);
    expect(isDiskFull(enospc())).toBe(true);
    expect(isDiskFull(new Error('write failed', { cause: enospc() }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDiskFull(new Error('connection refused'))).toBe(false);
  });
});

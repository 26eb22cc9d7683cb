import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer } from '../../../../server/app.ts';
import type { TokenVerifier } from '../../../../server/auth.ts';
import { openTestDb, type TestDb } from './test-db.ts';

/** The clock a test server checks roll dates against unless told otherwise: after every date the tests use. */
export const TESTS_CLOCK = new Date('2100-01-01T00:00:00Z');

/** For beforeAll: the first run on a machine builds the PGlite snapshot, which can take minutes when it is busy. */
export const SETUP_TIMEOUT_MS = 300_000;

export interface TestServer extends TestDb {
  app: FastifyInstance;
}

/** The whole server over a fresh seeded database; distDir defaults to an empty folder (app not built). */
export async function startTestServer(
  options: {
    distDir?: string;
    cacheStudentList?: boolean;
    verifyToken?: TokenVerifier;
    adminEmails?: string[];
    attendanceMinPercent?: number;
    now?: () => Date;
  } = {},
): Promise<TestServer> {
  const testDb = await openTestDb();
  const app = await buildServer({
    db: testDb.db,
    distDir: options.distDir ?? mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    ...(options.cacheStudentList === undefined ? {} : { cacheStudentList: options.cacheStudentList }),
    ...(options.verifyToken ? { verifyToken: options.verifyToken } : {}),
    ...(options.adminEmails ? { adminEmails: options.adminEmails } : {}),
    ...(options.attendanceMinPercent === undefined ? {} : { attendanceMinPercent: options.attendanceMinPercent }),
    // Tests date their rolls freely, in the future too; the rule on a roll's date has its own test with its own clock.
    now: options.now ?? (() => TESTS_CLOCK),
  });
  await app.ready();
  return {
    ...testDb,
    app,
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

export const json = <T>(response: LightMyRequestResponse): T => response.json<T>();

/** A valid CPF that no seed row uses (seed CPFs come from a PRNG; this one is fixed). */
export const FREE_CPFS = ['52998224725', '11144477735', '39053344705', '16899535009'] as const;

// @vitest-environment node
/**
 * GET /api/health answers without sign-in, and the server's log is one JSON line per request with no personal data.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { loggerOptions } from '../../../server/edge.ts';
import { listMigrations } from '../../../server/db/migrate.ts';
import { healthSchema } from '../../../src/api/contract.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS } from './support/test-server.ts';

let testDb: TestDb;
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

async function serverAt(level: string, verifyToken?: () => Promise<never>) {
  const app = await buildServer({
    db: testDb.db,
    distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    logger: { ...loggerOptions(level), stream: sink },
    ...(verifyToken ? { verifyToken } : {}),
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  testDb = await openTestDb();
}, SETUP_TIMEOUT_MS);
afterAll(() => testDb.close());

describe('GET /api/health', () => {
  it('answers the database state and the schema version with no sign-in, even where every other route needs one', async () => {
    const app = await serverAt('warn', async () => {
      throw new Error('no token is valid here');
    });
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    const body = healthSchema.parse(health.json());
    const latest = (await listMigrations()).at(-1)!.replace(/\.sql$/, '');
    expect(body).toMatchObject({ status: 'ok', database: 'up', schemaVersion: latest });
    expect((await app.inject('/api/students')).statusCode).toBe(401);
    await app.close();
  });

  it('answers 503 with database "down" when the database does not answer', async () => {
    const broken = { ...testDb.db, query: () => Promise.reject(new Error('connection refused')) };
    const app = await buildServer({ db: broken, distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')) });
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down', schemaVersion: null });
    await app.close();
  });
});

describe('the request log', () => {
  it('writes one JSON line per request, with the route pattern and status, and no names, CPFs, ids, tokens or query strings', async () => {
    const app = await serverAt('info');
    lines.length = 0;
    const id = crypto.randomUUID();
    const name = 'Heloísa Registro Sigiloso';
    const created = await app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: name, registrationNumber: FREE_CPFS[3] } });
    expect(created.statusCode).toBe(201);
    await app.inject({ url: `/api/students/${id}/responsibles`, headers: { authorization: 'Bearer secret-token-123' } });
    await app.inject('/api/classes?activityId=private-query-value');
    await app.inject({ method: 'POST', url: '/api/students', payload: { fullName: `${name}\u0000` } });
    await app.close();

    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
    expect(requests.map((entry) => [entry.method, entry.route, entry.status])).toEqual([
      ['POST', '/api/students', 201],
      ['GET', '/api/students/:id/responsibles', 200],
      ['GET', '/api/classes', 200],
      ['POST', '/api/students', 400],
    ]);
    expect(requests.every((entry) => entry.level === 30 && typeof entry.ms === 'number')).toBe(true);
    const everything = lines.join('\n');
    for (const secret of [name, 'Heloísa', FREE_CPFS[3], id, 'secret-token-123', 'private-query-value']) expect(everything).not.toContain(secret);
  });

  it('writes no request lines at LOG_LEVEL=warn', async () => {
    const app = await serverAt('warn');
    lines.length = 0;
    await app.inject('/api/activities');
    await app.close();
    expect(lines).toEqual([]);
  });
});

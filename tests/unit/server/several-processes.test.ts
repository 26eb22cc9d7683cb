// @vitest-environment node
/**
 * Several server processes on one database (issue 19): what one writes, the other's cached students list shows at
 * once, and both answer the same ETag for the same list (a 304 from either). On PostgreSQL (DATABASE_URL, the CI run)
 * these are two real processes; on the embedded database, which one process holds, two servers in this process share
 * its connection, each with its own cache, which is what the property is about.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { freePort, startServer, waitHealthy, type ServerProcess } from './support/processes.ts';
import { TESTS_CLOCK, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

type Client = { get(path: string, headers?: Record<string, string>): Promise<Response>; post(path: string, body: unknown): Promise<Response> };
const clients: Client[] = [];
const stops: (() => Promise<unknown>)[] = [];

function httpClient(base: string): Client {
  return {
    get: (path, headers = {}) => fetch(`${base}${path}`, { headers }),
    post: (path, body) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `quadra_procs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const withSchema = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const servers: ServerProcess[] = [];
    // One after the other: the first migrates and seeds the schema.
    for (let i = 0; i < 2; i += 1) {
      const server = startServer('', await freePort(), 'main', withSchema);
      servers.push(server);
      await waitHealthy(server, 120_000);
    }
    clients.push(...servers.map((server) => httpClient(server.url)));
    stops.push(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    });
  } else {
    const first: TestServer = await startTestServer();
    const second = await buildServer({ db: first.db, distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')), now: () => TESTS_CLOCK });
    await second.ready();
    for (const app of [first.app, second]) {
      clients.push({
        get: async (path, headers = {}) => {
          const answer = await app.inject({ method: 'GET', url: path, headers });
          return new Response(answer.statusCode === 304 ? null : answer.body, { status: answer.statusCode, headers: answer.headers as HeadersInit });
        },
        post: async (path, body) => {
          const answer = await app.inject({ method: 'POST', url: path, payload: body as object });
          return new Response(answer.body, { status: answer.statusCode });
        },
      });
    }
    stops.push(async () => {
      await second.close();
      await first.close();
    });
  }
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe('two server processes on one database', () => {
  it('shows through one what was written through the other, with one ETag for one list', async () => {
    const [one, two] = clients as [Client, Client];
    // Both hold the list in their cache.
    const before = await two.get('/api/students');
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;
    expect((await one.get('/api/students')).headers.get('etag')).toBe(etag);
    expect((await two.get('/api/students', { 'if-none-match': etag })).status).toBe(304);

    const id = randomUUID();
    const created = await one.post('/api/students', { id, fullName: 'Zélia Dois Processos' });
    expect(created.status).toBe(201);

    const after = await two.get('/api/students', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const list = (await after.json()) as { id: string }[];
    expect(list.some((student) => student.id === id)).toBe(true);
    const newEtag = after.headers.get('etag')!;
    expect(newEtag).not.toBe(etag);
    expect((await one.get('/api/students', { 'if-none-match': newEtag })).status).toBe(304);
  });
});

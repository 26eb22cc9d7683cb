// @vitest-environment node
// Every list answer carries an ETag derived from its body (issue 23), so it is the same from any server process, and
// a GET that names it in If-None-Match gets 304 with no body until the answer changes. The students list has its own
// (students.test.ts); here a class's roster, the catalogue's lists and a roll, compressed or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url, headers });

describe('ETags on list answers', () => {
  it('a roster answers 304 to its own ETag, and 200 with a new one once a roll changes it', async () => {
    const [group] = await server.db.query<{ id: string }>(
      'SELECT class_id AS id FROM class_enrollments WHERE ended_on IS NULL GROUP BY class_id ORDER BY count(*) DESC LIMIT 1',
    );
    const url = `/api/classes/${group!.id}/students`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Everyone absent on a day of their own: their frequencies change, and with them the roster.
    const roster = first.json<{ id: string }[]>();
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${group!.id}/attendance/2026-11-02`,
      payload: { takenBy: 'Teste', takenAt: '2026-11-02T12:00:00.000Z', entries: roster.map(({ id }) => ({ studentId: id, status: 'ABSENT' })) },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('the classes list (gzipped, over 1 KB) and the activities answer 304 to their ETag, and 200 to another', async () => {
    for (const url of ['/api/classes', '/api/activities']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const asks: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-none-match': etag, 'accept-encoding': 'gzip' }];
      for (const headers of asks) {
        const again = await get(url, headers);
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      }
      expect((await get(url, { 'if-none-match': '"another"' })).statusCode).toBe(200);
    }
    const zipped = await get('/api/classes', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe((await get('/api/classes')).headers.etag);
  });

  it('the students list keeps its own ETag, gzipped or not, and answers 304 to it with no body', async () => {
    const first = await get('/api/students', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect((await get('/api/students')).headers.etag).toBe(etag);
    for (const headers of [{ 'if-none-match': etag }, { 'if-none-match': etag, 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const again = await get('/api/students', headers);
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });
});

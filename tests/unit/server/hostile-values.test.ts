// @vitest-environment node
/**
 * Small things no longer stored as sent (issue 55): a file name loses its bidirectional controls and zero-width
 * characters; a roll's takenAt may not be later than the server's day plus one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterIds } from '../../../server/data/rules/roster.ts';
import { multipartBody, PDF } from './support/multipart.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

describe('hostile values', () => {
  it('a file name loses its right-to-left override and zero-width characters', async () => {
    const [{ id } = { id: '' }] = await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 1');
    const upload = multipartBody({ fileType: 'OUTRO', date: '2026-03-01', fileName: 'fdp.\u202Eexe\u200B.pdf' }, [
      { filename: 'x.pdf', content: PDF },
    ]);
    const answer = await server.app.inject({ method: 'POST', url: `/api/students/${id}/documentos`, ...upload });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<{ fileName: string }>().fileName).toBe('fdp.exe.pdf');
    const invisible = multipartBody({ fileType: 'OUTRO', date: '2026-03-01', fileName: '\u202E\u200B\u2066' }, [{ filename: 'x.pdf', content: PDF }]);
    expect((await server.app.inject({ method: 'POST', url: `/api/students/${id}/documentos`, ...invisible })).statusCode).toBe(400);
  });

  it("a roll's takenAt later than the server's day plus one is refused (400); tomorrow's is taken", async () => {
    const [cls] = await server.db.query<{ class_id: string }>(
      'SELECT class_id FROM class_enrollments WHERE ended_on IS NULL GROUP BY class_id HAVING count(*) >= 2 ORDER BY class_id LIMIT 1',
    );
    const date = '2026-11-20';
    const [studentId] = [...(await rosterIds(server.db, cls!.class_id, date))];
    const save = (takenAt: string) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/classes/${cls!.class_id}/attendance/${date}`,
        payload: { takenBy: 'Prof', takenAt, entries: [{ studentId, status: 'PRESENT' }] },
      });
    for (const takenAt of ['9999-12-31T00:00:00.000Z', '2026-11-30T00:00:00.000Z']) {
      const answer = await save(takenAt);
      expect(answer.statusCode, takenAt).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(/cannot be later than tomorrow/);
    }
    expect((await save('2026-11-29T06:00:00.000Z')).statusCode).toBe(200);
  });
});

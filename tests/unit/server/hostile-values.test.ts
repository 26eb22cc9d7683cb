// @vitest-environment node
/**
 * Small things no longer stored as sent (issue 55): a file name loses its bidirectional controls and zero-width
 * characters; a roll's takenAt may not be later than the server's day plus one; a person's name must hold a letter; an
 * image over 40 megapixels is refused from its header; an error names at most 20 offending values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterIds } from '../../../server/data/rules/roster.ts';
import { multipartBody, PDF } from './support/multipart.ts';
import { LISTED_VALUES_MAX } from '../../../server/errors.ts';
import { imagePixels } from '../../../server/file-sniff.ts';
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

  it('a name made only of invisible or format characters is refused (400), for a student, a guardian and a user', async () => {
    for (const name of ['\u200B', '\u202E\u2066', ' \u200B ', '123']) {
      const student = await server.app.inject({ method: 'POST', url: '/api/students', payload: { fullName: name } });
      expect(student.statusCode, JSON.stringify(name)).toBe(400);
      expect(student.json<{ message: string }>().message).toMatch(/must contain a letter/);
      const user = await server.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { full_name: name, email: `x${Math.random()}@example.org`, access: 'instrutor' },
      });
      expect(user.statusCode, JSON.stringify(name)).toBe(400);
    }
    const named = await server.app.inject({ method: 'POST', url: '/api/students', payload: { fullName: 'Ana Lú' } });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('an image over 40 megapixels is refused from its header, without decoding it; a smaller one is taken', async () => {
    const [{ id } = { id: '' }] = await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 1');
    // A PNG's signature and IHDR chunk: width and height are all a reader needs (the pixels are never there).
    const png = (width: number, height: number) => {
      const bytes = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
      bytes.writeUInt32BE(13, 8);
      bytes.write('IHDR', 12, 'latin1');
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      bytes[24] = 8;
      bytes[25] = 6;
      return bytes;
    };
    const upload = (content: Buffer) =>
      server.app.inject({
        method: 'POST',
        url: `/api/students/${id}/documentos`,
        ...multipartBody({ fileType: 'OUTRO', date: '2026-03-01' }, [{ filename: 'foto.png', content }]),
      });
    const huge = await upload(png(50_000, 50_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ message: string }>().message).toMatch(/2500 megapixels; at most 40/);
    expect((await upload(png(8_000, 5_000))).statusCode).toBe(201);
  });

  it("a header cut short gives no size, whatever memory lies past the file's bytes (no random refusal)", () => {
    // A PNG's signature and IHDR's name, no width or height, inside a larger buffer full of 0x7f (as a pooled Buffer is).
    const pool = Buffer.alloc(64, 0x7f);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(pool, 8);
    expect(imagePixels(pool.subarray(8, 24))).toBeUndefined();
  });

  it('an error names at most the first 20 offending values, and how many more', async () => {
    const [cls] = await server.db.query<{ class_id: string }>('SELECT class_id FROM class_enrollments GROUP BY class_id ORDER BY class_id LIMIT 1');
    const strangers = Array.from({ length: 1000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const answer = await server.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls!.class_id}/attendance/2026-11-20`,
      payload: { takenBy: 'Prof', takenAt: '2026-11-20T12:00:00.000Z', entries: strangers.map((studentId) => ({ studentId, status: 'ABSENT' })) },
    });
    expect(answer.statusCode).toBe(400);
    const { message } = answer.json<{ message: string }>();
    expect(message).toContain(`and ${1000 - LISTED_VALUES_MAX} more`);
    expect(strangers.filter((id) => message.includes(id))).toHaveLength(LISTED_VALUES_MAX);
  });
});

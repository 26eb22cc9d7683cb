// @vitest-environment node
/**
 * What a class-start rush does to writes, kept as figures: the same client id sent 50 times at once is one student; 20
 * different ids with one CPF are one student and 19 answers 409; 30 saves of one roll at once leave one roll, equal to
 * one of them (never a mix). On PGlite the requests queue inside the server; with DATABASE_URL they really race.
 */
import { rosterIds } from '../../../server/data/rules/roster.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

describe('concurrent writes', () => {
  it('the same client id POSTed 50 times at once gives one student: one 201, the rest 200 with the same id', async () => {
    const id = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => server.app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: 'Corrida Repetida' } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(49).fill(200), 201]);
    expect(new Set(answers.map((a) => a.json<{ id: string }>().id))).toEqual(new Set([id]));
    expect(await server.db.query('SELECT id FROM students WHERE id = $1', [id])).toHaveLength(1);
  });

  it('20 different ids with one CPF at once give one student and 19 answers 409', async () => {
    const cpf = FREE_CPFS[0];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.app.inject({
          method: 'POST',
          url: '/api/students',
          payload: { id: crypto.randomUUID(), fullName: `Mesmo CPF ${i}`, registrationNumber: cpf },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(
      answers
        .filter((a) => a.statusCode === 409)
        .every((a) => a.json<{ message: string }>().message === 'A student with this CPF is already registered'),
    ).toBe(true);
    expect(await server.db.query('SELECT id FROM students WHERE registration_number = $1', [cpf])).toHaveLength(1);
  });

  it('30 concurrent saves of one roll leave one roll, equal to one of the saves', async () => {
    const [cls] = await server.db.query<{ class_id: string }>(
      'SELECT class_id FROM class_enrollments GROUP BY class_id HAVING count(*) >= 4 ORDER BY class_id LIMIT 1',
    );
    const classId = cls!.class_id;
    // A roll lists the roster of its own date.
    const roster = [...(await rosterIds(server.db, classId, '2026-05-04'))].sort();
    expect(roster.length).toBeGreaterThan(0);
    const url = `/api/classes/${classId}/attendance/2026-05-04`;
    const saves = Array.from({ length: 30 }, (_, n) => ({
      takenBy: `Instrutor ${n}`,
      takenAt: `2026-05-04T10:${String(n).padStart(2, '0')}:00.000Z`,
      entries: roster.map((studentId, i) => ({ studentId, status: (i + n) % 3 === 0 ? 'ABSENT' : 'PRESENT' })),
    }));
    const answers = await Promise.all(saves.map((payload) => server.app.inject({ method: 'PUT', url, payload })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await server.db.query("SELECT 1 FROM attendance_rolls WHERE class_id = $1 AND date = '2026-05-04'", [classId])).toHaveLength(1);
    const stored = (await server.app.inject(url)).json<{ takenBy: string; takenAt: string; entries: unknown[] }>();
    const n = Number(stored.takenBy.replace('Instrutor ', ''));
    expect({ takenBy: stored.takenBy, takenAt: stored.takenAt, entries: stored.entries }).toEqual(saves[n]);
  });
});

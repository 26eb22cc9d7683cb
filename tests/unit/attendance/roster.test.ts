import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoster } from '../../../src/api/rosters.ts';
import { fetchRoll } from '../../../src/api/attendance.ts';
import { RecordNotFoundError } from '../../../src/lib/http.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ana = { id: 's1', name: 'Ana Souza', frequencyPercent: 90 };
const bruno = { id: 's2', name: 'Bruno Lima', frequencyPercent: 50 };

function serve(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      calls.push(url.pathname);
      const route = routes[url.pathname];
      return route ? route() : json({ statusCode: 404, error: 'Not Found', message: `Route GET ${url.pathname} not found` }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the class roster', () => {
  it('is the class students when the server has the route', async () => {
    const calls = serve({ '/api/classes/c1/students': () => json([ana]) });
    await expect(fetchRoster('c1')).resolves.toEqual([ana]);
    expect(calls).toEqual(['/api/classes/c1/students']);
  });

  it('falls back to all students when the server answers 404 for the roster route', async () => {
    const calls = serve({ '/api/students': () => json([ana, bruno]) });
    await expect(fetchRoster('c1')).resolves.toEqual([ana, bruno]);
    expect(calls).toEqual(['/api/classes/c1/students', '/api/students']);
  });

  it('is "class not found" (never all students) when the server answers 404 for the class itself', async () => {
    const calls = serve({ '/api/classes/c1/students': () => json({ statusCode: 404, error: 'Not Found', message: 'Class not found' }, 404) });
    await expect(fetchRoster('c1')).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(calls).toEqual(['/api/classes/c1/students']);
  });

  it('fails (so the persisted copy or sample data is shown) on other errors', async () => {
    serve({ '/api/classes/c1/students': () => json({ statusCode: 500, error: 'x', message: 'boom' }, 500) });
    await expect(fetchRoster('c1')).rejects.toThrow();
  });

  it('fails on a malformed answer', async () => {
    serve({ '/api/classes/c1/students': () => json([{ id: 's1' }]) });
    await expect(fetchRoster('c1')).rejects.toThrow(/Malformed/);
  });
});

describe('the saved roll', () => {
  it('is none when the server answers 404', async () => {
    serve({});
    await expect(fetchRoll('c1', '2026-03-02')).resolves.toBeNull();
  });

  it('is parsed from the server', async () => {
    const roll = {
      classId: 'c1',
      date: '2026-03-02',
      takenBy: 'x',
      takenAt: '2026-03-02T10:00:00.000Z',
      entries: [{ studentId: 's1', status: 'ABSENT' }],
    };
    serve({ '/api/classes/c1/attendance/2026-03-02': () => json(roll) });
    await expect(fetchRoll('c1', '2026-03-02')).resolves.toEqual(roll);
  });
});

// @vitest-environment node
/**
 * A student's access record names what each entry did in the user's words (src/features/students/access-log-actions.ts),
 * for every route that can leave an entry about a student: the reads marked `audit: 'student'`, and the writes whose
 * address names a student, a guardian or a follow-up case, or that take a roll (server/access.ts studentsOf). Generated from the server's own routes, so a new
 * one is caught the day it is added (the record showed "GET /students/:id" to the user).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogActions } from '../../../src/features/students/access-log-actions.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const aboutAStudent = (method: string, url: string, audit?: string): boolean => {
  if (method === 'HEAD' || method === 'OPTIONS') return false;
  if (method === 'GET') return audit === 'student';
  return (
    /^\/api\/students(\/:id\b|$)/.test(url) ||
    url.includes(':studentId') ||
    url.startsWith('/api/responsibles/') ||
    url.endsWith('/attendance/:date') ||
    // a follow-up case's writes name its child (issue 50)
    url.startsWith('/api/cases') ||
    url.endsWith('/attendance/general/:date')
  );
};

describe("a student's access record", () => {
  it('has words for every route that can leave an entry about a student', () => {
    const routes = server.app.routeRules
      .filter(({ method, url, audit }) => aboutAStudent(method, url, audit))
      .map(({ method, url }) => `${method} ${url.replace(/^\/api/, '')}`);
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.filter((route) => !(route in accessLogActions))).toEqual([]);
  });
});

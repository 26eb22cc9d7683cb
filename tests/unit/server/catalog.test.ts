// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accessLevels,
  activityAreas,
  activityFrequencies,
  activitySchema,
  apiErrorSchema,
  classSchema,
  enums,
  filterPaths,
  userSchema,
} from '../../../src/api/contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

describe('GET /api/activities', () => {
  it('lists activities in every area, each area with its three frequencies and a teacher', async () => {
    const response = await server.app.inject('/api/activities');
    expect(response.statusCode).toBe(200);
    const activities = z.array(activitySchema).parse(response.json());
    for (const area of activityAreas) {
      const inArea = activities.filter((activity) => activity.area === area);
      expect(new Set(inArea.map((activity) => activity.frequency))).toEqual(new Set(activityFrequencies));
    }
    expect(activities.every((activity) => activity.teacher.length > 0)).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/classes', () => {
  it('lists classes on every weekday and level, each belonging to a known activity', async () => {
    const classes = z.array(classSchema).parse((await server.app.inject('/api/classes')).json());
    const activities = z.array(activitySchema).parse((await server.app.inject('/api/activities')).json());
    expect(new Set(classes.map((c) => c.weekDay))).toEqual(new Set(enums.weekDay));
    expect(new Set(classes.map((c) => c.level))).toEqual(new Set(enums.level));
    const activityIds = new Set(activities.map((a) => a.id));
    expect(classes.every((c) => activityIds.has(c.activityId))).toBe(true);
    expect(classes.every((c) => /^\d{2}:\d{2} - \d{2}:\d{2}$/.test(c.schedule))).toBe(true);
  });

  it('filters by activityId', async () => {
    const all = z.array(classSchema).parse((await server.app.inject('/api/classes')).json());
    const activityId = all[0]!.activityId;
    const some = z.array(classSchema).parse((await server.app.inject(`/api/classes?activityId=${activityId}`)).json());
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((c) => c.activityId === activityId)).toBe(true);
    expect(some.length).toBeLessThan(all.length);
  });

  it('answers an empty list for an activity without classes', async () => {
    const response = await server.app.inject('/api/classes?activityId=no-such-activity');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/filters/...', () => {
  it.each(Object.entries(filterPaths))('%s answers its codes', async (name, path) => {
    const response = await server.app.inject(`/api/${path}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(enums[name as keyof typeof enums]);
  });
});

describe('GET /api/users', () => {
  it('lists users of every access level', async () => {
    const users = z.array(userSchema).parse((await server.app.inject('/api/users')).json());
    expect(new Set(users.map((user) => user.access))).toEqual(new Set(accessLevels));
    expect(users.every((user) => user.email.includes('@'))).toBe(true);
  });
});

describe('unknown routes under /api', () => {
  it('answer 404 in the error shape', async () => {
    const response = await server.app.inject('/api/nope?x=1');
    expect(response.statusCode).toBe(404);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/nope not found',
    });
  });

  it('a known path with another method is also a 404 in the error shape', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: '/api/activities' });
    expect(response.statusCode).toBe(404);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toContain('DELETE /api/activities');
  });
});

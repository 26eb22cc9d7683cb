// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterPaths } from '../../../src/api/contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown>; parameters?: unknown[] }>>;
}

const expectedRoutes = [
  ['get', '/api/activities'],
  ['post', '/api/activities'],
  ['put', '/api/activities/{id}'],
  ['get', '/api/classes'],
  ['post', '/api/classes'],
  ['put', '/api/classes/{id}'],
  ['get', '/api/students/{id}'],
  ['put', '/api/students/{id}'],
  ['post', '/api/students/{id}/status'],
  ['put', '/api/classes/{classId}/students/{studentId}'],
  ['delete', '/api/classes/{classId}/students/{studentId}'],
  ['delete', '/api/responsibles/{id}'],
  ...Object.values(filterPaths).map((path) => ['get', `/api/${path}`]),
  ['get', '/api/students'],
  ['post', '/api/students'],
  ['post', '/api/students/{id}/documentos'],
  ['get', '/api/students/{id}/documentos'],
  ['get', '/api/students/{id}/documentos/{docId}/file'],
  ['delete', '/api/students/{id}/documentos/{docId}'],
  ['get', '/api/students/{id}/responsibles'],
  ['post', '/api/students/{id}/responsibles'],
  ['put', '/api/responsibles/{id}'],
  ['get', '/api/users'],
  ['post', '/api/users'],
  ['put', '/api/users/{id}'],
  ['get', '/api/me'],
  ['get', '/api/students/{id}/access-log'],
  ['get', '/api/sync'],
  ['post', '/api/imports/students/matches'],
  ['post', '/api/imports/students'],
  ['post', '/api/imports/enrolments/matches'],
  ['post', '/api/imports/enrolments'],
  ['get', '/api/export'],
  ['get', '/api/classes/{classId}/students'],
  ['put', '/api/classes/{classId}/attendance/{date}'],
  ['get', '/api/classes/{classId}/attendance/{date}'],
  ['get', '/api/classes/{classId}/attendance'],
  ['put', '/api/attendance/general/{date}'],
  ['get', '/api/attendance/general/{date}'],
  ['get', '/api/attendance/general'],
  ['get', '/api/attendance/alerts'],
  ['get', '/api/attendance/rolls-to-complete'],
  ['get', '/api/reports/frequency'],
  ['get', '/api/reports/arrivals'],
  ['get', '/api/reports/beneficiaries'],
  ['get', '/api/reports/funder-pack'],
  ['get', '/api/calendar'],
  ['put', '/api/calendar/{date}'],
  ['delete', '/api/calendar/{date}'],
  ['get', '/api/cases'],
  ['post', '/api/cases'],
  ['get', '/api/cases/{id}'],
  ['post', '/api/cases/{id}/steps'],
  ['put', '/api/cases/{id}/steps/{stepId}/outcome'],
  ['post', '/api/cases/{id}/close'],
  ['get', '/api/students/{id}/cases'],
  ['get', '/api/settings'],
  ['put', '/api/settings'],
  ['get', '/api/reports/follow-up'],
  ['get', '/api/health'],
  ['get', '/api/students/{id}/consents'],
  ['post', '/api/students/{id}/consents'],
  ['get', '/api/students/{id}/export'],
  ['get', '/api/consent-terms'],
  ['post', '/api/consent-terms'],
  ['get', '/api/consents/to-renew'],
  ['get', '/api/assessment-forms'],
  ['put', '/api/assessment-forms/{formType}'],
  ['get', '/api/students/{id}/assessments'],
  ['put', '/api/students/{id}/assessments/{formType}'],
  ['post', '/api/students/{id}/assessments/{formType}/review'],
  ['get', '/api/privacy'],
  ['get', '/api/retention'],
  ['post', '/api/students/{id}/anonymise'],
] as const;

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document listing every route, and nothing else', async () => {
    const response = await server.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Quadra reference API');
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`));
    expect(listed.sort()).toEqual(expectedRoutes.map(([m, p]) => `${m} ${p}`).sort());
  });

  it('describes bodies, parameters and the error shape from the contract schemas', async () => {
    const doc = (await server.app.inject('/api/openapi.json')).json<OpenApiDocument>();
    const create = doc.paths['/api/students']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('registrationNumber');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '409']));
    expect(JSON.stringify(create.responses['400'])).toContain('statusCode');
    const put = doc.paths['/api/classes/{classId}/attendance/{date}']!.put!;
    expect(JSON.stringify(put.parameters)).toContain('date');
    expect(JSON.stringify(put.requestBody)).toContain('takenAt');
    const upload = doc.paths['/api/students/{id}/documentos']!.post!;
    expect(JSON.stringify(upload)).toContain('multipart/form-data');
  });
});

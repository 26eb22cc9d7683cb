import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

let server: Server;
let base = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.setHeader('Content-Type', 'application/json');
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 300)),
  ]);

it('once the page hands over to a new version, no request leaves: not through the client, not for the sync worker', async () => {
  // The hold is for the page's whole life: a module of its own for this test.
  vi.resetModules();
  const http = await import('../../../src/lib/http.ts');
  http.setTokenProvider(async () => 'token');
  const client = http.createHttp(base);
  await client.get('activities').json();
  expect(requests).toBe(1);

  const stopWorker = vi.fn();
  http.onHandover(stopWorker);
  http.holdRequestsForHandover();
  expect(stopWorker).toHaveBeenCalledOnce();
  expect(await settled(client.get('activities').json())).toBe('pending');
  expect(await settled(http.currentToken())).toBe('pending');
  expect(await settled(http.notHandingOver())).toBe('pending');
  expect(requests).toBe(1);
});

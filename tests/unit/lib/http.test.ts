import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACCOUNT_REFUSALS,
  createHttp,
  getParsed,
  holdReadsUntil,
  MalformedAnswerError,
  setTokenProvider,
  TimeoutError,
} from '../../../src/lib/http.ts';
import { accessRefusals } from '../../../src/api/contract.ts';

let server: Server;
let base = '';
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    if (req.url?.startsWith('/api/slow')) return; // never answers
    res.setHeader('Content-Type', 'application/json');
    if (req.url?.startsWith('/api/malformed')) return res.end(JSON.stringify([{ id: 1 }]));
    res.end(JSON.stringify([{ id: 'a1', name: 'Futsal' }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const listSchema = z.array(z.object({ id: z.string(), name: z.string() }));

describe('the HTTP client', () => {
  it('sends the bearer token when one exists', async () => {
    setTokenProvider(async () => 'secret-token');
    await getParsed('activities', listSchema, createHttp(base));
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer secret-token');
  });

  it('sends no Authorization header when signed out', async () => {
    setTokenProvider(async () => null);
    await getParsed('activities', listSchema, createHttp(base));
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('gives up after its timeout', async () => {
    await expect(getParsed('slow', listSchema, createHttp(base, 150))).rejects.toBeInstanceOf(TimeoutError);
  });

  it('treats an answer of the wrong shape as a failure', async () => {
    await expect(getParsed('malformed', listSchema, createHttp(base))).rejects.toBeInstanceOf(MalformedAnswerError);
  });

  it('sends the request before a schema given as a loader has loaded, then parses the answer with it', async () => {
    const before = seen.length;
    let release: (schema: typeof listSchema) => void = () => undefined;
    const schemaLoaded = new Promise<typeof listSchema>((resolve) => (release = resolve));
    const answer = getParsed('activities', () => schemaLoaded, createHttp(base));
    await expect.poll(() => seen.length).toBe(before + 1);
    release(listSchema);
    await expect(answer).resolves.toEqual([{ id: 'a1', name: 'Futsal' }]);
    await expect(getParsed('malformed', async () => listSchema, createHttp(base))).rejects.toBeInstanceOf(MalformedAnswerError);
  });

  it('holds reads until the saved copy is restored, so no answer or failure lands before it', async () => {
    const before = seen.length;
    let restored: () => void = () => undefined;
    holdReadsUntil(new Promise<void>((resolve) => (restored = resolve)));
    const answer = getParsed('activities', listSchema, createHttp(base));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
    restored();
    await expect(answer).resolves.toEqual([{ id: 'a1', name: 'Futsal' }]);
    expect(seen.length).toBe(before + 1);
    holdReadsUntil(Promise.resolve());
  });

  it('knows the same account refusals as the contract', () => {
    expect([...ACCOUNT_REFUSALS].sort()).toEqual([...accessRefusals].sort());
  });

  it('uses the ten-minute timeout of the spec by default', async () => {
    const { config } = await import('../../../src/lib/config.ts');
    expect(config.requestTimeoutMs).toBe(600_000);
  });
});

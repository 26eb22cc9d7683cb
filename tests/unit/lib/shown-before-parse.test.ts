/**
 * A first screen's reads are shown before the contract's code has come (issue 57): each answer is parsed right after
 * the first screen's reads, takes its query's place, and what waits for the first screen (the device's first save)
 * waits for that parse; an answer that does not parse is read again and fails then.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url?.startsWith('/api/malformed')) return res.end(JSON.stringify([{ id: 1 }]));
    res.end(JSON.stringify([{ id: 'a1', name: 'futsal', extra: true }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => vi.resetModules());
// The two modules of one graph (first-screen.ts holds the state the client reads).
const modules = async () => ({ ...(await import('../../../src/lib/first-screen.ts')), ...(await import('../../../src/lib/http.ts')) });

const listSchema = z.array(
  z.object({
    id: z.string(),
    name: z.pipe(
      z.string(),
      z.transform((name: string) => name.toUpperCase()),
    ),
  }),
);

describe('a first screen read shown before its parse', () => {
  it('shows the answer without loading the schema, then puts the parsed answer in its place before the first screen is over', async () => {
    const { watchFirstScreen, afterFirstScreen, getParsedShownFirst, createHttp } = await modules();
    const client = new QueryClient();
    let loaded = 0;
    const schema = async () => {
      loaded++;
      return listSchema;
    };
    const queryKey = ['activities'];
    void watchFirstScreen(client);
    const shown = await client.fetchQuery({
      queryKey,
      queryFn: ({ queryKey }) => getParsedShownFirst('activities', schema, queryKey, createHttp(base)),
    });
    expect(shown).toEqual([{ id: 'a1', name: 'futsal', extra: true }]);
    expect(loaded).toBe(0);
    await afterFirstScreen();
    expect(loaded).toBe(1);
    expect(client.getQueryData(queryKey)).toEqual([{ id: 'a1', name: 'FUTSAL' }]);
    // Once the first screen is read, a read is parsed at once.
    expect(await getParsedShownFirst('activities', schema, ['again'], createHttp(base))).toEqual([{ id: 'a1', name: 'FUTSAL' }]);
  });

  it('reads a malformed answer again once the first screen is over, and fails then', async () => {
    const { watchFirstScreen, afterFirstScreen, getParsedShownFirst, createHttp, MalformedAnswerError } = await modules();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = ['malformed'];
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: ({ queryKey }) => getParsedShownFirst('malformed', async () => listSchema, queryKey, createHttp(base)),
    });
    void watchFirstScreen(client);
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([{ id: 1 }]));
    await afterFirstScreen();
    await vi.waitFor(() => expect(observer.getCurrentResult().error).toBeInstanceOf(MalformedAnswerError));
    expect(observer.getCurrentResult().data).toBeUndefined();
    unsubscribe();
  });

  it('parses at once where nothing watches the first screen', async () => {
    const { getParsedShownFirst, createHttp, MalformedAnswerError } = await modules();
    await expect(getParsedShownFirst('activities', async () => listSchema, ['a'], createHttp(base))).resolves.toEqual([{ id: 'a1', name: 'FUTSAL' }]);
    await expect(getParsedShownFirst('malformed', async () => listSchema, ['m'], createHttp(base))).rejects.toBeInstanceOf(MalformedAnswerError);
  });
});

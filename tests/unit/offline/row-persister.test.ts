import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { db } from '../../../src/lib/db-dexie.ts';
import { createRowPersister } from '../../../src/offline/row-persister.ts';
import { ITEMS_PER_ROW, type SavedQuery } from '../../../src/offline/query-rows.ts';

const KEY = 'test-cache';

const query = (key: string, data: unknown, dataUpdatedAt = 1, isInvalidated = false) =>
  ({
    queryKey: [key],
    queryHash: JSON.stringify([key]),
    dehydratedAt: 1,
    state: { data, dataUpdatedAt, isInvalidated, status: 'success', fetchStatus: 'idle', error: null, errorUpdateCount: 0, dataUpdateCount: 1 },
  }) as unknown as SavedQuery;

const client = (...queries: SavedQuery[]): PersistedClient => ({
  buster: 'v1',
  timestamp: 1_700_000_000_000,
  clientState: { mutations: [], queries },
});

let generation = 0;
const errors: unknown[] = [];
const make = () => createRowPersister({ key: KEY, generation: () => generation, onError: (error) => errors.push(error) });
/** The rows a save left on the device, by key. */
const rows = async () => Object.fromEntries((await db.kv.toArray()).filter((row) => row.key.startsWith(KEY)).map((row) => [row.key, row.value]));

beforeEach(async () => {
  await db.kv.clear();
  errors.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('the query cache on the device, a row per query', () => {
  const students = Array.from({ length: 1_200 }, (_, i) => ({ id: `s${i}`, name: `Aluno ${i}` }));

  it('restores, after a reload, what it saved', async () => {
    const saved = client(query('students', students), query('me', { email: 'a@b.c' }, 5, true));
    await make().persistClient(saved);
    // A reload: a new persister, nothing in memory.
    const restored = await make().restoreClient();
    expect(restored?.buster).toBe('v1');
    expect(restored?.timestamp).toBe(saved.timestamp);
    const byHash = (queries: SavedQuery[]) => [...queries].sort((a, b) => a.queryHash.localeCompare(b.queryHash));
    expect(byHash(restored!.clientState.queries)).toEqual(byHash(JSON.parse(JSON.stringify(saved.clientState.queries)) as SavedQuery[]));
  });

  it('writes again only the queries that changed, and removes the rows of queries gone', async () => {
    const persister = make();
    const me = query('me', { email: 'a@b.c' });
    const list = query('students', students);
    await persister.persistClient(client(list, me, query('roster', [students[0]])));
    const put = vi.spyOn(db.kv, 'put');
    // The same objects but a new roster: its row, then the save's own (buster and time).
    await persister.persistClient(client(list, me, query('roster', [students[0]])));
    expect(put.mock.calls.map(([row]) => row.key)).toEqual([`${KEY}/["roster"]`, KEY]);
    put.mockClear();
    // New data for one, a refetch of the same data (a newer time) for another, one gone.
    await persister.persistClient(client(query('students', [...students, { id: 'new', name: 'Nova' }]), query('me', me.state.data, 9)));
    expect(put.mock.calls.map(([row]) => row.key).sort()).toEqual([KEY, `${KEY}/["me"]`, `${KEY}/["students"]`].sort());
    expect(Object.keys(await rows()).sort()).toEqual([KEY, `${KEY}/["me"]`, `${KEY}/["students"]`].sort());
    expect(JSON.parse((await rows())[`${KEY}/["students"]`]!).state.data).toHaveLength(1_201);
  });

  it('after a restore, writes nothing again for the queries it restored unchanged', async () => {
    await make().persistClient(client(query('students', students), query('me', { email: 'a@b.c' })));
    const persister = make();
    const restored = (await persister.restoreClient())!;
    const put = vi.spyOn(db.kv, 'put');
    await persister.persistClient(client(...restored.clientState.queries));
    expect(put.mock.calls.map(([row]) => row.key)).toEqual([KEY]);
  });

  it('keeps a long list in rows of its own, and removes the rows it no longer needs', async () => {
    const persister = make();
    const many = Array.from({ length: ITEMS_PER_ROW * 2 + 1 }, (_, i) => ({ id: `s${i}`, name: `Aluno ${i}` }));
    await persister.persistClient(client(query('students', many)));
    const head = `${KEY}/["students"]`;
    expect(Object.keys(await rows()).sort()).toEqual([KEY, head, `${head}#0`, `${head}#1`, `${head}#2`]);
    expect((await make().restoreClient())?.clientState.queries[0]?.state.data).toEqual(many);
    await persister.persistClient(client(query('students', many.slice(0, ITEMS_PER_ROW + 1))));
    expect(Object.keys(await rows()).sort()).toEqual([KEY, head, `${head}#0`, `${head}#1`]);
    expect((await make().restoreClient())?.clientState.queries[0]?.state.data).toEqual(many.slice(0, ITEMS_PER_ROW + 1));
    await persister.persistClient(client());
    expect(Object.keys(await rows())).toEqual([KEY]);
  });

  it('reads the one-row cache of earlier versions, and its first save replaces it with rows', async () => {
    const old = client(query('students', students));
    await db.kv.put({ key: KEY, value: JSON.stringify(old) });
    const persister = make();
    const restored = await persister.restoreClient();
    expect(restored?.clientState.queries[0]?.state.data).toHaveLength(1_200);
    await persister.persistClient(restored!);
    expect(Object.keys(await rows()).sort()).toEqual([KEY, `${KEY}/["students"]`]);
    expect(JSON.parse((await rows())[KEY]!)).toEqual({ buster: 'v1', timestamp: old.timestamp });
  });

  it('removes every row at the end of a session, and the next save writes everything again', async () => {
    const persister = make();
    const saved = client(query('students', students), query('me', { email: 'a@b.c' }));
    await persister.persistClient(saved);
    await db.kv.put({ key: 'other', value: 'kept' });
    await persister.removeClient();
    expect(await rows()).toEqual({});
    expect(await db.kv.get('other')).toBeDefined();
    await persister.persistClient(saved);
    expect(Object.keys(await rows())).toHaveLength(3);
  });

  it('writes nothing when the device data is forgotten while it saves', async () => {
    const persister = make();
    const long = Array.from({ length: 60_000 }, (_, i) => ({ id: `s${i}`, name: `Aluno ${i}` }));
    const saving = persister.persistClient(client(query('students', long)));
    generation += 1;
    await saving;
    expect(await rows()).toEqual({});
    expect(errors).toEqual([]);
  });

  it('never writes a cache handed over before the device data was forgotten, though its turn comes after', async () => {
    const persister = make();
    const first = persister.persistClient(client(query('students', students)));
    // Handed over while the first is written, then a sign-out forgets the device's data and removes the rows.
    const queued = persister.persistClient(client(query('students', students), query('guardians', [{ id: 'g1', name: 'Mãe' }])));
    generation += 1;
    await persister.removeClient();
    await Promise.all([first, queued]);
    expect(await rows()).toEqual({});
  });

  it('a save asked for while one is written is written after it, with the latest cache', async () => {
    const persister = make();
    const first = persister.persistClient(client(query('students', students)));
    void persister.persistClient(client(query('students', students.slice(0, 2))));
    const last = persister.persistClient(client(query('students', students.slice(0, 3))));
    await Promise.all([first, last]);
    expect(JSON.parse((await rows())[`${KEY}/["students"]`]!).state.data).toHaveLength(3);
  });

  it('reports a save the device refuses (storage full), and keeps working', async () => {
    const persister = make();
    vi.spyOn(db.kv, 'put').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    await persister.persistClient(client(query('me', { email: 'a@b.c' })));
    expect(errors).toHaveLength(1);
    await persister.persistClient(client(query('me', { email: 'a@b.c' })));
    expect(Object.keys(await rows())).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { serializeInSlices, StaleSave } from '../../../src/offline/serialize-in-slices.ts';

const query = (key: string, data: unknown) => ({
  queryKey: [key],
  queryHash: JSON.stringify([key]),
  state: { data, dataUpdatedAt: 1, status: 'success', fetchStatus: 'idle', error: null, errorUpdateCount: 0, dataUpdateCount: 1 },
});

const client = (queries: unknown[]): PersistedClient =>
  ({ buster: 'v1', timestamp: 1_700_000_000_000, clientState: { mutations: [], queries } }) as unknown as PersistedClient;

describe('saving the cache in slices', () => {
  it('writes the same JSON as one JSON.stringify, long lists and awkward text included', async () => {
    const students = Array.from({ length: 1_234 }, (_, i) => ({
      id: `s${i}`,
      name: i === 7 ? 'Ana $& "Aninha" \\ $1' : `Aluno ${i}`,
      frequencyPercent: i % 100,
    }));
    const persisted = client([query('students', students), query('me', { email: 'a@b.c' }), query('empty', []), query('none', null)]);
    const text = await serializeInSlices(persisted);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(persisted)));
  });

  it('gives up, writing nothing, when the device data was forgotten meanwhile', async () => {
    const students = Array.from({ length: 600 }, (_, i) => ({ id: `s${i}`, name: `Aluno ${i}` }));
    await expect(serializeInSlices(client([query('students', students)]), () => true).then(() => 'written')).rejects.toBeInstanceOf(StaleSave);
  });
});

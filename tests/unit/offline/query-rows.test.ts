import { describe, expect, it } from 'vitest';
import { ITEMS_PER_ROW, queryFromRows, queryToRows, slicer, StaleSave, type SavedQuery } from '../../../src/offline/query-rows.ts';

const query = (key: string, data: unknown) =>
  ({
    queryKey: [key],
    queryHash: JSON.stringify([key]),
    dehydratedAt: 1,
    state: { data, dataUpdatedAt: 1, status: 'success', fetchStatus: 'idle', error: null, errorUpdateCount: 0, dataUpdateCount: 1 },
  }) as unknown as SavedQuery;

describe('saving a query in slices', () => {
  it('gives back the same query, long lists (in rows of their own) and awkward text included', async () => {
    const students = Array.from({ length: ITEMS_PER_ROW * 2 + 345 }, (_, i) => ({
      id: `s${i}`,
      name: i === 7 ? 'Ana $& "Aninha" \\ $1' : `Aluno ${i}`,
      frequencyPercent: i % 100,
    }));
    const queries = [
      query('students', students),
      query('some', students.slice(0, 1_234)),
      query('me', { email: 'a@b.c' }),
      query('empty', []),
      query('none', null),
    ];
    for (const saved of queries) {
      const { head, parts } = await queryToRows(saved, slicer());
      expect(parts).toHaveLength(saved === queries[0] ? 3 : 0);
      expect(queryFromRows(head, parts)).toEqual(JSON.parse(JSON.stringify(saved)));
    }
  });

  it('gives up, writing nothing, when the device data was forgotten meanwhile', async () => {
    const students = Array.from({ length: ITEMS_PER_ROW * 3 }, (_, i) => ({ id: `s${i}`, name: `Aluno ${i}` }));
    // A pause at every step (slices of 0 ms), so the check does not hang on how fast this machine stringifies.
    await expect(
      queryToRows(
        query('students', students),
        slicer(() => true, 0),
      ).then(() => 'written'),
    ).rejects.toBeInstanceOf(StaleSave);
  });
});

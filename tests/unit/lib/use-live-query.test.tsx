/**
 * A live list of the device's rows whose database could not load (its code missing, offline before the service worker
 * held it) says it failed, and tries again: once the database loads, the rows are there.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import { useLiveQuery } from '../../../src/lib/use-live-query.ts';

let failedLoads = 0;
vi.mock('../../../src/lib/db.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/lib/db.ts')>();
  return {
    ...actual,
    database: () => {
      if (failedLoads > 0) {
        failedLoads -= 1;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      }
      return actual.database();
    },
  };
});

describe('a live query whose database could not load', () => {
  it('answers `failed`, then the rows once the database loads', async () => {
    await db.kv.put({ key: 'live-row', value: 'kept' });
    failedLoads = 1;
    const { result } = renderHook(() =>
      useLiveQuery((database) => database.kv.get('live-row').then((row) => row?.value ?? 'none'), [], 'loading', 'failed'),
    );
    await waitFor(() => expect(result.current).toBe('failed'));
    await waitFor(() => expect(result.current).toBe('kept'), { timeout: 7_000 });
    await db.kv.delete('live-row');
  }, 10_000);
});

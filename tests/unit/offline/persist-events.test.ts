import { describe, expect, it } from 'vitest';
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { studentsFirstScreenQueryOptions, studentsQueryOptions } from '../../../src/api/students.ts';
import { isKeptOnDevice } from '../../../src/offline/query-client.ts';
import { changesSavedData } from '../../../src/offline/persist.ts';

const query = { queryKey: ['students'] };
const updated = (type: string, queryKey: unknown[] = ['students']) =>
  ({ type: 'updated', query: { queryKey }, action: { type } }) as unknown as QueryCacheNotifyEvent;

describe('what makes the device save the cache', () => {
  it('is new data, a state set by hand, a query made stale, or a query gone; not a fetch under way', () => {
    expect(changesSavedData(updated('success'))).toBe(true);
    expect(changesSavedData(updated('setState'))).toBe(true);
    // A conflict settled with "take theirs" invalidates: a reload must not show the saved copy as fresh.
    expect(changesSavedData(updated('invalidate'))).toBe(true);
    expect(changesSavedData({ type: 'removed', query } as unknown as QueryCacheNotifyEvent)).toBe(true);
    expect(changesSavedData(updated('fetch'))).toBe(false);
    expect(changesSavedData(updated('pause'))).toBe(false);
    expect(changesSavedData({ type: 'observerAdded', query } as unknown as QueryCacheNotifyEvent)).toBe(false);
  });

  it("is never the students' first screenful, which stands in for the list in memory only", () => {
    // As the cache holds them: each query with the options it was made with.
    const firstScreen = { queryKey: studentsFirstScreenQueryOptions().queryKey, meta: studentsFirstScreenQueryOptions().meta };
    const list = { queryKey: studentsQueryOptions().queryKey, meta: studentsQueryOptions().meta };
    expect(changesSavedData({ type: 'updated', query: firstScreen, action: { type: 'success' } } as unknown as QueryCacheNotifyEvent)).toBe(false);
    expect(isKeptOnDevice(firstScreen)).toBe(false);
    expect(isKeptOnDevice(list)).toBe(true);
  });
});

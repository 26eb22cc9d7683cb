import { describe, expect, it } from 'vitest';
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { changesSavedData } from '../../../src/offline/persist.ts';

const updated = (type: string) => ({ type: 'updated', action: { type } }) as unknown as QueryCacheNotifyEvent;

describe('what makes the device save the cache', () => {
  it('is new data, a state set by hand, a query made stale, or a query gone; not a fetch under way', () => {
    expect(changesSavedData(updated('success'))).toBe(true);
    expect(changesSavedData(updated('setState'))).toBe(true);
    // A conflict settled with "take theirs" invalidates: a reload must not show the saved copy as fresh.
    expect(changesSavedData(updated('invalidate'))).toBe(true);
    expect(changesSavedData({ type: 'removed' } as unknown as QueryCacheNotifyEvent)).toBe(true);
    expect(changesSavedData(updated('fetch'))).toBe(false);
    expect(changesSavedData(updated('pause'))).toBe(false);
    expect(changesSavedData({ type: 'observerAdded' } as unknown as QueryCacheNotifyEvent)).toBe(false);
  });
});

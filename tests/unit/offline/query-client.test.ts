import { describe, expect, it } from 'vitest';
import { CACHE_MAX_AGE_MS, persistOptions, queryClient } from '../../../src/offline/query-client.ts';

describe('the persisted query cache', () => {
  it('keeps data for at least a week offline', () => {
    expect(CACHE_MAX_AGE_MS).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000);
    expect(persistOptions.maxAge).toBe(CACHE_MAX_AGE_MS);
  });

  it('never sets a garbage-collection timer beyond what setTimeout can hold (it would fire at once)', () => {
    const gcTime = queryClient.getDefaultOptions().queries?.gcTime ?? 0;
    expect(gcTime === Infinity || gcTime <= 2 ** 31 - 1).toBe(true);
    expect(gcTime).toBeGreaterThanOrEqual(CACHE_MAX_AGE_MS);
  });

  it('is dropped when the app version changes', () => {
    expect(persistOptions.buster).toBe('test');
  });
});

/**
 * A first visit: no database on the device yet. Its own file, so that this restore is the module's first and only one
 * (each restore watches the cache's changes from its end; an earlier test's restore would be watching already).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, holdsNoDatabase } from '../../../src/lib/db.ts';
import { readsAllowed } from '../../../src/lib/http.ts';
import { restoreQueryCache } from '../../../src/offline/persist.ts';
import { persister, queryClient } from '../../../src/offline/query-client.ts';

describe('the first visit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('reads go out at once, and what they bring is saved once the restore ends', async () => {
    await db.delete({ disableAutoOpen: false });
    expect(await holdsNoDatabase()).toBe(true);
    const save = vi.spyOn(persister, 'persistClient').mockResolvedValue(undefined);
    // The restore made slow: reads are let out before it ends.
    vi.spyOn(persister, 'restoreClient').mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(undefined), 300)));
    let restoreEnded = false;
    const restored = restoreQueryCache().then(() => {
      restoreEnded = true;
    });
    await readsAllowed();
    expect(restoreEnded).toBe(false);
    // An answer that lands while the restore still runs, before the cache's changes are watched.
    queryClient.setQueryData(['first-visit-test'], ['Ana']);
    await restored;
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0].clientState.queries.map((q) => q.queryKey)).toContainEqual(['first-visit-test']);
  });
});

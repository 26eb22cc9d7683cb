/**
 * A first visit: no database on the device yet. Its own file, so that this restore is the module's first and only one
 * (each restore watches the cache's changes from its end; an earlier test's restore would be watching already).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdsNoDatabase } from '../../../src/lib/db.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { readsAllowed } from '../../../src/lib/http.ts';
import { restoreQueryCache } from '../../../src/offline/persist.ts';
import { persister, queryClient } from '../../../src/offline/query-client.ts';

describe('the first visit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('reads go out at once, nothing is read from the device nor the database created for it, and what comes is saved', async () => {
    await db.delete({ disableAutoOpen: false });
    expect(await holdsNoDatabase()).toBe(true);
    const save = vi.spyOn(persister, 'persistClient').mockResolvedValue(undefined);
    const restore = vi.spyOn(persister, 'restoreClient');
    const restored = restoreQueryCache();
    await readsAllowed();
    // An answer that lands at once, maybe before the cache's changes are watched.
    queryClient.setQueryData(['first-visit-test'], ['Ana']);
    await restored;
    expect(restore).not.toHaveBeenCalled();
    // The database's creation is left to the first save (at an idle moment after the first screen).
    expect(await holdsNoDatabase()).toBe(true);
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0].clientState.queries.map((q) => q.queryKey)).toContainEqual(['first-visit-test']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdsNoDatabase } from '../../../src/lib/db.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { readsAllowed } from '../../../src/lib/http.ts';
import { drainOutbox, enqueue, registerOutboxHandler, takeTheirs } from '../../../src/offline/outbox.ts';
import { restoreQueryCache } from '../../../src/offline/persist.ts';
import { PERSIST_KEY, persister, queryClient } from '../../../src/offline/query-client.ts';

describe('saving the query cache on the device', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('saves when data arrives or is set, not when a fetch merely starts', async () => {
    await restoreQueryCache();
    const save = vi.spyOn(persister, 'persistClient').mockResolvedValue(undefined);
    let answer: (value: string[]) => void = () => undefined;
    const fetching = queryClient.fetchQuery({ queryKey: ['save-test'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
    await Promise.resolve();
    expect(queryClient.getQueryState(['save-test'])?.fetchStatus).toBe('fetching');
    expect(save).not.toHaveBeenCalled();

    answer(['Ana']);
    await fetching;
    // Not in the same task as the answer: the save waits for an idle moment.
    expect(save).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].clientState.queries.map((q) => q.queryKey)).toContainEqual(['save-test']);

    // Changes close together are written once, with the last state.
    queryClient.setQueryData(['save-test'], ['Ana', 'Bia']);
    queryClient.setQueryData(['save-test'], ['Ana', 'Bia', 'Caio']);
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    const saved = save.mock.calls[1]![0].clientState.queries.find((q) => q.queryKey[0] === 'save-test');
    expect(saved?.state.data).toEqual(['Ana', 'Bia', 'Caio']);
    queryClient.removeQueries({ queryKey: ['save-test'] });
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(save.mock.calls[2]![0].clientState.queries.some((q) => q.queryKey[0] === 'save-test')).toBe(false);
  });

  /**
   * A record saved on the device, then the page about to go: no save reaches the device any more. `reload` restores
   * the cache and reads the record as the profile's loader does; a copy saved a moment ago is fresh, so the first reload
   * shows it without asking the server.
   */
  async function savedThenSavesHeld(record: string[], saved: string, server: string) {
    await restoreQueryCache();
    queryClient.setQueryData(record, { schoolName: saved });
    // Saved in the record's own row (offline/row-persister.ts).
    await vi.waitFor(async () => expect((await db.kv.get(`${PERSIST_KEY}/${JSON.stringify(record)}`))?.value).toContain(saved));
    vi.spyOn(persister, 'persistClient').mockResolvedValue(undefined);
    const readServer = vi.fn(async () => ({ schoolName: server }));
    const reload = async () => {
      queryClient.clear();
      await restoreQueryCache();
      await queryClient.prefetchQuery({ queryKey: record, queryFn: readServer });
    };
    await reload();
    expect(readServer).not.toHaveBeenCalled();
    return { readServer, reload };
  }

  it('after "take theirs", a reload before the cache is saved again reads the records again instead of showing the old copy', async () => {
    const record = ['students', 'record', 'take-theirs-test'];
    const { readServer, reload } = await savedThenSavesHeld(record, 'EM Minha', 'EM Deles');
    await db.outbox.put({
      id: 'theirs-test',
      kind: 'student.update',
      payload: {},
      createdAt: 0,
      state: 'failed',
      nextAttemptAt: 0,
      attempts: [],
      conflict: { current: {} },
    });
    await takeTheirs('theirs-test');
    expect(await db.outbox.get('theirs-test')).toBeUndefined();
    await reload();
    expect(readServer).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(record)).toEqual({ schoolName: 'EM Deles' });
  });

  it('after a write reaches the server, a reload before the cache is saved again reads the records again', async () => {
    const record = ['students', 'record', 'sent-write-test'];
    const { readServer, reload } = await savedThenSavesHeld(record, 'EM Antiga', 'EM Nova');
    // The server takes the edit; the handler puts it in the cache in memory, and the page goes before the next save.
    registerOutboxHandler('test.sent-write', async () => {
      queryClient.setQueryData(record, { schoolName: 'EM Nova' });
    });
    const row = await enqueue({ kind: 'test.sent-write', payload: {} });
    await drainOutbox();
    expect(await db.outbox.get(row.id)).toBeUndefined();
    await reload();
    expect(readServer).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(record)).toEqual({ schoolName: 'EM Nova' });
  });

  /** Whether reads were let out while the restore (made slow here) was still under way. */
  async function readsBeforeRestoreEnds(): Promise<{ early: boolean; restored: Promise<void> }> {
    vi.spyOn(persister, 'restoreClient').mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(undefined), 300)));
    let restoreEnded = false;
    const restored = restoreQueryCache().then(() => {
      restoreEnded = true;
    });
    await readsAllowed();
    return { early: !restoreEnded, restored };
  }

  it('with a database on the device, reads wait for its copy to be restored', async () => {
    await db.kv.put({ key: 'any', value: '1' }); // the database exists
    expect(await holdsNoDatabase()).toBe(false);
    const { early, restored } = await readsBeforeRestoreEnds();
    expect(early).toBe(false);
    await restored;
  });
});

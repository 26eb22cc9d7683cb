import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreQueryCache } from '../../../src/offline/persist.ts';
import { persister, queryClient } from '../../../src/offline/query-client.ts';

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
});

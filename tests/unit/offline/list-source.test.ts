import { describe, expect, it } from 'vitest';
import { listState } from '../../../src/offline/list-source.ts';

const saved = [{ id: 'a' }];
const base = { data: saved, isPending: false, dataUpdatedAt: Date.UTC(2026, 10, 25, 10, 42) };

describe('where a list on screen comes from', () => {
  it("is the server's when its answer is fresh", () => {
    expect(listState({ ...base, isError: false, fetchStatus: 'idle' }, [])).toEqual({ items: saved, source: 'server' });
  });

  it("is the device's copy, with the time it came from the server, when the server fails", () => {
    expect(listState({ ...base, isError: true, fetchStatus: 'idle' }, [])).toEqual({ items: saved, source: 'device', savedAt: base.dataUpdatedAt });
  });

  it("is the device's copy offline even when its answer is still fresh (not asked again), saying from when", () => {
    expect(listState({ ...base, isError: false, fetchStatus: 'idle' }, [], true, true)).toEqual({
      items: saved,
      source: 'device',
      savedAt: base.dataUpdatedAt,
    });
  });

  it("is the device's copy too while offline (the refetch waits), not a fresh answer", () => {
    expect(listState({ ...base, isError: false, fetchStatus: 'paused' }, [])).toEqual({
      items: saved,
      source: 'device',
      savedAt: base.dataUpdatedAt,
    });
  });
});

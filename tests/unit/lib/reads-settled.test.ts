import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readsSettled } from '../../../src/lib/reads-settled.ts';

afterEach(() => vi.useRealTimers());

describe('readsSettled', () => {
  it('resolves at once when nothing is being read', async () => {
    await expect(readsSettled(new QueryClient())).resolves.toBeUndefined();
  });

  it('waits for the reads in flight, and for one that starts while another is still in flight', async () => {
    const client = new QueryClient();
    const answers: Record<string, () => void> = {};
    const read = (key: string) =>
      void client.prefetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answers[key] = () => resolve(key))) });
    read('students');
    let settled = false;
    void readsSettled(client).then(() => (settled = true));
    read('me');
    answers.students!();
    await vi.waitFor(() => expect(client.getQueryData(['students'])).toBe('students'));
    expect(settled).toBe(false);
    answers.me!();
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('gives up waiting after its longest wait (a read that never ends)', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: ['hung'], queryFn: () => new Promise(() => {}) });
    let settled = false;
    void readsSettled(client, 5_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});

/**
 * What a first visit's first screen does not need (the sync, the device's database, the service worker) waits until
 * that screen's reads are done: its route's reads, and those of a part it loads on demand (home's alerts).
 */
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());
const firstScreen = () => import('../../../src/lib/first-screen.ts');

function readsOf(client: QueryClient) {
  const answers: Record<string, () => void> = {};
  const read = (key: string) =>
    void client.prefetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answers[key] = () => resolve(key))) });
  return { read, answer: (key: string) => answers[key]!() };
}

describe('after the first screen', () => {
  it('waits for the first screen reads, then for a part loading on demand and the reads it sends, and marks the moment', async () => {
    const { watchFirstScreen, afterFirstScreen, holdFirstScreen, FIRST_SCREEN_MARK } = await firstScreen();
    const client = new QueryClient();
    const { read, answer } = readsOf(client);
    read('me');
    void watchFirstScreen(client);
    let after = false;
    void afterFirstScreen().then(() => (after = true));
    // The alerts' code is asked for once /me has said the role; their read goes out once it has arrived.
    let arrive = () => {};
    const alertsCode = holdFirstScreen(new Promise<void>((resolve) => (arrive = resolve)));
    answer('me');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(after).toBe(false);
    arrive();
    await alertsCode;
    read('alerts');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(after).toBe(false);
    answer('alerts');
    await vi.waitFor(() => expect(after).toBe(true));
    expect(performance.getEntriesByName(FIRST_SCREEN_MARK)).toHaveLength(1);
  });

  it('does not wait for a read that waits for the network (offline)', async () => {
    const { watchFirstScreen, afterFirstScreen } = await firstScreen();
    const client = new QueryClient({ defaultOptions: { queries: { networkMode: 'online' } } });
    const { onlineManager } = await import('@tanstack/react-query');
    onlineManager.setOnline(false);
    try {
      readsOf(client).read('me');
      void watchFirstScreen(client);
      await expect(Promise.race([afterFirstScreen().then(() => 'after'), new Promise((r) => setTimeout(() => r('waiting'), 2_000))])).resolves.toBe(
        'after',
      );
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { db } from '../../../src/lib/db-dexie.ts';
import { drainOutbox, registerOutboxHandler } from '../../../src/offline/outbox.ts';
import { GATHER_MS, useSentNotice, WAITED_MS } from '../../../src/components/use-sent-notice.ts';
import { notify } from '../../../src/components/notify.ts';

vi.mock('../../../src/components/notify.ts', () => ({ notify: vi.fn() }));
afterEach(async () => {
  vi.mocked(notify).mockClear();
  await db.outbox.clear();
});

const row = (id: string, createdAt: number) => ({
  id,
  kind: 'test.sent',
  payload: {},
  createdAt,
  state: 'pending' as const,
  nextAttemptAt: 0,
  attempts: [],
});

describe('work that waited on the device', () => {
  it('says once, for all of it, that it reached the server; what went out at once says nothing more', async () => {
    registerOutboxHandler('test.sent', async () => undefined);
    const { unmount } = renderHook(() => useSentNotice());
    const long = Date.now() - WAITED_MS - 1000;
    await db.outbox.bulkPut([row('a', long), row('b', long + 1), row('c', Date.now())]);
    await drainOutbox();
    expect(await db.outbox.count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS + 200));
    expect(vi.mocked(notify).mock.calls).toEqual([[{ message: '2 changes saved on this device have reached the server.', severity: 'success' }]]);
    unmount();
  });
});

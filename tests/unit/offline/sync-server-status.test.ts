/**
 * The sync downloads in a worker, past the app's HTTP client: its answers still tell the header whether the server
 * answers (issue 24, an honest status). A sync that succeeds while the header says "server unavailable" turns it back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/offline/sync.ts';
import { queryClient } from '../../../src/offline/query-client.ts';
import { reportServerUnreachable, resetServerState, serverState } from '../../../src/lib/server-status.ts';

const me = { id: 'u1', email: 'ana@example.org', full_name: 'Ana', access: 'admin', permissions: [] };
const answer = {
  cursor: '7',
  full: true,
  changed: { students: { ids: ['s1'], names: ['Ana Souza'], frequencyPercent: [90], classIds: ['c1'], classes: [[0]] } },
  removed: {},
  me,
};

/** What the worker answers every request with, as offline/sync-worker.ts would (sync.ts keeps one worker). */
let reply: unknown;
class FakeSyncWorker extends EventTarget {
  postMessage() {
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
  terminate() {}
}
function workerReplying(next: unknown) {
  reply = next;
  vi.stubGlobal('Worker', FakeSyncWorker);
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetServerState();
});

describe("the sync's worker and the server's status", () => {
  it('an answer through the worker says the server answers', async () => {
    reportServerUnreachable();
    expect(serverState()).toBe('unavailable');
    workerReplying({ ok: true, answer, studentParts: 0 });
    await runSync({ full: true });
    expect(serverState()).toBe('answering');
  });

  it('a 5xx through the worker says it does not', async () => {
    workerReplying({ ok: false, status: 503, message: 'Service Unavailable' });
    await runSync({ full: true });
    expect(serverState()).toBe('unavailable');
  });
});

/**
 * PGlite on a thread of its own (pglite-thread-entry.ts), for the server: the same PgliteDb as openPglite, each call a
 * message. PGlite's WebAssembly runs synchronously, and on the server's thread the class-start rush spent about 45 % of
 * that thread in SQL, time in which no request was parsed, answered or compressed. On its own thread SQL runs beside
 * them (issue 23). A statement's round trip costs tens of microseconds; its rows are copied between the threads.
 * Tests and short-lived tools open PGlite in their own thread (openPglite), where start-up is faster.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteDb } from './pglite.ts';
import type { Queryable, SqlParam } from './types.ts';

type Answer = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** The thread's error again as an Error, with its SQLSTATE code and the rest (what routes and logs read). */
function revive(error: Record<string, unknown>): Error {
  const { message, stack, ...fields } = error;
  return Object.assign(new Error(String(message)), fields, { stack: String(stack ?? '') });
}

export async function openPgliteThread(options: { dataDir: string }): Promise<PgliteDb> {
  // From the bundle (`npm start`), pglite-thread.mjs beside it; from the sources (tests, tsx), the .ts entry through
  // tsx's loader, registered in the thread first (a thread's execArgv takes no --import on Node 20).
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./pglite-thread-entry.ts', import.meta.url).href)}); });`,
        { eval: true, workerData: options },
      )
    : new Worker(fileURLToPath(new URL('./pglite-thread.mjs', import.meta.url)), { workerData: options });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let failure: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => waiting.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (answer: Answer) => {
    const asked = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.ok) asked?.resolve(answer.value);
    else asked?.reject(revive(answer.error));
  });
  const stop = (error: Error) => {
    failure ??= error;
    for (const asked of waiting.values()) asked.reject(error);
    waiting.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));

  const ask = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  const on = (tx?: number): Queryable => ({
    query: <R>(sql: string, params?: readonly SqlParam[]) => ask<R[]>({ op: 'query', tx, sql, params }),
    run: (sql, params) => ask<number>({ op: 'run', tx, sql, params }),
    exec: (sql) => ask<void>({ op: 'exec', tx, sql }),
  });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    kind: 'pglite',
    ...on(),
    async transaction(fn) {
      const tx = await ask<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (error) {
        // The caller's error is what it sees; a rollback that fails too ends with the thread's own report.
        await ask({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      try {
        await ask({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    dump: async () => new Blob([await ask<ArrayBuffer>({ op: 'dump' })]),
    backup: async () => new Blob([await ask<ArrayBuffer>({ op: 'backup' })]),
  };
}

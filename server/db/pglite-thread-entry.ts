/**
 * The thread that holds the server's PGlite (db/pglite-thread.ts starts it): PGlite runs its WebAssembly synchronously,
 * so on the server's own thread every statement stopped the event loop for as long as it ran. Here statements run
 * beside the server's JavaScript. Each message asks one thing and gets one answer with the same id:
 *   { id, op: 'query' | 'run' | 'exec', tx?, sql, params? }   a statement, in transaction tx or on its own
 *   { id, op: 'begin' }                                      a transaction starts (holds PGlite's lock); answers its tx
 *   { id, op: 'end', tx, commit }                            it commits, or rolls back
 *   { id, op: 'dump' | 'backup' | 'close' }                 as PgliteDb's methods
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite, type PgliteOptions } from './pglite.ts';
import type { Queryable, SqlParam } from './types.ts';

type Ask =
  | { id: number; op: 'query' | 'run' | 'exec'; tx?: number; sql: string; params?: SqlParam[] }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' | 'backup' | 'close' };

const port = parentPort!;

/** An error as plain data (a clone keeps only an Error's message and stack): its SQLSTATE code, detail and the rest. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value)));
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

async function bytes(blob: Blob): Promise<ArrayBuffer> {
  return blob.arrayBuffer();
}

const db = await openPglite(workerData as PgliteOptions).catch((error: unknown) => {
  port.postMessage({ id: 0, ok: false, error: plain(error) });
  throw error;
});

/** Open transactions: their statements, and how to end them (true commits). */
const open = new Map<number, { tx: Queryable; finish: (commit: boolean) => void; ended: Promise<void> }>();
let lastTx = 0;
const rolledBack = Symbol('rolled back');

/** Starts a transaction and answers its number once it holds PGlite's lock. */
function begin(): Promise<number> {
  const number = ++lastTx;
  return new Promise((started, failed) => {
    const ended = db
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((finish) => {
          open.set(number, { tx, finish, ended });
          started(number);
        });
        if (!commit) throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      })
      .finally(() => open.delete(number));
    ended.catch(failed);
  });
}

async function answer(ask: Ask): Promise<unknown> {
  switch (ask.op) {
    case 'query':
    case 'run':
    case 'exec': {
      const on = ask.tx === undefined ? db : open.get(ask.tx)?.tx;
      if (!on) throw new Error(`No open transaction ${ask.tx}`);
      if (ask.op === 'exec') return on.exec(ask.sql);
      return ask.op === 'query' ? on.query(ask.sql, ask.params) : on.run(ask.sql, ask.params);
    }
    case 'begin':
      return begin();
    case 'end': {
      const transaction = open.get(ask.tx);
      if (!transaction) throw new Error(`No open transaction ${ask.tx}`);
      transaction.finish(ask.commit);
      return transaction.ended;
    }
    case 'dump':
      return bytes(await db.dump());
    case 'backup':
      return bytes(await db.backup());
    case 'close':
      return db.close();
  }
}

port.on('message', (ask: Ask) => {
  answer(ask).then(
    (value) => port.postMessage({ id: ask.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
    (error: unknown) => port.postMessage({ id: ask.id, ok: false, error: plain(error) }),
  );
});
port.postMessage({ id: 0, ok: true });

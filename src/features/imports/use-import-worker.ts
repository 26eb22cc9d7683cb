/** The import's worker (import-worker.ts), started and ended with the screen; each question answered by its number. */
import { useCallback, useEffect, useRef } from 'react';
import type { Numbered, WorkerAnswer, WorkerRequest } from './import-worker.ts';

export type AskWorker = (request: WorkerRequest, transfer?: Transferable[]) => Promise<WorkerAnswer>;

export function useImportWorker(): AskWorker {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, (answer: WorkerAnswer) => void>());
  const latest = useRef(0);
  const start = useCallback(() => {
    if (worker.current) return worker.current;
    const started = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<Numbered<WorkerAnswer>>) => {
      pending.current.get(event.data.seq)?.(event.data);
      pending.current.delete(event.data.seq);
    };
    started.onerror = () => {
      for (const resolve of pending.current.values()) resolve({ type: 'failed', reason: 'unreadable' });
      pending.current.clear();
    };
    return (worker.current = started);
  }, []);
  // Started with the screen, so its code is loaded by the time a file is chosen.
  useEffect(() => {
    start();
    return () => {
      worker.current?.terminate();
      worker.current = null;
    };
  }, [start]);
  return useCallback(
    (request, transfer = []) => {
      const current = start();
      const seq = ++latest.current;
      return new Promise<WorkerAnswer>((resolve) => {
        pending.current.set(seq, resolve);
        current.postMessage({ ...request, seq }, transfer);
      });
    },
    [start],
  );
}

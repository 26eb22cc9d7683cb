/** The import's worker (import-worker.ts), started and ended with the screen. */
import { useCallback, useEffect, useRef } from 'react';
import type { Numbered, WorkerAnswer, WorkerRequest } from './import-worker.ts';

export function useImportWorker(): (request: WorkerRequest, transfer?: Transferable[]) => Promise<WorkerAnswer> {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  // Started with the screen, so its code is loaded by the time a file is chosen.
  useEffect(() => {
    worker.current ??= new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    return () => {
      worker.current?.terminate();
      worker.current = null;
    };
  }, []);
  return useCallback((request, transfer = []) => {
    worker.current ??= new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    const current = worker.current;
    const id = ++latest.current;
    return new Promise<WorkerAnswer>((resolve) => {
      // Only the latest question's answer counts: one to an older question (the mapping changed meanwhile) is dropped.
      current.onmessage = (event: MessageEvent<Numbered<WorkerAnswer>>) => {
        if (event.data.seq === id) resolve(event.data);
      };
      current.onerror = () => resolve({ type: 'failed', reason: 'unreadable' });
      current.postMessage({ ...request, seq: id }, transfer);
    });
  }, []);
}

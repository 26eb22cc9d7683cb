/**
 * An import's write (the students', or a class list's enrolments): the good rows in batches of IMPORT_BATCH_MAX, one
 * after the other, each retried while the connection fails (the same import id and row numbers: a batch whose answer
 * was lost is answered again, never written twice). A batch that still fails stops the import where it was; `from`
 * resumes it there. The batches' rows are held by the import's worker: `send(start)` gets and sends the one at `start`.
 */
import { IMPORT_BATCH_MAX } from '../../api/imports-contract.ts';
import { classifyFailure } from '../../lib/http.ts';

export type SendProgress = { sent: number; total: number };

export class ImportStopped extends Error {
  constructor(
    readonly at: number,
    /** The results of the batches sent before it stopped (an import's own result type). */
    readonly results: unknown[],
    readonly rejected: boolean,
  ) {
    super('The import stopped');
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendInBatches<Result>(
  total: number,
  options: { from?: number; results?: Result[]; onProgress: (progress: SendProgress) => void },
  send: (start: number) => Promise<Result[]>,
  retryWaits: readonly number[] = [1000, 2000, 4000, 8000],
): Promise<Result[]> {
  const results = [...(options.results ?? [])];
  for (let start = options.from ?? 0; start < total; start += IMPORT_BATCH_MAX) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        results.push(...(await send(start)));
        break;
      } catch (error) {
        const { kind } = await classifyFailure(error);
        if (kind !== 'transient' || attempt >= retryWaits.length) throw new ImportStopped(start, results as unknown[], kind !== 'transient');
        await pause(retryWaits[attempt]!);
      }
    }
    options.onProgress({ sent: Math.min(start + IMPORT_BATCH_MAX, total), total });
  }
  return results;
}

/**
 * The steps both imports go through, the rows held by the import's worker (import-worker.ts): a file chosen and read;
 * its rows read through the mapping and matched with the children Quadra has (again whenever the read request
 * changes: the mapping, the sheet, the catalog); the page of the preview asked for whatever the user chose; the
 * batches sent; and the rows refused. The main thread holds the counts and the page it shows, never the file's rows.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import type { ImportEnrolmentResultRow } from '../../api/enrolment-imports-contract.ts';
import type { ImportRowResult } from '../../api/imports-contract.ts';
import { currentToken } from '../../lib/http.ts';
import type { Choice, SheetSummary, WorkerAnswer, WorkerRequest } from './import-worker.ts';
import type { Sending } from './import-progress.tsx';
import { ImportStopped, sendInBatches } from './send-import.ts';
import type { AskWorker } from './use-import-worker.ts';

export type Loaded = { fileName: string; sheets: SheetSummary[] };
type Read = Extract<WorkerAnswer, { type: 'read' }>;
export type View = Extract<WorkerAnswer, { type: 'view' }>;
type Refused = Extract<WorkerAnswer, { type: 'refused' }>;
type ReadRequest = Extract<WorkerRequest, { type: 'read' | 'read-enrolments' }>;
/** A request to read the rows, without the token (the flow adds the current one). */
export type ReadQuestion = ReadRequest extends infer R ? (R extends ReadRequest ? Omit<R, 'token'> : never) : never;

type Options<Result> = {
  ask: AskWorker;
  /** The file's sheets are known: the page proposes the mapping. */
  onParsed: (loaded: Loaded) => void;
  /** Null until the page knows what to read (a mapping, the classes). */
  readQuestion: ReadQuestion | null;
  /** Null until the page's choices are made (for a class list: the new classes' details come with the read). */
  choice: Choice | null;
  sendBatch: (body: Extract<WorkerAnswer, { type: 'batch' }>['body']) => Promise<Result[]>;
  afterSend?: () => void;
};

export function useImportFlow<Result extends ImportRowResult | ImportEnrolmentResultRow>({
  ask,
  onParsed,
  readQuestion,
  choice,
  sendBatch,
  afterSend,
}: Options<Result>) {
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<'unreadable' | 'empty' | null>(null);
  const [read, setRead] = useState<Read | null>(null);
  const [matchAttempt, setMatchAttempt] = useState(0);
  const [view, setView] = useState<View | null>(null);
  const [page, setPage] = useState(1);
  const [wrongOnly, setWrongOnly] = useState(false);
  const [sending, setSending] = useState<Sending | null>(null);
  const [result, setResult] = useState<(Refused & { results: Result[] }) | null>(null);
  const [previewMs, setPreviewMs] = useState<number | null>(null);
  const started = useRef(0);
  const importId = useRef(crypto.randomUUID());
  const lastRead = useRef<ReadQuestion | null>(null);
  const parsed = useRef(onParsed);
  parsed.current = onParsed;

  // A file chosen: the worker reads it; the page proposes the mapping from its headers.
  useEffect(() => {
    setLoaded(null);
    setFailure(null);
    setRead(null);
    setView(null);
    setResult(null);
    setSending(null);
    if (!file) return;
    let current = true;
    started.current = performance.now();
    importId.current = crypto.randomUUID();
    lastRead.current = null;
    void file.arrayBuffer().then(async (buffer) => {
      const answer = await ask({ type: 'parse', buffer, fileName: file.name }, [buffer]);
      if (!current) return;
      if (answer.type === 'failed') setFailure(answer.reason);
      if (answer.type !== 'parsed') return;
      const next = { fileName: file.name, sheets: answer.sheets };
      setLoaded(next);
      parsed.current(next);
    });
    return () => {
      current = false;
    };
  }, [file, ask]);

  // The rows read again, and matched, whenever what to read changes; matched again when Try again is pressed.
  useEffect(() => {
    if (!loaded || !readQuestion) return;
    let current = true;
    void currentToken().then(async (token) => {
      // The same rows as last time (Try again): only the matching is asked again.
      const again = lastRead.current === readQuestion && matchAttempt > 0;
      lastRead.current = readQuestion;
      const answer = await ask(again ? { type: 'match', token } : ({ ...readQuestion, token } as WorkerRequest));
      if (!current || answer.type !== 'read') return;
      setRead(answer);
      if (!answer.matched) setView(null);
    });
    return () => {
      current = false;
    };
  }, [loaded, readQuestion, matchAttempt, ask]);

  // The page shown, asked for again whenever the choices, the page or the filter change.
  useEffect(() => {
    if (!read?.matched || !choice) return;
    let current = true;
    void ask({ type: 'view', choice, page, wrongOnly }).then((answer) => {
      if (!current || answer.type !== 'view') return;
      // A transition: React renders the preview's table in slices, yielding to taps and frames between them.
      startTransition(() => setView(answer));
      if (started.current) {
        setPreviewMs(Math.round(performance.now() - started.current));
        started.current = 0;
      }
    });
    return () => {
      current = false;
    };
  }, [read, choice, page, wrongOnly, ask]);

  async function send(from = 0, before: Result[] = []) {
    if (!view || !choice) return;
    const total = view.toSend;
    setSending({ progress: { sent: from, total } });
    try {
      const results = await sendInBatches(total, { from, results: before, onProgress: (progress) => setSending({ progress }) }, async (start) => {
        const answer = await ask({ type: 'batch', choice, importId: importId.current, from: start });
        if (answer.type !== 'batch') throw new Error('The import lost its rows');
        return sendBatch(answer.body);
      });
      const refused = await ask({ type: 'refused', choice, results });
      if (refused.type === 'refused') setResult({ ...refused, results });
      setSending(null);
    } catch (error) {
      if (!(error instanceof ImportStopped)) throw error;
      setSending({ progress: { sent: error.at, total }, stopped: error });
    } finally {
      afterSend?.();
    }
  }

  return {
    file,
    chooseFile: (next: File | null) => {
      setFile(next);
      setPage(1);
      setWrongOnly(false);
    },
    loaded,
    failure,
    read,
    retryMatch: () => setMatchAttempt((attempt) => attempt + 1),
    view,
    page,
    setPage,
    wrongOnly,
    setWrongOnly: (next: boolean) => {
      setWrongOnly(next);
      setPage(1);
    },
    previewMs,
    sending,
    start: () => void send(),
    resume: (stopped: ImportStopped) => void send(stopped.at, stopped.results as Result[]),
    result,
    chooseAnother: () => setFile(null),
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;

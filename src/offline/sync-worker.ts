/**
 * The sync's download, off the main thread: fetch GET /sync, parse the JSON and check it against the contract here,
 * and put the students in the device's order here, so a sync of thousands of students never holds up a tap on the
 * roll call. The main thread sends the cursor and the
 * current bearer token, and gets back the checked answer, or the failure (an HTTP status, which the main thread then
 * handles with its usual token refresh and refusal rules).
 */
import { syncAnswerSchema } from '../api/contract.ts';
import { createHttp, HTTPError, parseAnswer } from '../lib/http.ts';
import { studentColumnsInOrder } from './sync-merge.ts';

export type SyncRequest = { path: string; token: string | null };
export type SyncReply = { ok: true; answer: unknown } | { ok: false; status?: number; message: string };

type WorkerScope = { onmessage: ((event: MessageEvent<SyncRequest>) => void) | null; postMessage(message: SyncReply): void };
const scope = globalThis as unknown as WorkerScope;
const http = createHttp();

scope.onmessage = async ({ data }) => {
  try {
    const headers: Record<string, string> = data.token ? { authorization: `Bearer ${data.token}` } : {};
    const body = await http.get(data.path, { headers }).json<unknown>();
    const answer = parseAnswer(data.path, syncAnswerSchema, body);
    // In the device's order here, so the main thread's merge does not sort thousands of names.
    if (answer.changed.students) answer.changed.students = studentColumnsInOrder(answer.changed.students);
    scope.postMessage({ ok: true, answer });
  } catch (error) {
    scope.postMessage({
      ok: false,
      ...(error instanceof HTTPError ? { status: error.response.status } : {}),
      message: error instanceof Error ? error.message : String(error),
    });
  }
};

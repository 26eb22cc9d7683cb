/**
 * The sync's download, off the main thread: fetch GET /sync, parse the JSON and check it against the contract here,
 * and put the students in the device's order here, so a sync of thousands of students never holds up a tap on the
 * roll call. The main thread sends the cursor and the current bearer token, and gets back the checked answer (in
 * parts, below), or the failure (an HTTP status, which the main thread then handles with its usual token refresh and
 * refusal rules).
 */
import { syncAnswerSchema, type SyncStudentColumns } from '../api/contract.ts';
import { createHttp, HTTPError, parseAnswer } from '../lib/http.ts';
import { pickStudentColumns, syncAnswerFromWire } from '../api/sync-columns.ts';
import { studentColumnsInOrder } from './sync-merge.ts';

export type SyncRequest = { path: string; token: string | null };
/**
 * The answer comes in several messages: the answer without its students (`studentParts` says how many follow), then
 * the students' columns in parts of STUDENTS_PER_MESSAGE. The main thread reads each message in a task of its own, so
 * a tap gets in between: one message of 5,000 students took 53-113 ms to read at 4x CPU.
 */
export type SyncReply =
  { ok: true; answer: unknown; studentParts: number } | { ok: false; status?: number; message: string } | { studentsPart: SyncStudentColumns };

const STUDENTS_PER_MESSAGE = 500;

type WorkerScope = { onmessage: ((event: MessageEvent<SyncRequest>) => void) | null; postMessage(message: SyncReply): void };
const scope = globalThis as unknown as WorkerScope;
const http = createHttp();

scope.onmessage = async ({ data }) => {
  try {
    const headers: Record<string, string> = data.token ? { authorization: `Bearer ${data.token}` } : {};
    const body = await http.get(data.path, { headers }).json<unknown>();
    const answer = syncAnswerFromWire(parseAnswer(data.path, syncAnswerSchema, body));
    // In the device's order here, so the main thread's merge does not sort thousands of names.
    const students = answer.changed.students && studentColumnsInOrder(answer.changed.students);
    delete answer.changed.students;
    const parts = students ? Math.max(1, Math.ceil(students.ids.length / STUDENTS_PER_MESSAGE)) : 0;
    scope.postMessage({ ok: true, answer, studentParts: parts });
    for (let part = 0; part < parts; part += 1) {
      const from = part * STUDENTS_PER_MESSAGE;
      const positions = Array.from({ length: Math.min(STUDENTS_PER_MESSAGE, students!.ids.length - from) }, (_, k) => from + k);
      // The classes' ids once, with the first part; each student's classes are places in it.
      scope.postMessage({ studentsPart: pickStudentColumns(students!, positions, part === 0 ? students!.classIds : []) });
    }
  } catch (error) {
    scope.postMessage({
      ok: false,
      ...(error instanceof HTTPError ? { status: error.response.status } : {}),
      message: error instanceof Error ? error.message : String(error),
    });
  }
};

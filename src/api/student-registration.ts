/**
 * Student registration through the outbox (SPEC §4, §7, §8). A registration is one 'student.create' item (payload:
 * the StudentCreate body, its `id` the client id the server uses for idempotency) plus one 'student.document' item
 * per document (payload: meta, the file as a Blob, its name), each depending on the student item. All rows are
 * written to IndexedDB in one transaction before anything is sent, so a registration is kept whole or not at all, and
 * the documents exist before the student can be confirmed (the outbox hands the student's server id to its
 * dependants at that moment). Document Blobs live only in the outbox, never in the query cache.
 */
import { z } from 'zod';
import { db, type OutboxRow } from '../lib/db.ts';
import { config } from '../lib/config.ts';
import { HTTPError, postForm, sendParsed } from '../lib/http.ts';
import { discardItem, drainOutbox, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { documentMetaSchema, studentCreatedSchema, type StudentCreate } from './contract.ts';

/** The inner error texts of SPEC §8 (kept in English: they are the outbox's technical reasons). */
export const NO_ID_MESSAGE = 'No ID returned from student registration';
export const DOCUMENT_ERROR_MESSAGE = 'Error adding student document';

export type DocumentMeta = z.input<typeof documentMetaSchema> & { id: string };
export type StudentDocumentPayload = { meta: DocumentMeta; file: Blob; fileName: string };
export type StudentCreatePayload = StudentCreate & { id: string };
export type StudentCreateResult = { studentId: string };

/**
 * An answer without an id is the server saying it did not register the student: the outbox must put the item in
 * the failed list, not retry it. The outbox treats only a 4xx HTTPError as a refusal, so the failure is expressed as
 * one (422, with the message in the server's error shape, which is what the failed list shows).
 */
export function noIdRefusal(): HTTPError {
  const body = { statusCode: 422, error: 'Unprocessable Entity', message: NO_ID_MESSAGE };
  const response = new Response(JSON.stringify(body), {
    status: 422,
    statusText: 'Unprocessable Entity',
    headers: { 'content-type': 'application/json' },
  });
  const url = new URL(`${config.apiUrl.replace(/\/$/, '')}/students`, globalThis.location?.href ?? 'http://localhost/');
  const error = new HTTPError(response, new Request(url, { method: 'POST' }), {} as ConstructorParameters<typeof HTTPError>[2]);
  error.message = NO_ID_MESSAGE;
  return error;
}

export async function sendStudentCreate(item: OutboxRow): Promise<StudentCreateResult> {
  const answer = await sendParsed('post', 'students', item.payload, z.unknown());
  const created = studentCreatedSchema.safeParse(answer);
  if (!created.success) throw noIdRefusal();
  return { studentId: created.data.id };
}

export async function sendStudentDocument(item: OutboxRow): Promise<void> {
  const { meta, file, fileName } = item.payload as StudentDocumentPayload;
  // The outbox hands over the row as it read it before sending the student; when the student went in the same run,
  // its server id was stored after that read, so look at the stored row.
  const parentResult = item.parentResult ?? (await db.outbox.get(item.id))?.parentResult;
  const studentId = parentResult?.studentId;
  // Cannot happen when the rows were written together; if it does, keep the document and retry later.
  if (typeof studentId !== 'string' || !studentId) throw new Error(`${DOCUMENT_ERROR_MESSAGE}: the student has no server id`);
  const form = new FormData();
  // Fields before the file: multipart parsers read the fields that precede the file part.
  form.append('id', meta.id);
  form.append('fileName', meta.fileName);
  form.append('fileType', meta.fileType);
  form.append('origin', meta.origin ?? '');
  form.append('date', meta.date);
  form.append('description', meta.description ?? '');
  form.append('file', file, fileName);
  await postForm(`students/${encodeURIComponent(studentId)}/documentos`, form, z.unknown());
}

export function registerStudentRegistrationHandlers(): void {
  registerOutboxHandler(outboxKinds.studentCreate, sendStudentCreate);
  registerOutboxHandler(outboxKinds.studentDocument, sendStudentDocument);
}

export type QueuedRegistration = { studentItemId: string; documentItemIds: string[] };

/** Store the registration and its documents on the device (one transaction), then start sending. */
export async function queueStudentRegistration(
  student: StudentCreatePayload,
  documents: StudentDocumentPayload[],
): Promise<QueuedRegistration> {
  const now = Date.now();
  const row = (id: string, kind: string, payload: unknown, order: number, dependsOn?: string): OutboxRow => ({
    id,
    kind,
    payload,
    // Documents after their student, in the order they were added.
    createdAt: now + order,
    state: 'pending',
    nextAttemptAt: 0,
    attempts: [],
    ...(dependsOn ? { dependsOn } : {}),
  });
  const rows = [
    row(student.id, outboxKinds.studentCreate, student, 0),
    ...documents.map((doc, i) => row(doc.meta.id, outboxKinds.studentDocument, doc, i + 1, student.id)),
  ];
  await db.transaction('rw', db.outbox, async () => {
    // A re-submit after a refusal reuses the client id: replace what is left of the earlier attempt.
    await discardItemsOf(student.id);
    await db.outbox.bulkPut(rows);
  });
  void navigator.storage?.persist?.().catch(() => undefined);
  void drainOutbox();
  return { studentItemId: student.id, documentItemIds: documents.map((doc) => doc.meta.id) };
}

async function discardItemsOf(studentItemId: string): Promise<void> {
  const dependents = await db.outbox.where('dependsOn').equals(studentItemId).primaryKeys();
  await db.outbox.bulkDelete([studentItemId, ...dependents]);
}

export type RegistrationOutcome =
  /** The student and every document reached the server. */
  | { status: 'sent' }
  /** The server refused the student (4xx, or an answer without an id): nothing was registered. */
  | { status: 'refused'; reason: string }
  /** The student was registered, a document failed: it stays in the outbox and is retried. */
  | { status: 'document-failed'; reason: string }
  /** Not (all) sent yet: offline, unreachable, or slow; it stays on the device and is sent later. */
  | { status: 'pending' };

/** Watch the outbox rows of one registration until they are gone, one fails, or the time is up. */
export async function waitForRegistration(
  queued: QueuedRegistration,
  { timeoutMs = 8_000, pollMs = 150 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<RegistrationOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await registrationOutcome(queued);
    if (outcome || Date.now() >= deadline) return outcome ?? { status: 'pending' };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** The outcome so far, or null while a first attempt is still under way. */
export async function registrationOutcome(queued: QueuedRegistration): Promise<RegistrationOutcome | null> {
  const [student, ...documents] = await db.outbox.bulkGet([queued.studentItemId, ...queued.documentItemIds]);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (student) {
    if (student.state === 'failed') return { status: 'refused', reason: student.reason ?? '' };
    // Offline, or a first attempt failed for a reason that may pass (unreachable, timeout, 5xx): it waits.
    if (offline || student.attempts.length > 0) return { status: 'pending' };
    return null;
  }
  const failed = documents.find((doc) => doc && (doc.state === 'failed' || doc.attempts.length > 0));
  if (failed) return { status: 'document-failed', reason: failed.reason ?? failed.attempts.at(-1)?.error ?? '' };
  if (documents.every((doc) => !doc)) return { status: 'sent' };
  return offline ? { status: 'pending' } : null;
}

/** Give up a refused registration (and its documents). */
export const discardRegistration = (studentItemId: string): Promise<void> => discardItem(studentItemId);

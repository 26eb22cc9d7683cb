/**
 * Student registration through the outbox (SPEC §4, §7, §8). A registration is one 'student.create' item (payload:
 * the StudentCreate body, its `id` the client id the server uses for idempotency) plus one 'student.document' item
 * per document (payload: meta, the file as a Blob, its name), each depending on the student item. All rows are
 * written to IndexedDB in one transaction before anything is sent, so a registration is kept whole or not at all, and
 * the documents exist before the student can be confirmed (the outbox hands the student's server id to its
 * dependants at that moment). Document Blobs live only in the outbox, never in the query cache.
 */
import * as z from 'zod/mini';
import { database, refusalOf, type OutboxRow, type Refusal } from '../lib/db.ts';
import { postForm, RefusedError, sendParsed } from '../lib/http.ts';
import { discardItem, enqueue, enqueueAll, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { cleanText, documentMetaSchema, studentCreatedSchema, type StudentCreate } from './contract.ts';

/** The inner error texts of SPEC §8 (kept in English: they are the outbox's technical reasons). */
export const NO_ID_MESSAGE = 'No ID returned from student registration';
export const DOCUMENT_ERROR_MESSAGE = 'Error adding student document';

export type DocumentMeta = z.input<typeof documentMetaSchema> & { id: string };
/** `studentId`: a document added to a student the server has (the profile's "add document"); else the parent's result. */
export type StudentDocumentPayload = { meta: DocumentMeta; file: Blob; fileName: string; studentId?: string };
export type StudentDocumentRemovePayload = { studentId: string; documentId: string };
export type StudentCreatePayload = StudentCreate & { id: string };
export type StudentCreateResult = { studentId: string };

/** An answer without an id means the student was not registered: a refusal for the failed list, not a retry. */
export function noIdRefusal(): RefusedError {
  return new RefusedError(NO_ID_MESSAGE);
}

export async function sendStudentCreate(item: OutboxRow): Promise<StudentCreateResult> {
  const answer = await sendParsed('post', 'students', item.payload, z.unknown());
  const created = studentCreatedSchema.safeParse(answer);
  if (!created.success) throw noIdRefusal();
  return { studentId: created.data.id };
}

export async function sendStudentDocument(item: OutboxRow): Promise<void> {
  const { meta, file, fileName, studentId: known } = item.payload as StudentDocumentPayload;
  const studentId = item.parentResult?.studentId ?? known;
  // Cannot happen when the rows were written together; if it does, keep the document and retry later.
  if (typeof studentId !== 'string' || !studentId) throw new Error(`${DOCUMENT_ERROR_MESSAGE}: the student has no server id`);
  const form = new FormData();
  // Fields before the file: multipart parsers read the fields that precede the file part.
  form.append('id', meta.id);
  // cleanText: a file name or a note with a control character would be refused by the API's rule for text.
  form.append('fileName', cleanText(meta.fileName));
  form.append('fileType', meta.fileType);
  form.append('origin', cleanText(meta.origin ?? ''));
  form.append('date', meta.date);
  form.append('description', cleanText(meta.description ?? ''));
  form.append('file', file, fileName);
  await postForm(`students/${encodeURIComponent(studentId)}/documentos`, form, z.unknown());
}

/** A document added to a student already registered (the profile): sent after the student's own creation, if queued. */
export async function enqueueStudentDocument(studentId: string, document: StudentDocumentPayload): Promise<void> {
  await enqueue({ id: document.meta.id, kind: outboxKinds.studentDocument, payload: { ...document, studentId }, dependsOn: studentId });
}

/** Remove a stored document (its file is deleted on the server; a resend is harmless). */
export async function enqueueStudentDocumentRemove(studentId: string, documentId: string): Promise<void> {
  await enqueue({
    kind: outboxKinds.studentDocumentRemove,
    payload: { studentId, documentId } satisfies StudentDocumentRemovePayload,
    dependsOn: documentId,
  });
}

export function registerStudentRegistrationHandlers(): void {
  registerOutboxHandler(outboxKinds.studentCreate, sendStudentCreate);
  registerOutboxHandler(outboxKinds.studentDocument, sendStudentDocument);
  registerOutboxHandler(outboxKinds.studentDocumentRemove, async (item) => {
    const { studentId, documentId } = item.payload as StudentDocumentRemovePayload;
    await sendParsed('delete', `students/${encodeURIComponent(studentId)}/documentos/${encodeURIComponent(documentId)}`, undefined, z.unknown());
  });
}

export type QueuedRegistration = { studentItemId: string; documentItemIds: string[] };

/** Store the registration and its documents on the device together, then start sending. */
export async function queueStudentRegistration(student: StudentCreatePayload, documents: StudentDocumentPayload[]): Promise<QueuedRegistration> {
  // A re-submit after a refusal reuses the client id: replace what is left of the earlier attempt.
  await discardItem(student.id);
  await enqueueAll([
    { id: student.id, kind: outboxKinds.studentCreate, payload: student },
    ...documents.map((doc) => ({ id: doc.meta.id, kind: outboxKinds.studentDocument, payload: doc, dependsOn: student.id })),
  ]);
  return { studentItemId: student.id, documentItemIds: documents.map((doc) => doc.meta.id) };
}

export type RegistrationOutcome =
  /** The student and every document reached the server. */
  | { status: 'sent' }
  /** The server refused the student (4xx, or an answer without an id): nothing was registered. */
  | ({ status: 'refused' } & Refusal)
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
  const db = await database();
  const [student, ...documents] = await db.outbox.bulkGet([queued.studentItemId, ...queued.documentItemIds]);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (student) {
    if (student.state === 'failed') return { status: 'refused', ...refusalOf(student) };
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

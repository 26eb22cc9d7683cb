/**
 * The half-typed registration (and a student's edit), kept so a reload (or a crash of the tab) loses nothing typed or added: its text in this
 * tab's sessionStorage, its documents' files in IndexedDB (db.draftDocuments; too big for sessionStorage) under the
 * draft's client id. The client id travels with the draft, so a re-submit after a refusal reuses it and can never
 * register twice. A draft belongs to the history entry it was typed in (the router's key of that entry, which the browser
 * keeps across a reload and Back): the form opened anew, by a link, starts empty (issue 56: "Create New Student" reopened
 * a refused child's name and CPF, and a new name was sent with the old CPF).
 */
import { database } from '../../lib/db.ts';
import { readSessionDraft, removeSessionDraft, writeSessionDraft } from '../../lib/session-draft.ts';
import type { QueuedDocument } from './document-uploader.tsx';
import { emptyRegistration, type RegistrationValues } from './registration-values.ts';

export const DRAFT_KEY = 'quadra.student-registration.draft';
export type RegistrationDraft = {
  clientId: string;
  values: RegistrationValues;
  /** The key of the history entry the form was typed in. */
  entry: string;
};

export function newDraft(entry: string): RegistrationDraft {
  return { clientId: crypto.randomUUID(), values: emptyRegistration, entry };
}

/** Only known fields of the right type: a draft from an older version must not break the form. */
function valuesOf(stored: unknown): RegistrationValues | undefined {
  if (typeof stored !== 'object' || !stored) return undefined;
  const values = { ...emptyRegistration };
  for (const key of Object.keys(emptyRegistration) as Array<keyof RegistrationValues>) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === typeof emptyRegistration[key]) (values as Record<string, unknown>)[key] = value;
  }
  return values;
}

/**
 * The draft typed in the history entry `entry` (the page reloaded, or come back to by Back), else a new empty one. A
 * draft of another entry is dropped with its documents: a registration opened anew starts clean.
 */
export function readDraft(entry: string, storage?: Storage): RegistrationDraft {
  const parsed = readSessionDraft(DRAFT_KEY, storage);
  const values = valuesOf(parsed?.values);
  if (typeof parsed?.clientId === 'string' && values && parsed.entry === entry) return { clientId: parsed.clientId, values, entry };
  if (parsed) {
    clearDraft(storage);
    if (typeof parsed.clientId === 'string') void clearDraftDocuments(parsed.clientId);
  }
  return newDraft(entry);
}

export function writeDraft(draft: RegistrationDraft, storage?: Storage): void {
  writeSessionDraft(DRAFT_KEY, draft, storage);
}

export function clearDraft(storage?: Storage): void {
  removeSessionDraft(DRAFT_KEY, storage);
}

/**
 * A student's edit not saved yet, kept the same way per student with the version it started from: brought back only
 * onto that same version (on a newer one it would silently undo the other person's change, so it is dropped).
 */
export const editDraftKey = (studentId: string) => `quadra.student-edit.draft.${studentId}`;

export function readEditDraft(studentId: string, version: number, storage?: Storage): RegistrationValues | undefined {
  const parsed = readSessionDraft(editDraftKey(studentId), storage);
  if (parsed?.version !== version) return undefined;
  return valuesOf(parsed.values);
}

export function writeEditDraft(studentId: string, version: number, values: RegistrationValues, storage?: Storage): void {
  writeSessionDraft(editDraftKey(studentId), { version, values }, storage);
}

export function clearEditDraft(studentId: string, storage?: Storage): void {
  removeSessionDraft(editDraftKey(studentId), storage);
}

const documentKey = (clientId: string, documentId: string) => `${clientId}|${documentId}`;
const warn = (error: unknown) => console.warn("Quadra: a registration draft's files could not be kept on this device", error);

/** Past this, the documents of a draft that is not this tab's are dropped: a tab closed unregistered leaves them. */
export const DRAFT_DOCUMENTS_MAX_AGE_MS = 24 * 3600 * 1000;

/**
 * The documents added to the draft `clientId`, in the order they were added (rows without a file are skipped). Other
 * drafts' documents older than a day go (personal files nobody will send: their tab was closed).
 */
export async function readDraftDocuments(clientId: string, now = Date.now()): Promise<QueuedDocument[]> {
  try {
    const db = await database();
    await db.draftDocuments.filter((row) => row.clientId !== clientId && row.addedAt < now - DRAFT_DOCUMENTS_MAX_AGE_MS).delete();
    const rows = await db.draftDocuments.where('clientId').equals(clientId).sortBy('addedAt');
    return rows.map((row) => row.document as QueuedDocument).filter((document) => document?.file instanceof Blob);
  } catch (error) {
    warn(error);
    return [];
  }
}

/**
 * Keeps documents of the draft `clientId` (added now, or all of them again after a refusal). Answers false when they
 * could not be kept (IndexedDB refused them, or its code could not load): the form still holds them, a reload would not.
 */
export async function keepDraftDocuments(clientId: string, documents: QueuedDocument[]): Promise<boolean> {
  const addedAt = Date.now();
  try {
    const db = await database();
    await db.draftDocuments.bulkPut(
      documents.map((document, i) => ({ key: documentKey(clientId, document.id), clientId, addedAt: addedAt + i, document })),
    );
    return true;
  } catch (error) {
    warn(error);
    return false;
  }
}

export async function dropDraftDocument(clientId: string, documentId: string): Promise<void> {
  await database()
    .then((db) => db.draftDocuments.delete(documentKey(clientId, documentId)))
    .catch(warn);
}

export async function clearDraftDocuments(clientId: string): Promise<void> {
  await database()
    .then((db) => db.draftDocuments.where('clientId').equals(clientId).delete())
    .catch(warn);
}

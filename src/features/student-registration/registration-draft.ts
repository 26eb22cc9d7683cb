/**
 * The half-typed registration, kept so a reload (or a crash of the tab) loses nothing typed or added: its text in this
 * tab's sessionStorage, its documents' files in IndexedDB (db.draftDocuments; too big for sessionStorage) under the
 * draft's client id. The client id travels with the draft, so a re-submit after a refusal reuses it and can never
 * register twice.
 */
import { db } from '../../lib/db.ts';
import type { QueuedDocument } from './document-uploader.tsx';
import { emptyRegistration, type RegistrationValues } from './registration-values.ts';

export const DRAFT_KEY = 'quadra.student-registration.draft';
export type RegistrationDraft = { clientId: string; values: RegistrationValues };

export function newDraft(): RegistrationDraft {
  return { clientId: crypto.randomUUID(), values: emptyRegistration };
}

export function readDraft(storage: Storage | undefined = safeSessionStorage()): RegistrationDraft {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return newDraft();
    const parsed = JSON.parse(raw) as Partial<RegistrationDraft>;
    if (typeof parsed.clientId !== 'string' || typeof parsed.values !== 'object' || !parsed.values) return newDraft();
    // Keep only known fields of the right type: a draft from an older version must not break the form.
    const values = { ...emptyRegistration };
    for (const key of Object.keys(emptyRegistration) as Array<keyof RegistrationValues>) {
      const value = (parsed.values as Record<string, unknown>)[key];
      if (typeof value === typeof emptyRegistration[key]) (values as Record<string, unknown>)[key] = value;
    }
    return { clientId: parsed.clientId, values };
  } catch {
    return newDraft();
  }
}

export function writeDraft(draft: RegistrationDraft, storage: Storage | undefined = safeSessionStorage()): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, only the reload safety is lost.
  }
}

export function clearDraft(storage: Storage | undefined = safeSessionStorage()): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // see writeDraft
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
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
    await db.draftDocuments.filter((row) => row.clientId !== clientId && row.addedAt < now - DRAFT_DOCUMENTS_MAX_AGE_MS).delete();
    const rows = await db.draftDocuments.where('clientId').equals(clientId).sortBy('addedAt');
    return rows.map((row) => row.document as QueuedDocument).filter((document) => document?.file instanceof Blob);
  } catch (error) {
    warn(error);
    return [];
  }
}

/** Keeps documents of the draft `clientId` (added now, or all of them again after a refusal). */
export async function keepDraftDocuments(clientId: string, documents: QueuedDocument[]): Promise<void> {
  const addedAt = Date.now();
  await db.draftDocuments
    .bulkPut(documents.map((document, i) => ({ key: documentKey(clientId, document.id), clientId, addedAt: addedAt + i, document })))
    .catch(warn);
}

export async function dropDraftDocument(clientId: string, documentId: string): Promise<void> {
  await db.draftDocuments.delete(documentKey(clientId, documentId)).catch(warn);
}

export async function clearDraftDocuments(clientId: string): Promise<void> {
  await db.draftDocuments.where('clientId').equals(clientId).delete().catch(warn);
}

/**
 * The half-typed registration, kept in this tab's sessionStorage so a reload (or a crash of the tab) loses nothing
 * typed. Only text: chosen files are not kept here (they reach IndexedDB when the registration is submitted).
 * The client id travels with the draft, so a re-submit after a refusal reuses it and can never register twice.
 */
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

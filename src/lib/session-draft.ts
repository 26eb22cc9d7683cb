/**
 * A form's text not saved yet, in this tab's sessionStorage as JSON under a key of its own: it survives a reload or a
 * crash of the tab, goes when the tab closes, and at sign-out (query-client forgetDeviceData clears sessionStorage).
 * Storage that is full or blocked only costs the reload safety; the form still works.
 */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readSessionDraft(key: string, from: Storage | undefined = storage()): Record<string, unknown> | undefined {
  try {
    const raw = from?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionDraft(key: string, value: unknown, to: Storage | undefined = storage()): void {
  try {
    to?.setItem(key, JSON.stringify(value));
  } catch {
    // full or blocked: see above
  }
}

export function removeSessionDraft(key: string, from: Storage | undefined = storage()): void {
  try {
    from?.removeItem(key);
  } catch {
    // blocked: nothing was kept either
  }
}

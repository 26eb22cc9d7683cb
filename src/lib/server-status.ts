/**
 * Whether the server answers (issue 24 "an honest status"), learnt from every API request the app makes anyway (the
 * HTTP client's, and the sync worker's, which offline/sync.ts reports): any answer below 500 says it is there (a 404
 * or a 403 is an answer); a 5xx, a timeout or a network failure with the browser online says it is not. While it is
 * not, a light probe (GET /me) asks again every PROBE_MS, and at once when the browser comes back online, so the
 * header turns back to "connected" without waiting for the user to do something.
 */
import { useSyncExternalStore } from 'react';

export type ServerState = 'unknown' | 'answering' | 'unavailable';

export const PROBE_MS = 20_000;

let state: ServerState = 'unknown';
const listeners = new Set<() => void>();
let probe: (() => Promise<unknown>) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: ServerState): void {
  if (next === 'unavailable') scheduleProbe();
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || !probe) return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    if (state === 'unavailable' && isBrowserOnline()) void probe?.().catch(() => undefined);
    else if (state === 'unavailable') scheduleProbe();
  }, PROBE_MS);
}

const isBrowserOnline = () => globalThis.navigator?.onLine !== false;

/**
 * An HTTP answer of the API arrived with this status (and the code its error body gave, if any). A 503
 * 'access-record-unavailable' is the server answering that it would not show a child's data it could not record: it
 * is there, and the screen says what failed (components/access-record-failure.tsx).
 */
export function reportServerAnswer(status: number, code?: string): void {
  set(status >= 500 && code !== 'access-record-unavailable' ? 'unavailable' : 'answering');
}

/** A request of the API got no answer (network failure, timeout). Offline, the browser's own state says enough. */
export function reportServerUnreachable(): void {
  if (isBrowserOnline()) set('unavailable');
}

/** How to ask the server whether it is back (the HTTP client registers it: lib stays below api). */
export function setServerProbe(request: () => Promise<unknown>, firstCheckMs = 1000): void {
  probe = request;
  // A screen that reads nothing would leave the header unsure: ask once shortly after start if nothing answered yet.
  setTimeout(() => {
    if (state === 'unknown' && isBrowserOnline()) void probe?.().catch(() => undefined);
  }, firstCheckMs);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      if (state !== 'answering') void probe?.().catch(() => undefined);
    });
  }
}

export function serverState(): ServerState {
  return state;
}

/** For tests: back to the state of a fresh start. */
export function resetServerState(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  state = 'unknown';
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServerState(): ServerState {
  return useSyncExternalStore(subscribe, serverState, serverState);
}

/**
 * Where a list on screen comes from (ARCHITECTURE "Data conventions"): the server, the last copy persisted on the
 * device when the server fails, else the built-in sample data (with a banner), or, with the sample fallback switched
 * off, the page's error text. A list of one record (a class's roster, a student's guardians) whose record the server
 * says does not exist is 'not-found'; one the server did not show because it could not record the reading is
 * 'unrecorded' (http.ts AccessRecordUnavailableError).
 */
import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { config } from '../lib/config.ts';
import { AccessRecordUnavailableError, RecordNotFoundError } from '../lib/http.ts';

export type ListSource = 'loading' | 'server' | 'device' | 'sample' | 'error' | 'not-found' | 'unrecorded';
/** `savedAt`: when the device's copy shown ('device') came from the server (ms since the epoch). */
export type ListState<T> = { items: T[]; source: ListSource; savedAt?: number };

/** Whether the browser says it has no connection (not TanStack's onlineManager: it starts online after a reload). */
const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export function listState<T>(
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'isPending' | 'fetchStatus'> & { error?: unknown; dataUpdatedAt?: number },
  sample: T[],
  sampleFallback: boolean = config.sampleFallback,
  offline: boolean = browserOffline(),
): ListState<T> {
  // The server says the record the list belongs to does not exist: nothing to show, not even a saved copy.
  if (query.error instanceof RecordNotFoundError) return { items: [], source: 'not-found' };
  if (query.data) {
    // The server failed, or cannot be asked (offline: the refetch waits, or an answer still fresh is not asked again):
    // the copy saved on the device, and from when.
    if (!query.isError && query.fetchStatus !== 'paused' && !offline) return { items: query.data, source: 'server' };
    return { items: query.data, source: 'device', ...(query.dataUpdatedAt ? { savedAt: query.dataUpdatedAt } : {}) };
  }
  // The server would not show a child's data whose reading it could not record: nothing to show, sample or otherwise.
  if (query.error instanceof AccessRecordUnavailableError) return { items: [], source: 'unrecorded' };
  // Offline with nothing cached, a query pauses instead of failing: that is a failure for the screen.
  const failed = query.isError || (query.isPending && query.fetchStatus === 'paused');
  if (!failed) return { items: [], source: 'loading' };
  return sampleFallback ? { items: sample, source: 'sample' } : { items: [], source: 'error' };
}

/** One answer that is not a list (a report): where it comes from, as listState says, with no sample data. */
export type AnswerState<T> = { data: T | undefined; source: ListSource; savedAt?: number };
export function answerState<T>(
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isPending' | 'fetchStatus'> & { error?: unknown; dataUpdatedAt?: number },
): AnswerState<T> {
  const { items, ...rest } = listState({ ...query, data: query.data === undefined ? undefined : [query.data] }, [], false);
  return { data: items[0], ...rest };
}

/** Writes are never made for sample records. */
export const isSampleSource = (source: ListSource): boolean => source === 'sample';

/** When this visit of the app started: data restored from the device is older. */
const visitStartedAt = Date.now();

/**
 * Whether a list is the server's answer of this visit (not the device's copy restored at start, not a failure): only
 * then may a screen conclude that a record missing from it does not exist.
 */
export function answeredThisVisit(query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'dataUpdatedAt'>): boolean {
  return query.data !== undefined && !query.isError && query.dataUpdatedAt >= visitStartedAt;
}

/**
 * Whether the server's list says that a record is not in it (`has` tells). A list restored from the device that lacks
 * it is asked again first (a record added since would be missing from it); offline that waits, and nothing is concluded.
 */
export function useMissingFromList<T>(
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'dataUpdatedAt' | 'fetchStatus' | 'refetch'>,
  has: (item: T) => boolean,
): boolean {
  const lacks = query.data !== undefined && !query.data.some(has);
  const confirmed = lacks && answeredThisVisit(query);
  const askAgain = lacks && !confirmed && query.fetchStatus === 'idle';
  const { refetch } = query;
  useEffect(() => {
    if (askAgain) void refetch();
  }, [askAgain, refetch]);
  return confirmed;
}

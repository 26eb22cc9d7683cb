/**
 * A student's access record (GET /students/{id}/access-log): who read their personal data or wrote about them. Its
 * newest page is a query like any list (kept on the device, shown offline); older pages (`?before=` the last entry's
 * id, ACCESS_LOG_PAGE entries each) are asked for on demand and kept in memory only.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AccessLogEntry } from './contract.ts';
import { getRecordParsed } from '../lib/http.ts';

export const accessLogKeys = {
  ofStudent: (studentId: string) => ['access-log', studentId] as const,
  olderOf: (studentId: string, before: string) => ['access-log', studentId, 'older', before] as const,
};

const accessLogPage = (studentId: string, before?: string) =>
  getRecordParsed(
    `students/${encodeURIComponent(studentId)}/access-log${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    () => import('./contract.ts').then((contract) => contract.accessLogSchema),
    'student',
  );

export const accessLogQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: accessLogKeys.ofStudent(studentId), queryFn: () => accessLogPage(studentId) });

/** The cursor of the page after `page`: its last entry's id, if the page was full (there may be more). */
export const nextAccessLogCursor = (page: AccessLogEntry[], pageSize: number): string | undefined =>
  page.length >= pageSize ? page.at(-1)?.id : undefined;

/** The pages older than the newest one's last entry (`before`), one more each fetchNextPage. */
export const olderAccessLogQueryOptions = (studentId: string, before: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: accessLogKeys.olderOf(studentId, before),
    queryFn: ({ pageParam }) => accessLogPage(studentId, pageParam),
    initialPageParam: before,
    getNextPageParam: (page: AccessLogEntry[]) => nextAccessLogCursor(page, pageSize),
    meta: { keptOnDevice: false }, // offline/query-client.ts isKeptOnDevice: a long record is not copied to the device
    staleTime: Infinity,
  });

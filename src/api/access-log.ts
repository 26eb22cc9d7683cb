/**
 * A student's access record (GET /students/{id}/access-log): who read their personal data or wrote about them, newest
 * first, ACCESS_LOG_PAGE entries a page, the next page `?before=` the last entry's id. One infinite query holds the
 * pages shown: a refetch (every read of the record adds an entry to it) asks for them again in order, each after the
 * last entry of the one before, so no entry falls between two pages.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AccessLogEntry } from './contract.ts';
import { getRecordParsed } from '../lib/http.ts';

export const accessLogKeys = { ofStudent: (studentId: string) => ['access-log', studentId, 'pages'] as const };

/** The cursor of the page after `page`: its last entry's id, if the page was full (there may be more). */
const nextAccessLogCursor = (page: AccessLogEntry[], pageSize: number): string | undefined => (page.length >= pageSize ? page.at(-1)?.id : undefined);

export const accessLogQueryOptions = (studentId: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: accessLogKeys.ofStudent(studentId),
    queryFn: ({ pageParam }) =>
      getRecordParsed(
        `students/${encodeURIComponent(studentId)}/access-log${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        () => import('./contract.ts').then((contract) => contract.accessLogSchema),
        'student',
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: AccessLogEntry[]) => nextAccessLogCursor(page, pageSize),
  });

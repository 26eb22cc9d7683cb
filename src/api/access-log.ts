/** A student's access record (GET /students/{id}/access-log): who read their personal data or wrote about them. */
import { queryOptions } from '@tanstack/react-query';
import { getRecordParsed } from '../lib/http.ts';

export const accessLogKeys = { ofStudent: (studentId: string) => ['access-log', studentId] as const };

export const accessLogQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: accessLogKeys.ofStudent(studentId),
    queryFn: () =>
      getRecordParsed(
        `students/${encodeURIComponent(studentId)}/access-log`,
        () => import('./contract.ts').then((contract) => contract.accessLogSchema),
        'student',
      ),
  });

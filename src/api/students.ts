/**
 * The student list (SPEC §7): GET /students -> StudentSummary[] under the key ['students']. Other screens read and
 * invalidate this key through the query cache, so its key and shape stay stable.
 */
import { queryOptions } from '@tanstack/react-query';
import type { StudentCreate } from './contract.ts';
import { getParsed } from '../lib/http.ts';
import type { OutboxRow } from '../lib/db.ts';

export const studentKeys = { all: ['students'] as const };

export const studentsQueryOptions = () =>
  queryOptions({
    queryKey: studentKeys.all,
    queryFn: () => getParsed('students', () => import('./contract.ts').then((contract) => contract.studentListSchema)),
  });

/** A registration still waiting in the outbox ('student.create'), as the list shows it. */
export type PendingStudent = { id: string; name: string; failed: boolean; reason?: string };

/** Reads the outbox rows of kind 'student.create' (payload: StudentCreate with the client id). */
export function pendingStudentsFromOutbox(rows: OutboxRow[]): PendingStudent[] {
  const pending: PendingStudent[] = [];
  for (const row of rows) {
    const payload = (row.payload ?? {}) as Partial<StudentCreate>;
    const name = typeof payload.fullName === 'string' ? payload.fullName : '';
    pending.push({
      id: typeof payload.id === 'string' ? payload.id : row.id,
      name,
      failed: row.state === 'failed',
      ...(row.reason ? { reason: row.reason } : {}),
    });
  }
  return pending;
}

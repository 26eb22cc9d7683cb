/**
 * A student's record (GET /students/{id}, key ['students', 'record', id]) and its changes through the outbox: an edit
 * ('student.update' -> PUT /students/{id} with the version it started from), a deactivation or reactivation
 * ('student.status' -> POST /students/{id}/status), and enrolments ('enrolment.start' -> PUT and 'enrolment.end' ->
 * DELETE /classes/{classId}/students/{studentId}). A stale version comes back as a conflict in the failed list;
 * "keep mine" resends it on the server's current version.
 */
import { queryOptions } from '@tanstack/react-query';
import { getBlob, getParsed, getRecordParsed, sendParsed } from '../lib/http.ts';
import { refusalOf, type OutboxRow, type Refusal } from '../lib/db.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { enqueueRecordWrite, versionAfterParent } from '../offline/record-writes.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';
import type { Student, StudentStatusInput, StudentUpdate } from './contract.ts';
import { invalidateAttendanceFigures } from './reports.ts';

export const studentRecordKeys = {
  one: (id: string) => ['students', 'record', id] as const,
};

export const studentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: studentRecordKeys.one(id),
    queryFn: () =>
      getRecordParsed(`students/${encodeURIComponent(id)}`, () => import('./contract.ts').then((contract) => contract.studentSchema), 'student'),
  });

/** A student's documents (type, date, size; never their bytes: the cache is persisted). */
export const documentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['students', 'documents', id] as const,
    queryFn: () => getParsed(`${path(id)}/documentos`, () => import('./contract.ts').then((contract) => contract.documentListSchema)),
  });

/** One document's file, fetched with the user's token when they open it (never kept on the device). */
export const documentFile = (studentId: string, documentId: string): Promise<Blob> =>
  getBlob(`${path(studentId)}/documentos/${encodeURIComponent(documentId)}/file`);

export type StudentUpdatePayload = { studentId: string; student: StudentUpdate };
export type StudentStatusPayload = { studentId: string; status: StudentStatusInput };
export type EnrolmentPayload = { studentId: string; classId: string; date: string };

const path = (studentId: string) => `students/${encodeURIComponent(studentId)}`;
const enrolmentPath = ({ classId, studentId }: EnrolmentPayload) =>
  `classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(studentId)}`;

/** One student's chain of writes: its edits and status changes, after a registration of it still queued. */
const studentChain = (studentId: string) => ({
  kinds: [outboxKinds.studentUpdate, outboxKinds.studentStatus],
  ofRecord: (payload: unknown) => (payload as { studentId?: string }).studentId === studentId,
  recordId: studentId,
});

/**
 * A student's writes made on this device follow each other (offline/record-writes.ts; a registration still queued
 * goes first: its outbox id is the student's id). An edit that replaces one still waiting takes its place: the form
 * showed that one's values (withWaitingEdit), so nothing of it is lost.
 */
export async function enqueueStudentUpdate(studentId: string, student: StudentUpdate): Promise<void> {
  await enqueueRecordWrite({
    kind: outboxKinds.studentUpdate,
    payload: { studentId, student } satisfies StudentUpdatePayload,
    ...studentChain(studentId),
    replaces: (waiting) =>
      ({ studentId, student: { ...student, version: (waiting as StudentUpdatePayload).student.version } }) satisfies StudentUpdatePayload,
  });
}

export async function enqueueStudentStatus(studentId: string, status: StudentStatusInput): Promise<void> {
  await enqueueRecordWrite({
    kind: outboxKinds.studentStatus,
    payload: { studentId, status } satisfies StudentStatusPayload,
    ...studentChain(studentId),
  });
}

/** The record with this device's edit still waiting laid over it (what the profile and the edit form show). */
export function withWaitingEdit(student: Student, rows: readonly OutboxRow[]): { student: Student; waiting: boolean } {
  const edit = rows.findLast(
    (row) => row.kind === outboxKinds.studentUpdate && row.state === 'pending' && (row.payload as StudentUpdatePayload).studentId === student.id,
  );
  if (!edit) return { student, waiting: false };
  const { version: _version, gradeGap, ...fields } = (edit.payload as StudentUpdatePayload).student;
  // gradeGap null: the edit clears it (not known); left out: the edit keeps it (as the server does).
  const gap = gradeGap === undefined ? {} : { gradeGap: gradeGap ?? undefined };
  return { student: { ...student, ...fields, ...gap, address: { ...fields.address } }, waiting: true };
}

export async function enqueueEnrolment(change: 'start' | 'end', payload: EnrolmentPayload): Promise<void> {
  await enqueue({ kind: change === 'start' ? outboxKinds.enrolmentStart : outboxKinds.enrolmentEnd, payload, dependsOn: payload.studentId });
}

const versionOf = (current: unknown): number => Number((current as { version?: unknown })?.version);

/** What a student write changed on screen: the record, the lists (names, status), rosters, alerts and reports. */
function refreshStudent(studentId: string, classId?: string): void {
  invalidateAttendanceFigures();
  void queryClient.invalidateQueries({ queryKey: ['students'] });
  void queryClient.invalidateQueries({ queryKey: studentRecordKeys.one(studentId) });
  // The class's rosters (rosterKeys of rosters.ts, not imported: that module loads the contract, this one must not).
  if (classId) void queryClient.invalidateQueries({ queryKey: ['classes', classId, 'students'] });
  else void queryClient.invalidateQueries({ queryKey: ['classes'] });
}

export function registerStudentRecordHandlers(): void {
  registerOutboxHandler(
    outboxKinds.studentUpdate,
    async (item) => {
      const { studentSchema } = await import('./contract.ts');
      const { studentId, student } = item.payload as StudentUpdatePayload;
      const version = versionAfterParent(item, student.version);
      const saved = await sendParsed('put', path(studentId), { ...student, version }, studentSchema);
      queryClient.setQueryData(studentRecordKeys.one(studentId), saved);
      refreshStudent(studentId);
      return { version: saved.version };
    },
    {
      rebase: (payload, current) => {
        const { studentId, student } = payload as StudentUpdatePayload;
        return { studentId, student: { ...student, version: versionOf(current) } } satisfies StudentUpdatePayload;
      },
    },
  );
  registerOutboxHandler(
    outboxKinds.studentStatus,
    async (item) => {
      const { studentSchema } = await import('./contract.ts');
      const { studentId, status } = item.payload as StudentStatusPayload;
      const version = versionAfterParent(item, status.version);
      const saved = await sendParsed('post', `${path(studentId)}/status`, { ...status, version }, studentSchema);
      queryClient.setQueryData(studentRecordKeys.one(studentId), saved);
      refreshStudent(studentId);
      return { version: saved.version };
    },
    {
      rebase: (payload, current) => {
        const { studentId, status } = payload as StudentStatusPayload;
        return { studentId, status: { ...status, version: versionOf(current) } } satisfies StudentStatusPayload;
      },
    },
  );
  registerOutboxHandler(outboxKinds.enrolmentStart, async (item) => {
    const { enrolmentSchema } = await import('./contract.ts');
    const payload = item.payload as EnrolmentPayload;
    await sendParsed('put', enrolmentPath(payload), { from: payload.date }, enrolmentSchema);
    refreshStudent(payload.studentId, payload.classId);
  });
  registerOutboxHandler(outboxKinds.enrolmentEnd, async (item) => {
    const { enrolmentSchema } = await import('./contract.ts');
    const payload = item.payload as EnrolmentPayload;
    await sendParsed('delete', enrolmentPath(payload), { to: payload.date }, enrolmentSchema);
    refreshStudent(payload.studentId, payload.classId);
  });
}

/** Enrolment changes still in the outbox, for one class or one student, as screens show them. */
/** An enrolment change on this device the server does not have yet; `refusal` when the server refused it. */
export type PendingEnrolment = { rowId: string; change: 'start' | 'end'; refusal?: Refusal } & EnrolmentPayload;
export function pendingEnrolments(rows: OutboxRow[], match: { classId?: string; studentId?: string }): PendingEnrolment[] {
  const pending: PendingEnrolment[] = [];
  for (const row of rows) {
    const change = row.kind === outboxKinds.enrolmentStart ? 'start' : row.kind === outboxKinds.enrolmentEnd ? 'end' : undefined;
    if (!change) continue;
    const payload = row.payload as EnrolmentPayload;
    if (match.classId && payload.classId !== match.classId) continue;
    if (match.studentId && payload.studentId !== match.studentId) continue;
    pending.push({ rowId: row.id, change, ...(row.state === 'failed' ? { refusal: refusalOf(row) } : {}), ...payload });
  }
  return pending;
}

/**
 * Guardians of one student (SPEC §7): GET /students/{id}/responsibles; creates and edits go through the outbox
 * (kinds 'guardian.create' -> POST /students/{studentId}/responsibles with the client id in the body, and
 * 'guardian.update' -> PUT /responsibles/{id} with the version it started from, 'guardian.remove' -> DELETE
 * /responsibles/{id} with that version), so they survive a reload or a lost connection.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { guardianListSchema, guardianSchema, type GuardianInput } from './contract.ts';
import { getRecordParsed, sendParsed } from '../lib/http.ts';
import { refusalOf, type OutboxRow, type Refusal } from '../lib/db.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { enqueueRecordWrite, versionAfterParent } from '../offline/record-writes.ts';
import { queryClient } from '../offline/query-client.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';

export const guardianKeys = {
  all: ['guardians'] as const,
  ofStudent: (studentId: string) => ['guardians', studentId] as const,
};

export const guardiansQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: guardianKeys.ofStudent(studentId),
    queryFn: () => getRecordParsed(`students/${encodeURIComponent(studentId)}/responsibles`, guardianListSchema, 'student'),
  });

/** The fields of a guardian, without the id. */
export type GuardianFields = Omit<GuardianInput, 'id'>;
/** A write's fields as the stored guardian answers them: NIS, e-mail, address and civil state left out are empty text. */
export const asStoredGuardian = <T extends GuardianFields>(fields: T) => ({
  ...fields,
  civilState: fields.civilState ?? '',
  nis: fields.nis ?? '',
  email: fields.email ?? '',
  address: fields.address ?? '',
});
export type GuardianCreatePayload = { studentId: string; guardian: GuardianInput & { id: string } };
export type GuardianUpdatePayload = { studentId: string; guardianId: string; guardian: GuardianFields & { version?: number } };
export type GuardianRemovePayload = { studentId: string; guardianId: string; version: number };

/**
 * Queue a new guardian; the outbox id is the guardian's client id, so a resend never creates a duplicate. It waits for
 * its student's registration when that is still queued (whose outbox id is the student's id).
 */
export async function enqueueGuardianCreate(studentId: string, fields: GuardianFields): Promise<string> {
  const id = crypto.randomUUID();
  const payload: GuardianCreatePayload = { studentId, guardian: { ...fields, id } };
  await enqueue({ kind: outboxKinds.guardianCreate, id, payload, dependsOn: studentId });
  return id;
}

const guardianWriteKinds = [outboxKinds.guardianUpdate, outboxKinds.guardianRemove] as const;
const ofGuardian = (guardianId: string) => (payload: unknown) => (payload as { guardianId?: string }).guardianId === guardianId;

/**
 * A guardian's edits and removal made on this device follow each other (offline/record-writes.ts; a create still
 * queued goes first: its outbox id is the guardian's id), each sent on the version the one before got; an edit made
 * while another still waits takes its place (the form started from it: guardianRows lays queued edits over the list).
 */
export async function enqueueGuardianUpdate(studentId: string, guardianId: string, fields: GuardianFields, version?: number): Promise<void> {
  const payload: GuardianUpdatePayload = { studentId, guardianId, guardian: version === undefined ? fields : { ...fields, version } };
  await enqueueRecordWrite({
    kind: outboxKinds.guardianUpdate,
    payload,
    kinds: guardianWriteKinds,
    ofRecord: ofGuardian(guardianId),
    recordId: guardianId,
    replaces: (waiting) => {
      const started = (waiting as GuardianUpdatePayload).guardian.version;
      return { studentId, guardianId, guardian: started === undefined ? fields : { ...fields, version: started } } satisfies GuardianUpdatePayload;
    },
  });
}

/** Queue the removal of a guardian, at the version the user confirmed it on (or after this device's edits of it). */
export async function enqueueGuardianRemove(studentId: string, guardianId: string, version: number): Promise<void> {
  const payload: GuardianRemovePayload = { studentId, guardianId, version };
  await enqueueRecordWrite({
    kind: outboxKinds.guardianRemove,
    payload,
    kinds: guardianWriteKinds,
    ofRecord: ofGuardian(guardianId),
    recordId: guardianId,
  });
}

const withVersion = <P extends object>(payload: P, key: keyof P, current: unknown): P => {
  const version = Number((current as { version?: unknown }).version);
  const inner = payload[key];
  return { ...payload, [key]: typeof inner === 'object' && inner !== null ? { ...inner, version } : version };
};

export function registerGuardianHandlers(): void {
  registerOutboxHandler(outboxKinds.guardianCreate, async (item) => {
    const { studentId, guardian } = item.payload as GuardianCreatePayload;
    const saved = await sendParsed('post', `students/${encodeURIComponent(studentId)}/responsibles`, guardian, guardianSchema);
    return { id: saved.id, version: saved.version };
  });
  registerOutboxHandler(
    outboxKinds.guardianUpdate,
    async (item) => {
      const { guardianId, guardian } = item.payload as GuardianUpdatePayload;
      const version = versionAfterParent(item, guardian.version);
      const saved = await sendParsed('put', `responsibles/${encodeURIComponent(guardianId)}`, { ...guardian, version }, guardianSchema);
      return { version: saved.version };
    },
    { rebase: (payload, current) => withVersion(payload as GuardianUpdatePayload, 'guardian', current) },
  );
  registerOutboxHandler(
    outboxKinds.guardianRemove,
    async (item) => {
      const { guardianId, studentId, version } = item.payload as GuardianRemovePayload;
      await sendParsed('delete', `responsibles/${encodeURIComponent(guardianId)}`, { version: versionAfterParent(item, version) }, z.unknown());
      void queryClient.invalidateQueries({ queryKey: guardianKeys.ofStudent(studentId) });
    },
    { rebase: (payload, current) => withVersion(payload as GuardianRemovePayload, 'version', current) },
  );
}

/** A guardian waiting in the outbox, as the guardians page shows it. */
export type PendingGuardianWrite =
  | ({ kind: 'create'; rowId: string; studentId: string; guardian: GuardianInput & { id: string }; failed: boolean } & Refusal)
  | ({ kind: 'update'; rowId: string; studentId: string; guardianId: string; guardian: GuardianFields; failed: boolean } & Refusal)
  | ({ kind: 'remove'; rowId: string; studentId: string; guardianId: string; failed: boolean } & Refusal);

export function pendingGuardianWrites(rows: OutboxRow[], studentId: string): PendingGuardianWrite[] {
  const writes: PendingGuardianWrite[] = [];
  for (const row of rows) {
    const failed = row.state === 'failed';
    const reason = refusalOf(row);
    if (row.kind === outboxKinds.guardianCreate) {
      const payload = row.payload as GuardianCreatePayload;
      if (payload?.studentId === studentId) writes.push({ kind: 'create', rowId: row.id, studentId, guardian: payload.guardian, failed, ...reason });
    } else if (row.kind === outboxKinds.guardianUpdate) {
      const payload = row.payload as GuardianUpdatePayload;
      if (payload?.studentId === studentId)
        writes.push({ kind: 'update', rowId: row.id, studentId, guardianId: payload.guardianId, guardian: payload.guardian, failed, ...reason });
    } else if (row.kind === outboxKinds.guardianRemove) {
      const payload = row.payload as GuardianRemovePayload;
      if (payload?.studentId === studentId)
        writes.push({ kind: 'remove', rowId: row.id, studentId, guardianId: payload.guardianId, failed, ...reason });
    }
  }
  return writes;
}

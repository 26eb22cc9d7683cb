/**
 * Classes (SPEC §3, §7): GET /classes, parsed by the contract before it enters the (persisted) cache; created, edited
 * and archived through the outbox ('class.create' -> POST /classes with the client id, 'class.update' -> PUT
 * /classes/{id} with the version it started from; archiving is an update with `archived: true`).
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../lib/http.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';
import type { ClassCreate, ClassUpdate } from './contract.ts';

export const classKeys = { all: ['classes'] as const };

export const classesQueryOptions = () =>
  queryOptions({
    queryKey: classKeys.all,
    queryFn: () => getParsed('classes', () => import('./contract.ts').then((contract) => contract.classListSchema)),
  });

export type ClassCreatePayload = ClassCreate & { id: string };
export type ClassUpdatePayload = { classId: string; group: ClassUpdate };

/** Queue a new class; the outbox id is its client id, so a resend never creates a second one. */
export async function enqueueClassCreate(fields: Omit<ClassCreate, 'id'>): Promise<string> {
  const id = crypto.randomUUID();
  // A class of an activity still queued waits for it (the activity's outbox id is its id).
  await enqueue({ kind: outboxKinds.classCreate, id, payload: { ...fields, id } satisfies ClassCreatePayload, dependsOn: fields.activityId });
  return id;
}

export async function enqueueClassUpdate(classId: string, group: ClassUpdate): Promise<void> {
  await enqueue({ kind: outboxKinds.classUpdate, payload: { classId, group } satisfies ClassUpdatePayload, dependsOn: classId });
}

export function registerClassHandlers(): void {
  registerOutboxHandler(outboxKinds.classCreate, async (item) => {
    const { classSchema } = await import('./contract.ts');
    const saved = await sendParsed('post', 'classes', item.payload, classSchema);
    void queryClient.invalidateQueries({ queryKey: classKeys.all });
    return { id: saved.id };
  });
  registerOutboxHandler(
    outboxKinds.classUpdate,
    async (item) => {
      const { classSchema } = await import('./contract.ts');
      const { classId, group } = item.payload as ClassUpdatePayload;
      await sendParsed('put', `classes/${encodeURIComponent(classId)}`, group, classSchema);
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
    },
    {
      rebase: (payload, current) => {
        const { classId, group } = payload as ClassUpdatePayload;
        return { classId, group: { ...group, version: Number((current as { version?: unknown }).version) } };
      },
    },
  );
}

/**
 * Activities (SPEC §3, §7): GET /activities, parsed by the contract before it enters the (persisted) cache; created,
 * edited and archived through the outbox ('activity.create' -> POST /activities with the client id, 'activity.update'
 * -> PUT /activities/{id} with the version it started from; archiving is an update with `archived: true`).
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../lib/http.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';
import type { ActivityCreate, ActivityUpdate } from './contract.ts';

export const activityKeys = { all: ['activities'] as const };

export const activitiesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.all,
    queryFn: () => getParsed('activities', () => import('./contract.ts').then((contract) => contract.activityListSchema)),
  });

export type ActivityCreatePayload = ActivityCreate & { id: string };
export type ActivityUpdatePayload = { activityId: string; activity: ActivityUpdate };

/** Queue a new activity; the outbox id is its client id, so a resend never creates a second one. */
export async function enqueueActivityCreate(fields: Omit<ActivityCreate, 'id'>): Promise<string> {
  const id = crypto.randomUUID();
  await enqueue({ kind: outboxKinds.activityCreate, id, payload: { ...fields, id } satisfies ActivityCreatePayload });
  return id;
}

export async function enqueueActivityUpdate(activityId: string, activity: ActivityUpdate): Promise<void> {
  await enqueue({ kind: outboxKinds.activityUpdate, payload: { activityId, activity } satisfies ActivityUpdatePayload, dependsOn: activityId });
}

export function registerActivityHandlers(): void {
  registerOutboxHandler(outboxKinds.activityCreate, async (item) => {
    const { activitySchema } = await import('./contract.ts');
    const saved = await sendParsed('post', 'activities', item.payload, activitySchema);
    void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    return { id: saved.id };
  });
  registerOutboxHandler(
    outboxKinds.activityUpdate,
    async (item) => {
      const { activitySchema } = await import('./contract.ts');
      const { activityId, activity } = item.payload as ActivityUpdatePayload;
      await sendParsed('put', `activities/${encodeURIComponent(activityId)}`, activity, activitySchema);
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      // Archiving an activity takes its classes out of the lists too.
      void queryClient.invalidateQueries({ queryKey: ['classes'] });
    },
    {
      rebase: (payload, current) => {
        const { activityId, activity } = payload as ActivityUpdatePayload;
        return { activityId, activity: { ...activity, version: Number((current as { version?: unknown }).version) } };
      },
    },
  );
}

/**
 * Staff users (SPEC §3, §7): GET /users, parsed by the contract before it enters the (persisted) cache. Admins add and
 * change users through the outbox (kinds 'user.create' -> POST /users with the client id in the body, and
 * 'user.update' -> PUT /users/{id} with the version the change started from), like every write.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../lib/http.ts';
import { refusalOf, type OutboxRow, type Refusal } from '../lib/db.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import type { UserCreate, UserUpdate } from './contract.ts';

export const userKeys = { all: ['users'] as const };

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.all,
    queryFn: () => getParsed('users', () => import('./contract.ts').then((contract) => contract.userListSchema)),
  });

export type UserCreatePayload = UserCreate & { id: string };
export type UserUpdatePayload = { userId: string; user: UserUpdate };

/** Queue a new user; the outbox id is the user's client id, so a resend never creates a second one. */
export async function enqueueUserCreate(fields: Omit<UserCreate, 'id'>): Promise<string> {
  const id = crypto.randomUUID();
  await enqueue({ kind: outboxKinds.userCreate, id, payload: { ...fields, id } satisfies UserCreatePayload });
  return id;
}

export async function enqueueUserUpdate(userId: string, user: UserUpdate): Promise<void> {
  // A change of a user whose creation is still queued waits for it (the create's outbox id is the user's id).
  await enqueue({ kind: outboxKinds.userUpdate, payload: { userId, user } satisfies UserUpdatePayload, dependsOn: userId });
}

export function registerUserHandlers(): void {
  registerOutboxHandler(outboxKinds.userCreate, async (item) => {
    const { userSchema } = await import('./contract.ts');
    const saved = await sendParsed('post', 'users', item.payload, userSchema);
    return { id: saved.id };
  });
  registerOutboxHandler(outboxKinds.userUpdate, async (item) => {
    const { userSchema } = await import('./contract.ts');
    const { userId, user } = item.payload as UserUpdatePayload;
    await sendParsed('put', `users/${encodeURIComponent(userId)}`, user, userSchema);
  });
}

/** A user write waiting in the outbox, as the users page shows it. */
export type PendingUserWrite = {
  rowId: string;
  userId: string;
  fields: Omit<UserCreate, 'id'> & { active?: boolean };
  failed: boolean;
} & Refusal;

export function pendingUserWrites(rows: OutboxRow[]): PendingUserWrite[] {
  const writes: PendingUserWrite[] = [];
  for (const row of rows) {
    const common = { rowId: row.id, failed: row.state === 'failed', ...refusalOf(row) };
    if (row.kind === outboxKinds.userCreate) {
      const { id, ...fields } = row.payload as UserCreatePayload;
      writes.push({ ...common, userId: id, fields });
    } else if (row.kind === outboxKinds.userUpdate) {
      const { userId, user } = row.payload as UserUpdatePayload;
      writes.push({ ...common, userId, fields: user });
    }
  }
  return writes;
}

/**
 * The rule that Quadra keeps an active admin (someone who can manage users), and the way back when it has none.
 *
 * The rule holds under concurrency on both databases: a change that may take an admin away first locks every active
 * admin's row (FOR UPDATE, in one order, so two such changes queue instead of deadlocking), then counts the others.
 * Two admins demoting each other at the same moment on PostgreSQL: the second waits for the first, then counts again
 * and is refused (issue 55; on PGlite transactions already run one at a time).
 */
import { z } from 'zod';
import type { Db, Queryable } from '../db/types.ts';

/** Locks the active admins' rows until the transaction ends. Call before locking the user being changed. */
export async function lockActiveAdmins(tx: Queryable): Promise<void> {
  await tx.query(`SELECT id FROM users WHERE access = 'admin' AND active ORDER BY id FOR UPDATE`);
}

/** How many active admins there are besides `id` (after lockActiveAdmins, none can change meanwhile). */
export async function otherActiveAdmins(tx: Queryable, id: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE access = 'admin' AND active AND id <> $1`, [id]);
  return Number(row?.n ?? 0);
}

export type AdminRestored = { id: string; email: string; created: boolean; wasAdmin: boolean };

/** Who made the change, in the access record: a person at the server's machine, not a signed-in user. */
const COMMAND_LINE = { userId: 'command-line', email: 'npm run admin (on the server machine)' } as const;

/**
 * `npm run admin -- EMAIL` (scripts/admin.ts, or the running server through its control socket): the user of that
 * e-mail becomes an active admin, created when missing, and the change goes in the access record (a write about no
 * student). Nothing else of the user changes, their sign-in link included.
 */
export async function makeActiveAdmin(db: Db, rawEmail: string): Promise<AdminRestored> {
  const email = rawEmail.trim().toLowerCase();
  if (!z.email().safeParse(email).success || email.length > 254) throw new Error(`"${rawEmail.slice(0, 100)}" is not an e-mail address`);
  return db.transaction(async (tx) => {
    const [existing] = await tx.query<{ id: string; email: string; access: string; active: boolean }>(
      'SELECT id, email, access, active FROM users WHERE lower(email) = $1 FOR UPDATE',
      [email],
    );
    let result: AdminRestored;
    if (existing) {
      const wasAdmin = existing.access === 'admin' && existing.active;
      if (!wasAdmin) await tx.run(`UPDATE users SET access = 'admin', active = true, version = version + 1 WHERE id = $1`, [existing.id]);
      result = { id: existing.id, email: existing.email, created: false, wasAdmin };
    } else {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO users (id, full_name, email, access, active) VALUES (gen_random_uuid()::text, $1, $1, 'admin', true) RETURNING id`,
        [email],
      );
      result = { id: row!.id, email, created: true, wasAdmin: false };
    }
    await tx.run(
      `INSERT INTO access_log (user_id, user_email, kind, method, route, student_id, status) VALUES ($1, $2, 'write', 'PUT', $3, NULL, $4)`,
      [COMMAND_LINE.userId, COMMAND_LINE.email, `/users/${result.id} (npm run admin)`, result.created ? 201 : 200],
    );
    return result;
  });
}

/** The one line `npm run admin` prints. */
export function describeRestored({ email, created, wasAdmin }: AdminRestored): string {
  if (created) return `${email} is a new user of Quadra, an active admin: they can sign in now (recorded in the access record)`;
  if (wasAdmin) return `${email} was already an active admin: nothing changed (recorded in the access record)`;
  return `${email} is an active admin again (recorded in the access record)`;
}

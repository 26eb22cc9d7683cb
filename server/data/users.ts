/**
 * Staff users: where they are read and written (routes/users.ts manages them; server/access.ts lets them in). A user is
 * never deleted: their name stays on what they wrote.
 */
import type { AccessLevel, User, UserCreate, UserUpdate } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { foldedOrder } from './rules/name-order.ts';

const userColumns = 'id, full_name, phone, access, formation, email, active, version';
const emptyToNull = (value: string | undefined): string | null => (value ? value : null);

/** Who a request acts as (server/access.ts Staff). */
export type StaffUser = { id: string; email: string; full_name: string; access: AccessLevel };
/** A user as the sign-in check reads them. */
export type SignInRow = StaffUser & { active: boolean; firebase_uid: string | null };

/** Every staff user in name order. */
export const listUsers = (db: Queryable): Promise<User[]> =>
  db.query<User>(`SELECT ${userColumns} FROM users ORDER BY ${foldedOrder('full_name', 'id')}`);

export async function userExists(db: Queryable, id: string): Promise<boolean> {
  const [user] = await db.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return user !== undefined;
}

export async function readUser(db: Queryable, id: string): Promise<User | undefined> {
  const [existing] = await db.query<User>(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]);
  return existing;
}

/** Inserts the user unless its id exists: the new record, or undefined. A taken e-mail throws the unique violation. */
export async function insertUser(db: Queryable, id: string, body: Omit<UserCreate, 'id'>): Promise<User | undefined> {
  const [created] = await db.query<User>(
    `INSERT INTO users (id, full_name, email, phone, formation, access) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (id) DO NOTHING RETURNING ${userColumns}`,
    [id, body.full_name, body.email, emptyToNull(body.phone), emptyToNull(body.formation), body.access],
  );
  return created;
}

/** The user, locked for the change that reads it. */
export async function lockUser(tx: Queryable, id: string): Promise<(User & { version: number }) | undefined> {
  const [current] = await tx.query<User & { version: number }>(`SELECT ${userColumns} FROM users WHERE id = $1 FOR UPDATE`, [id]);
  return current;
}

/**
 * Writes the whole user and a new version; a changed e-mail unlinks the sign-in account (the new address signs in
 * afresh). A taken e-mail throws the unique violation.
 */
export async function updateUser(tx: Queryable, id: string, body: Omit<UserUpdate, 'version'>): Promise<User> {
  const [updated] = await tx.query<User>(
    `UPDATE users SET full_name = $2, email = $3, phone = $4, formation = $5, access = $6, active = $7, version = version + 1,
                    firebase_uid = CASE WHEN lower(email) = lower($3) THEN firebase_uid END
              WHERE id = $1 RETURNING ${userColumns}`,
    [id, body.full_name, body.email, emptyToNull(body.phone), emptyToNull(body.formation), body.access, body.active],
  );
  return updated!;
}

/** How many active admins there are (the rule that one is kept is data/admins.ts). */
export async function activeAdmins(db: Queryable): Promise<number> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE access = 'admin' AND active");
  return n;
}

/** The user of this sign-in account, else of this e-mail (lower case): the account's own row first. */
export async function signInUserOf(db: Queryable, uid: string, email: string): Promise<SignInRow | undefined> {
  const [row] = await db.query<SignInRow>(
    `SELECT id, email, full_name, access, active, firebase_uid FROM users
        WHERE firebase_uid = $1 OR lower(email) = $2
        ORDER BY (firebase_uid = $1) DESC NULLS LAST LIMIT 1`,
    [uid, email],
  );
  return row;
}

/** Links a sign-in account to a user who has none yet (their first sign-in). */
export async function linkSignIn(db: Queryable, userId: string, uid: string): Promise<void> {
  await db.run('UPDATE users SET firebase_uid = $1 WHERE id = $2 AND firebase_uid IS NULL', [uid, userId]);
}

/**
 * Adds an admin at their first sign-in (ADMIN_EMAILS). Undefined when a row of that e-mail or account exists already
 * (two first requests at once on PostgreSQL: the second inserts nothing).
 */
export async function insertFirstAdmin(db: Queryable, name: string, email: string, uid: string): Promise<StaffUser | undefined> {
  const [row] = await db.query<StaffUser>(
    `INSERT INTO users (id, full_name, access, email, firebase_uid) VALUES (gen_random_uuid()::text, $1, 'admin', $2, $3)
       ON CONFLICT DO NOTHING RETURNING id, email, full_name, access`,
    [name, email, uid],
  );
  return row;
}

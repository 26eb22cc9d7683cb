/**
 * Guardians (responsáveis) of a student: where they are read and written. A removed guardian is kept, marked removed
 * (removed_at), for the record, and leaves the list.
 */
import { onlyDigits, type Guardian, type GuardianInput } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';

// Issue 52's relationship and social name are NULL when not known (answered absent: `known`).
const guardianColumns =
  'id, name, cpf, coalesce(to_char(birth_date, \'YYYY-MM-DD\'), \'\') AS "birthDate", civil_state AS "civilState", nis, phone, email, address, ' +
  "NULLIF(relationship, '') AS relationship, NULLIF(social_name, '') AS \"socialName\", version";

type Nullable<T> = { [K in keyof T]: T[K] | null };
/** A row without the fields not known (null), as the API answers it. */
const known = <T extends object>(row: Nullable<T>): T => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as T;

/** A stored guardian with its student and whether it was removed. */
export type GuardianRow = Guardian & { version: number; student_id: string; removed: boolean };

/**
 * The stored values of a guardian's fields (a CPF as its digits), in the order the writes take them. NIS, e-mail, address
 * and civil state left out are stored empty (the API answers them as text, as always); the relationship and the social
 * name left out are null (an edit then keeps the stored ones).
 */
export const guardianValues = (input: Omit<GuardianInput, 'id'>) =>
  [
    input.name,
    onlyDigits(input.cpf),
    input.birthDate,
    input.civilState ?? '',
    input.nis ?? '',
    input.phone,
    input.email ?? '',
    input.address ?? '',
    input.relationship ?? null,
    input.socialName === undefined ? null : input.socialName.trim(),
  ] as const;

/** A student's guardians, not the removed ones, by name. */
export const listGuardians = async (db: Queryable, studentId: string): Promise<Guardian[]> =>
  (
    await db.query<Nullable<Guardian>>(`SELECT ${guardianColumns} FROM guardians WHERE student_id = $1 AND removed_at IS NULL ORDER BY name, id`, [
      studentId,
    ])
  ).map(known);

/** Every guardian a student ever had, the removed ones too (kept for the record): a guardian's copy of everything (issue 51). */
export const guardiansEverOf = async (db: Queryable, studentId: string): Promise<(Guardian & { removedAt: string | null })[]> =>
  (
    await db.query<Nullable<Guardian> & { removedAt: string | null }>(
      `SELECT ${guardianColumns}, to_char(removed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "removedAt"
         FROM guardians WHERE student_id = $1 ORDER BY removed_at NULLS FIRST, name, id`,
      [studentId],
    )
  ).map(({ removedAt, ...row }) => ({ ...known<Guardian>(row), removedAt }));

/** The guardian (removed or not), locked for the change that reads it. */
export async function lockGuardian(tx: Queryable, id: string): Promise<GuardianRow | undefined> {
  const [row] = await tx.query<Nullable<GuardianRow>>(
    `SELECT ${guardianColumns}, student_id, removed_at IS NOT NULL AS removed FROM guardians WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row && known<GuardianRow>(row);
}

/** Inserts the guardian unless its id exists: the new guardian, or undefined when there was one already. */
export async function insertGuardian(tx: Queryable, id: string, studentId: string, input: Omit<GuardianInput, 'id'>): Promise<Guardian | undefined> {
  const inserted = await tx.query<Nullable<Guardian>>(
    `INSERT INTO guardians (id, student_id, name, cpf, birth_date, civil_state, nis, phone, email, address, relationship, social_name)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (id) DO NOTHING RETURNING ${guardianColumns}`,
    [id, studentId, ...guardianValues(input)],
  );
  return inserted[0] && known<Guardian>(inserted[0]);
}

/** The guardian of this id with its student (removed or not); undefined when there is none. */
export async function readGuardian(tx: Queryable, id: string): Promise<(Guardian & { student_id: string }) | undefined> {
  const [existing] = await tx.query<Nullable<Guardian & { student_id: string }>>(
    `SELECT student_id, ${guardianColumns} FROM guardians WHERE id = $1`,
    [id],
  );
  return existing && known<Guardian & { student_id: string }>(existing);
}

/** Writes the fields and a new version (a relationship or social name left out is kept); answers the guardian as stored. */
export async function updateGuardian(tx: Queryable, id: string, input: Omit<GuardianInput, 'id'>): Promise<GuardianRow> {
  const [row] = await tx.query<Nullable<GuardianRow>>(
    `UPDATE guardians SET name = $2, cpf = $3, birth_date = $4, civil_state = $5, nis = $6, phone = $7,
                                email = $8, address = $9, relationship = COALESCE($10, relationship),
                                social_name = COALESCE($11, social_name), version = version + 1
            WHERE id = $1 RETURNING ${guardianColumns}, student_id, false AS removed`,
    [id, ...guardianValues(input)],
  );
  return known<GuardianRow>(row!);
}

/** Marks the guardian removed (kept for the record) with a new version. */
export async function removeGuardian(tx: Queryable, id: string): Promise<void> {
  await tx.run('UPDATE guardians SET removed_at = now(), version = version + 1 WHERE id = $1', [id]);
}

/**
 * Guardians (responsáveis) of a student: where they are read and written. A removed guardian is kept, marked removed
 * (removed_at), for the record, and leaves the list.
 */
import { onlyDigits, type Guardian, type GuardianInput } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';

const guardianColumns =
  'id, name, cpf, coalesce(to_char(birth_date, \'YYYY-MM-DD\'), \'\') AS "birthDate", civil_state AS "civilState", nis, phone, email, address, version';

/** A stored guardian with its student and whether it was removed. */
export type GuardianRow = Guardian & { version: number; student_id: string; removed: boolean };

/** The stored values of a guardian's eight fields (a CPF as its digits), in the order the writes take them. */
export const guardianValues = (input: Omit<GuardianInput, 'id'>) =>
  [input.name, onlyDigits(input.cpf), input.birthDate, input.civilState, input.nis, input.phone, input.email, input.address] as const;

/** A student's guardians, not the removed ones, by name. */
export const listGuardians = (db: Queryable, studentId: string): Promise<Guardian[]> =>
  db.query<Guardian>(`SELECT ${guardianColumns} FROM guardians WHERE student_id = $1 AND removed_at IS NULL ORDER BY name, id`, [studentId]);

/** Every guardian a student ever had, the removed ones too (kept for the record): a guardian's copy of everything (issue 51). */
export const guardiansEverOf = (db: Queryable, studentId: string): Promise<(Guardian & { removedAt: string | null })[]> =>
  db.query<Guardian & { removedAt: string | null }>(
    `SELECT ${guardianColumns}, to_char(removed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "removedAt"
       FROM guardians WHERE student_id = $1 ORDER BY removed_at NULLS FIRST, name, id`,
    [studentId],
  );

/** The guardian (removed or not), locked for the change that reads it. */
export async function lockGuardian(tx: Queryable, id: string): Promise<GuardianRow | undefined> {
  const [row] = await tx.query<GuardianRow>(
    `SELECT ${guardianColumns}, student_id, removed_at IS NOT NULL AS removed FROM guardians WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** Inserts the guardian unless its id exists: the new guardian, or undefined when there was one already. */
export async function insertGuardian(tx: Queryable, id: string, studentId: string, input: Omit<GuardianInput, 'id'>): Promise<Guardian | undefined> {
  const inserted = await tx.query<Guardian>(
    `INSERT INTO guardians (id, student_id, name, cpf, birth_date, civil_state, nis, phone, email, address)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (id) DO NOTHING RETURNING ${guardianColumns}`,
    [id, studentId, ...guardianValues(input)],
  );
  return inserted[0];
}

/** The guardian of this id with its student (removed or not); undefined when there is none. */
export async function readGuardian(tx: Queryable, id: string): Promise<(Guardian & { student_id: string }) | undefined> {
  const [existing] = await tx.query<Guardian & { student_id: string }>(`SELECT student_id, ${guardianColumns} FROM guardians WHERE id = $1`, [id]);
  return existing;
}

/** Writes the eight fields and a new version; answers the guardian as stored. */
export async function updateGuardian(tx: Queryable, id: string, input: Omit<GuardianInput, 'id'>): Promise<GuardianRow> {
  const [row] = await tx.query<GuardianRow>(
    `UPDATE guardians SET name = $2, cpf = $3, birth_date = $4, civil_state = $5, nis = $6, phone = $7,
                                email = $8, address = $9, version = version + 1
            WHERE id = $1 RETURNING ${guardianColumns}, student_id, false AS removed`,
    [id, ...guardianValues(input)],
  );
  return row!;
}

/** Marks the guardian removed (kept for the record) with a new version. */
export async function removeGuardian(tx: Queryable, id: string): Promise<void> {
  await tx.run('UPDATE guardians SET removed_at = now(), version = version + 1 WHERE id = $1', [id]);
}

/**
 * The students import (issue 54): rows a spreadsheet gave, already read and mapped by the app, written in one
 * transaction per batch. Each row is a new child (registered, with their guardian and enrolments), a child Quadra has
 * already (same CPF, or same name and birth date: updated with the row's filled cells, or skipped), or refused with a
 * reason. What became of each row is kept by import id and row number (import_rows), so a batch sent again answers
 * the same and creates nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { onlyDigits, type StudentCreate } from '../../src/api/contract.ts';
import type { ImportMatch, ImportMatchAction, ImportMatchKey, ImportRowResult, ImportStudentRow } from '../../src/api/imports-contract.ts';
import type { Queryable } from '../db/types.ts';
import { lockCounts, recountStudent } from './rules/counts.ts';
import { classesOf, writeRowsOnce } from './import-rows.ts';
import { columnCast, insertStudent, registrationValues, studentColumns } from './students.ts';

type Fields = Omit<StudentCreate, 'id'>;

const blankToNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value);

/** The stored columns of a registration and their values from the row (null: the cell was empty), as a registration's. */
const columnsOf = (fields: Fields): [Column, string | null][] => {
  const values = registrationValues(fields);
  return studentColumns.map((column, i) => [column, values[i] ?? null]);
};
type Column = (typeof studentColumns)[number];

/** Names compared as a person reads them: case and runs of spaces ignored. */
const sameNameSql = (column: string, param: string) =>
  `lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g')) = lower(regexp_replace(trim(${param}), '\\s+', ' ', 'g'))`;

/** The children Quadra has already that rows name: by CPF first, else by the same name and birth date. */
export async function findMatches(db: Queryable, keys: readonly ImportMatchKey[]): Promise<ImportMatch[]> {
  if (keys.length === 0) return [];
  const rows = keys.map((key) => String(key.row));
  const cpfs = keys.map((key) => (key.cpf ? onlyDigits(key.cpf) : ''));
  const names = keys.map((key) => key.name ?? '');
  const births = keys.map((key) => key.birthDate ?? '');
  // Two equality joins (one by CPF, one by folded name and birth date) rather than one join on "CPF or name and
  // birth": the OR made PostgreSQL compare every row with every child (10,000 rows against 5,000 children took 57 s
  // to preview; as two hash joins, about a second).
  return db.query<ImportMatch>(
    `WITH k AS (SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS k(row, cpf, name, birth)),
     hits AS (
       SELECT k.row, s.id, 1 AS rank, 'cpf' AS by FROM k JOIN students s ON k.cpf <> '' AND s.registration_number = k.cpf
       UNION ALL
       SELECT k.row, s.id, 2, 'name-birth' FROM k JOIN students s
           ON k.name <> '' AND k.birth <> '' AND s.date_of_birth = NULLIF(k.birth, '')::date AND ${sameNameSql('s.full_name', 'k.name')}
     )
     SELECT DISTINCT ON (h.row) h.row, h.id AS "studentId", s.full_name AS name, h.by
       FROM hits h JOIN students s ON s.id = h.id
      ORDER BY h.row, h.rank, h.id`,
    [rows, cpfs, names, births],
  );
}

/**
 * One row's child, for the write: the single-key form of findMatches. With one key the join on "CPF, or name and
 * birth" is the cheaper plan (the two-join form hashed every child's folded name for each row written: 1,000 rows took
 * 98 s to import against 16 s).
 */
async function findMatchOne(db: Queryable, key: { cpf?: string; name?: string; birthDate?: string }): Promise<ImportMatch | undefined> {
  const [match] = await db.query<ImportMatch>(
    `SELECT 1 AS row, s.id AS "studentId", s.full_name AS name,
            CASE WHEN $1 <> '' AND s.registration_number = $1 THEN 'cpf' ELSE 'name-birth' END AS by
       FROM students s
      WHERE ($1 <> '' AND s.registration_number = $1)
         OR ($2 <> '' AND $3 <> '' AND s.date_of_birth = NULLIF($3, '')::date AND ${sameNameSql('s.full_name', '$2')})
      ORDER BY ($1 <> '' AND s.registration_number = $1) DESC, s.id
      LIMIT 1`,
    [key.cpf ? onlyDigits(key.cpf) : '', key.name ?? '', key.birthDate ?? ''],
  );
  return match;
}

/**
 * The child a row names: by CPF, else by name and birth date; 'conflict' when the CPF is one child's and the name
 * and birth date another's (which to update is not for the import to guess).
 */
export async function matchOf(tx: Queryable, fields: Fields): Promise<string | 'conflict' | undefined> {
  const cpf = blankToNull(fields.registrationNumber);
  const byName = fields.dateOfBirth ? { name: fields.fullName, birthDate: fields.dateOfBirth } : {};
  const byCpf = cpf ? await findMatchOne(tx, { cpf }) : undefined;
  const byBirth = 'name' in byName ? await findMatchOne(tx, byName) : undefined;
  if (byCpf && byBirth && byCpf.studentId !== byBirth.studentId) return 'conflict';
  return (byCpf ?? byBirth)?.studentId;
}

async function cpfOfAnother(tx: Queryable, cpf: string | null, studentId: string | null): Promise<boolean> {
  if (cpf === null) return false;
  const [other] = await tx.query('SELECT 1 FROM students WHERE registration_number = $1 AND id IS DISTINCT FROM $2', [cpf, studentId]);
  return other !== undefined;
}

/** Adds the row's guardian to the child (a child Quadra had: unless they have a guardian of that name). */
export async function addGuardian(tx: Queryable, studentId: string, guardian: NonNullable<ImportStudentRow['guardian']>, isNew: boolean) {
  if (!isNew) {
    const [same] = await tx.query(`SELECT 1 FROM guardians WHERE student_id = $1 AND removed_at IS NULL AND ${sameNameSql('name', '$2')}`, [
      studentId,
      guardian.name,
    ]);
    if (same) return;
  }
  // A spreadsheet rarely has a guardian's birth date, civil state, NIS or address: those stay empty until the
  // guardian's form completes them (migration 015 lets the birth date be empty).
  await tx.run(
    `INSERT INTO guardians (id, student_id, name, cpf, birth_date, civil_state, nis, phone, email, address, relationship, social_name)
     VALUES ($1, $2, $3, $4, NULL, '', '', $5, $6, '', $7, $8)`,
    [
      randomUUID(),
      studentId,
      guardian.name,
      onlyDigits(guardian.cpf ?? ''),
      guardian.phone ?? '',
      guardian.email ?? '',
      blankToNull(guardian.relationship),
      blankToNull(guardian.socialName),
    ],
  );
}

/** Enrols the student in each class not already open for them, from `from`; true when one was added. */
async function enrol(tx: Queryable, studentId: string, classIds: readonly string[], from: string): Promise<boolean> {
  let added = false;
  for (const classId of classIds) {
    const inserted = await tx.run(
      `INSERT INTO class_enrollments (class_id, student_id, enrolled_on)
       SELECT $1, $2, $3::date
        WHERE NOT EXISTS (SELECT 1 FROM class_enrollments WHERE class_id = $1 AND student_id = $2 AND (ended_on IS NULL OR ended_on > $3::date))
       ON CONFLICT DO NOTHING`,
      [classId, studentId, from],
    );
    added ||= inserted > 0;
  }
  return added;
}

export type ImportBatch = { importId: string; onMatch: ImportMatchAction; rows: readonly ImportStudentRow[]; userId: string; today: string };

/** Writes a batch (inside the caller's transaction) and answers what became of each row, in the rows' order. */
export async function importStudents(tx: Queryable, batch: ImportBatch): Promise<ImportRowResult[]> {
  // Enrolments recount attendance (attendance-counts.ts): that lock first, before any row lock. It also makes two
  // sends of one batch wait for each other, so the second finds the first's rows (import-rows.ts).
  await lockCounts(tx);
  const classById = await classesOf(
    tx,
    batch.rows.flatMap((row) => row.classIds ?? []),
  );
  return writeRowsOnce(tx, batch, (row) => importRow(tx, batch, row, classById));
}

async function importRow(
  tx: Queryable,
  batch: ImportBatch,
  row: ImportStudentRow,
  classById: Map<string, { archived: boolean }>,
): Promise<ImportRowResult> {
  const refused = (reason: NonNullable<ImportRowResult['reason']>): ImportRowResult => ({ row: row.row, outcome: 'refused', reason });
  const classIds = row.classIds ?? [];
  for (const classId of classIds) {
    const group = classById.get(classId);
    if (!group) return refused('unknown-class');
    if (group.archived) return refused('archived-class');
  }
  const columns = columnsOf(row.student);
  const cpf = columns.find(([column]) => column === 'registration_number')![1];
  const matched = await matchOf(tx, row.student);
  if (matched === 'conflict') return refused('cpf-taken');
  if (matched && batch.onMatch === 'skip') return { row: row.row, outcome: 'skipped', studentId: matched };
  if (await cpfOfAnother(tx, cpf, matched ?? null)) return refused('cpf-taken');
  let studentId: string;
  if (matched) {
    studentId = matched;
    // The row's filled cells replace the record's; an empty cell keeps what Quadra has.
    const filled = columns.filter(([, value]) => value !== null);
    await tx.run(
      `UPDATE students SET ${filled.map(([column], i) => `${column} = $${i + 2}${columnCast(column)}`).join(', ')}, version = version + 1 WHERE id = $1`,
      [studentId, ...filled.map(([, value]) => value)],
    );
  } else {
    studentId = randomUUID();
    await insertStudent(
      tx,
      studentId,
      columns.map(([, value]) => value),
    );
  }
  if (row.guardian) await addGuardian(tx, studentId, row.guardian, !matched);
  if (await enrol(tx, studentId, classIds, blankToNull(row.student.enrollmentDate) ?? batch.today)) await recountStudent(tx, studentId);
  return { row: row.row, outcome: matched ? 'updated' : 'created', studentId };
}

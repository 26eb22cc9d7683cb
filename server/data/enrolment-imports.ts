/**
 * The import of activities, classes and enrolments (issue 54 item 2): rows of a class list (one row per child and
 * class), already read and mapped by the app, written in one transaction per batch. The batch's new activities and
 * classes are created first, by the client ids the preview gave them (a resent batch finds them made); each row then
 * finds its child (same CPF, same name and birth date, or the name alone when one child has it), registers them with
 * the row's record and guardian when Quadra has no such child (as the students import does), and enrols them from the row's date unless they are on the class's roster already.
 * What became of each row is kept in import_rows by import id and row number: a resent batch creates nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { parseScheduleTimes } from '../../src/api/class-schedule.ts';
import { onlyDigits } from '../../src/api/contract.ts';
import type {
  EnrolmentMatch,
  EnrolmentMatchKey,
  ImportEnrolmentResultRow,
  ImportEnrolmentRow,
  ImportNewActivity,
  ImportNewClass,
} from '../../src/api/enrolment-imports-contract.ts';
import type { Queryable } from '../db/types.ts';
import { classesOf, writeRowsOnce } from './import-rows.ts';
import { addGuardian, matchOf } from './imports.ts';
import { lockCounts, recountStudent } from './rules/counts.ts';
import { insertStudent, registrationValues } from './students.ts';

/** A name as compared: case and runs of spaces ignored (as the students import compares them). */
const folded = (expression: string) => `lower(regexp_replace(trim(${expression}), '\\s+', ' ', 'g'))`;

/**
 * The children rows name, and whether each is on the row's class's roster today. By CPF first, then by name and
 * birth date; a row with neither CPF nor birth date by its name alone, when exactly one child in Quadra has that name.
 */
export async function findEnrolmentMatches(db: Queryable, keys: readonly EnrolmentMatchKey[], today: string): Promise<EnrolmentMatch[]> {
  if (keys.length === 0) return [];
  return db.query<EnrolmentMatch>(
    `WITH k AS (
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS k(row, cpf, name, birth, class_id)
     ), names AS (
       SELECT ${folded('full_name')} AS folded, min(id) AS id, count(*) AS n FROM students GROUP BY 1
     ), hits AS (
       SELECT k.row, s.id, 1 AS rank, 'cpf' AS by FROM k JOIN students s ON k.cpf <> '' AND s.registration_number = k.cpf
       UNION ALL
       SELECT k.row, s.id, 2, 'name-birth' FROM k JOIN students s
           ON k.birth <> '' AND s.date_of_birth = NULLIF(k.birth, '')::date AND ${folded('s.full_name')} = ${folded('k.name')}
       UNION ALL
       SELECT k.row, names.id, 3, 'name' FROM k JOIN names ON k.cpf = '' AND k.birth = '' AND names.n = 1 AND names.folded = ${folded('k.name')}
     )
     SELECT DISTINCT ON (h.row) h.row, h.id AS "studentId", s.full_name AS name, h.by,
            EXISTS (SELECT 1 FROM class_enrollments e
                     WHERE e.class_id = k.class_id AND e.student_id = h.id AND (e.ended_on IS NULL OR e.ended_on > $6::date)) AS enrolled
       FROM hits h JOIN k ON k.row = h.row JOIN students s ON s.id = h.id
      ORDER BY h.row, h.rank, h.id`,
    [
      keys.map((key) => String(key.row)),
      keys.map((key) => (key.cpf ? onlyDigits(key.cpf) : '')),
      keys.map((key) => key.name),
      keys.map((key) => key.birthDate ?? ''),
      keys.map((key) => key.classId ?? ''),
      today,
    ],
  );
}

/** The batch's new activities and classes, each created once (its client id): a resent batch finds them made. */
async function createCatalog(tx: Queryable, activities: readonly ImportNewActivity[], classes: readonly ImportNewClass[]): Promise<void> {
  for (const activity of activities)
    await tx.run('INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING', [
      activity.id,
      activity.name,
      activity.teacher,
      activity.area,
      activity.frequency,
    ]);
  for (const group of classes) {
    // A class of an activity that is not there is not made (its rows are refused as naming an unknown class); an
    // instructor who is not a user is left out. Its weekday and schedule text make its one meeting as the original
    // client's do (migration 022: times read where the text reads as times, the text kept otherwise).
    const times = parseScheduleTimes(group.schedule);
    const meetings = [{ weekDay: group.weekDay, start: times?.start ?? null, end: times?.end ?? null }];
    await tx.run(
      `INSERT INTO classes (id, title, meetings, schedule_note, level, activity_id, instructor_ids)
       SELECT $1, $2, $3::jsonb, $4, $5, $6, coalesce((SELECT ARRAY[id] FROM users WHERE id = $7), '{}'::text[])
        WHERE EXISTS (SELECT 1 FROM activities WHERE id = $6)
       ON CONFLICT (id) DO NOTHING`,
      [group.id, group.title, JSON.stringify(meetings), times ? '' : group.schedule, group.level, group.activityId, group.instructorId ?? null],
    );
  }
}

export type EnrolmentBatch = {
  importId: string;
  activities: readonly ImportNewActivity[];
  classes: readonly ImportNewClass[];
  rows: readonly ImportEnrolmentRow[];
  userId: string;
  today: string;
};

/** Writes a batch (inside the caller's transaction) and answers what became of each row, in the rows' order. */
export async function importEnrolments(tx: Queryable, batch: EnrolmentBatch): Promise<ImportEnrolmentResultRow[]> {
  // As the students import: the counts' lock first (enrolments recount attendance); two sends of one batch queue here.
  await lockCounts(tx);
  await createCatalog(tx, batch.activities, batch.classes);
  const classById = await classesOf(
    tx,
    batch.rows.map((row) => row.classId),
  );
  return writeRowsOnce(
    tx,
    batch,
    (row) => importRow(tx, row, classById.get(row.classId), batch.today),
    (row) => (classById.has(row.classId) ? row.classId : null),
  );
}

/** The child a row names: as the students import matches, else by the name alone when one child has it. */
async function childOf(tx: Queryable, row: ImportEnrolmentRow): Promise<string | 'conflict' | undefined> {
  const matched = await matchOf(tx, row.student);
  if (matched || row.student.registrationNumber || row.student.dateOfBirth) return matched;
  const [byName] = await findEnrolmentMatches(tx, [{ row: 1, name: row.student.fullName }], '1900-01-01');
  return byName?.studentId;
}

async function importRow(
  tx: Queryable,
  row: ImportEnrolmentRow,
  group: { archived: boolean } | undefined,
  today: string,
): Promise<ImportEnrolmentResultRow> {
  const refused = (reason: NonNullable<ImportEnrolmentResultRow['reason']>): ImportEnrolmentResultRow => ({
    row: row.row,
    outcome: 'refused',
    reason,
  });
  if (!group) return refused('unknown-class');
  if (group.archived) return refused('archived-class');
  const matched = await childOf(tx, row);
  if (matched === 'conflict') return refused('cpf-taken');
  const from = row.from ?? today;
  let studentId = matched;
  if (!studentId) {
    // A class list's child Quadra does not have: registered with what the row says, as a registration is stored
    // (registrationValues: a school year typed as text saved as its code), from the day they start in the class.
    studentId = randomUUID();
    await insertStudent(tx, studentId, registrationValues({ ...row.student, enrollmentDate: from }));
    if (row.guardian) await addGuardian(tx, studentId, row.guardian, true);
  }
  const inserted = await tx.run(
    `INSERT INTO class_enrollments (class_id, student_id, enrolled_on)
     SELECT $1, $2, $3::date
      WHERE NOT EXISTS (SELECT 1 FROM class_enrollments WHERE class_id = $1 AND student_id = $2 AND (ended_on IS NULL OR ended_on > $3::date))
     ON CONFLICT DO NOTHING`,
    [row.classId, studentId, from],
  );
  if (inserted > 0) await recountStudent(tx, studentId);
  return { row: row.row, outcome: inserted > 0 ? 'created' : 'skipped', studentId, ...(matched ? {} : { newStudent: true }) };
}

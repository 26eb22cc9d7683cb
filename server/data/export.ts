/**
 * Everything a programme keeps in Quadra, as tables a spreadsheet opens (issue 54): one sheet per entity in an XLSX
 * (write-excel-file), the same as CSV files in a ZIP (fflate). The way to leave Quadra with one's data, or to analyse
 * it elsewhere. Users go without their sign-in links (firebase_uid); documents go as their list, without their files
 * (the backup has those); the access record stays in Quadra.
 */
import { strToU8, zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { toCsv, type CsvCell } from '../../src/lib/csv.ts';
import type { Queryable } from '../db/types.ts';

/** A sheet: its name (the CSV's file name too), its columns and its rows, every cell text or a number or a boolean. */
export type ExportSheet = { name: string; columns: string[]; rows: (string | number | boolean | null)[][] };

const day = (column: string, as = column) => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;
const instant = (column: string, as = column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ${as}`;

/** Each sheet's query: its columns in order, named as the sheet's header. */
const sheets: { name: string; sql: string }[] = [
  {
    name: 'students',
    sql: `SELECT id, full_name, social_name, ${day('date_of_birth')}, registration_number AS cpf, ${day('enrollment_date')}, race, gender,
                 school_name, school_year, school_shift, grade_gap, social_program, employment_status, education_level, address_code,
                 address_street, address_number, address_complement, address_neighborhood, address_city, address_state, active,
                 ${day('status_date')}, status_reason, ${instant('created_at')}, version
            FROM students ORDER BY full_name, id`,
  },
  {
    name: 'student_status_history',
    sql: `SELECT student_id, ${day('from_on', 'inactive_from')}, ${day('until_on', 'inactive_until')}, reason
            FROM student_inactivity ORDER BY student_id, from_on`,
  },
  {
    name: 'guardians',
    sql: `SELECT id, student_id, name, social_name, relationship, cpf, ${day('birth_date')}, civil_state, nis, phone, email, address,
                 ${instant('removed_at')},
                 ${instant('created_at')}, version
            FROM guardians ORDER BY student_id, name, id`,
  },
  {
    name: 'documents',
    sql: `SELECT id, student_id, file_name, file_type, origin, date, description, mime_type, size, ${instant('created_at')}
            FROM student_documents ORDER BY student_id, id`,
  },
  { name: 'activities', sql: 'SELECT id, name, teacher, area, frequency, archived, version FROM activities ORDER BY name, id' },
  {
    name: 'classes',
    // meetings as JSON text ([{weekDay, start, end}]) and the instructors' ids one a line: a sheet's cell holds text.
    sql: `SELECT c.id, c.title, c.activity_id, a.name AS activity_name, c.meetings::text AS meetings, c.schedule_note,
                 to_char(c.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(c.ends_on, 'YYYY-MM-DD') AS ends_on, c.level,
                 array_to_string(c.instructor_ids, E'\\n') AS instructor_ids, c.archived, c.version
            FROM classes c JOIN activities a ON a.id = c.activity_id ORDER BY a.name, c.title, c.id`,
  },
  {
    name: 'enrolments',
    sql: `SELECT class_id, student_id, ${day('enrolled_on')}, ${day('ended_on')} FROM class_enrollments ORDER BY class_id, student_id, enrolled_on`,
  },
  {
    name: 'rolls',
    sql: `SELECT class_id, ${day('date')}, first_taken_by, ${instant('first_taken_at')}, taken_by, ${instant('taken_at')}, corrected_by,
                 ${instant('corrected_at')}
            FROM attendance_rolls ORDER BY class_id, date`,
  },
  {
    name: 'roll_marks',
    sql: `SELECT class_id, ${day('date')}, student_id, status, reason, note FROM attendance_entries ORDER BY class_id, date, position`,
  },
  {
    // The general roll (issue 52): who took each day's, and its marks (arrived PRESENT or not ABSENT, in the order taken).
    name: 'general_rolls',
    sql: `SELECT ${day('date')}, first_taken_by, ${instant('first_taken_at')}, taken_by, ${instant('taken_at')}, corrected_by, ${instant('corrected_at')}
            FROM general_rolls ORDER BY date`,
  },
  {
    name: 'general_roll_marks',
    sql: `SELECT ${day('date')}, student_id, status FROM general_roll_entries ORDER BY date, position`,
  },
  { name: 'users', sql: 'SELECT id, full_name, email, phone, access, formation, active, version FROM users ORDER BY full_name, id' },
];

/** Every sheet read in one transaction (one moment of the data). */
export async function readExport(tx: Queryable): Promise<ExportSheet[]> {
  const result: ExportSheet[] = [];
  for (const { name, sql } of sheets) {
    const rows = await tx.query<Record<string, string | number | boolean | null>>(sql);
    const columns = rows[0] ? Object.keys(rows[0]) : await columnsOf(tx, sql);
    result.push({ name, columns, rows: rows.map((row) => columns.map((column) => row[column] ?? null)) });
  }
  return result;
}

/** The columns of a query with no rows: the one row of nulls a join on false gives, read for its keys. */
async function columnsOf(tx: Queryable, sql: string): Promise<string[]> {
  const [row] = await tx.query(`SELECT q.* FROM (SELECT 1) one LEFT JOIN (${sql}) q ON false`);
  return Object.keys(row ?? {});
}

/** The XLSX: one sheet per entity, a header row, text as text (ids and CPFs never turn into numbers). */
export async function exportXlsx(data: readonly ExportSheet[]): Promise<Buffer> {
  return writeXlsxFile(
    data.map(({ name, columns, rows }) => ({
      sheet: name,
      data: [
        columns.map((column) => ({ value: column, fontWeight: 'bold' as const })),
        ...rows.map((row) => row.map((value) => (value === null ? null : { value }))),
      ],
      stickyRowsCount: 1,
    })),
  ).toBuffer();
}

/** The ZIP: the same tables as CSV files (UTF-8 with a byte-order mark, commas, ISO dates). */
export function exportZip(data: readonly ExportSheet[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const { name, columns, rows } of data) {
    files[`${name}.csv`] = strToU8(
      toCsv([columns, ...rows.map((row) => row.map((value) => (typeof value === 'boolean' ? String(value) : value) as CsvCell))], 'en-US'),
    );
  }
  return zipSync(files, { level: 6 });
}

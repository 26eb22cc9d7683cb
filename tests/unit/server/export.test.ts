// @vitest-environment node
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const tables: Record<string, string> = {
  students: 'students',
  student_status_history: 'student_inactivity',
  guardians: 'guardians',
  documents: 'student_documents',
  activities: 'activities',
  classes: 'classes',
  enrolments: 'class_enrollments',
  rolls: 'attendance_rolls',
  roll_marks: 'attendance_entries',
  general_rolls: 'general_rolls',
  general_roll_marks: 'general_roll_entries',
  users: 'users',
};
const countOf = async (table: string) => Number((await server.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe('GET /api/export', () => {
  it('answers an XLSX with a sheet per entity that the same library reads back, each with as many rows as the database', async () => {
    const response = await server.app.inject('/api/export?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="quadra-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheets = await readXlsxFile(response.rawPayload);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(Object.keys(tables));
    for (const { sheet, data } of sheets) {
      expect(data.length - 1, sheet).toBe(await countOf(tables[sheet]!));
      expect(data[0]!.length, sheet).toBeGreaterThan(1);
    }
    // Ids and CPFs stay text; users go without their sign-in links.
    const students = sheets.find((sheet) => sheet.sheet === 'students')!.data;
    const cpfColumn = students[0]!.indexOf('cpf');
    expect(students.slice(1).some((row) => typeof row[cpfColumn] === 'string' && /^\d{11}$/.test(row[cpfColumn] as string))).toBe(true);
    const users = sheets.find((sheet) => sheet.sheet === 'users')!.data;
    expect(users[0]).not.toContain('firebase_uid');
    const marks = sheets.find((sheet) => sheet.sheet === 'roll_marks')!.data;
    expect(marks.length).toBeGreaterThan(100);
  });

  it("carries the general roll: who took each day's and its marks, in the order taken", async () => {
    const kids = await server.db.query<{ id: string }>('SELECT id FROM students WHERE active ORDER BY id LIMIT 2');
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/attendance/general/2026-02-03',
      payload: {
        takenBy: 'Recepção',
        takenAt: '2026-02-03T11:00:00.000Z',
        entries: [
          { studentId: kids[1]!.id, status: 'PRESENT' },
          { studentId: kids[0]!.id, status: 'ABSENT' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const sheets = await readXlsxFile((await server.app.inject('/api/export?format=xlsx')).rawPayload);
    const sheet = (name: string) => sheets.find((one) => one.sheet === name)!.data;
    expect(sheet('general_rolls')).toContainEqual(['2026-02-03', 'Recepção', '2026-02-03T11:00:00Z', 'Recepção', '2026-02-03T11:00:00Z', null, null]);
    const marks = sheet('general_roll_marks');
    expect(marks[0]).toEqual(['date', 'student_id', 'status']);
    expect(marks.filter((row) => row[0] === '2026-02-03')).toEqual([
      ['2026-02-03', kids[1]!.id, 'PRESENT'],
      ['2026-02-03', kids[0]!.id, 'ABSENT'],
    ]);
    const zip = unzipSync(new Uint8Array((await server.app.inject('/api/export?format=zip')).rawPayload));
    expect(new TextDecoder().decode(zip['general_roll_marks.csv'])).toContain(`2026-02-03,${kids[1]!.id},PRESENT\r\n`);
  });

  it('answers the same tables as CSV files in a ZIP', async () => {
    const response = await server.app.inject('/api/export?format=zip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      Object.keys(tables)
        .map((name) => `${name}.csv`)
        .sort(),
    );
    for (const [file, bytes] of Object.entries(files)) {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.startsWith('\uFEFF'), file).toBe(true);
      // No field of the seed holds a line break: a line per row.
      expect(text.split('\r\n').filter(Boolean).length - 1, file).toBe(await countOf(tables[file.replace('.csv', '')]!));
    }
  });

  it('is in the access record', async () => {
    const before = await countOf("access_log WHERE route = '/export'");
    await server.app.inject('/api/export?format=zip');
    expect(await countOf("access_log WHERE route = '/export'")).toBe(before + 1);
  });
});

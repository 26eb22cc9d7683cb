// @vitest-environment node
/**
 * The shared rules of server/data/rules/, read straight from the database (no HTTP): who is on a roster on a date, the
 * frequency, the counts the writes keep, the students' order and the change cursor. On the seeded test database
 * (PGlite, or PostgreSQL when DATABASE_URL is set, tests/unit/server/support/test-db.ts), in a class of their own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byNameOrder } from '../../../../src/api/name-order.ts';
import { readRoll, replaceEntries, saveRollHead, type EntryRow } from '../../../../server/data/attendance.ts';
import { insertActivity, insertClass } from '../../../../server/data/catalog.ts';
import { endEnrolment, insertEnrolment } from '../../../../server/data/enrolments.ts';
import { changedSince, idsChangedSince, readAtCursor } from '../../../../server/data/rules/change-cursor.ts';
import { depositRoll, recountStudent, withdrawRoll } from '../../../../server/data/rules/counts.ts';
import { attendanceCountsSql, frequencySql } from '../../../../server/data/rules/frequency.ts';
import { rosterIds } from '../../../../server/data/rules/roster.ts';
import { listReaders, rosterOf } from '../../../../server/data/student-list.ts';
import { closeInactivity, insertStudent, openInactivity, registrationValues, setStatus } from '../../../../server/data/students.ts';
import type { Db, Queryable } from '../../../../server/db/types.ts';
import { openTestDb, type TestDb } from '../support/test-db.ts';
import { SETUP_TIMEOUT_MS } from '../support/test-server.ts';

let test: TestDb;
let classId: string;
beforeAll(async () => {
  test = await openTestDb();
  const activity = (await insertActivity(test.db, randomUUID(), { name: 'Rules', teacher: 'T', area: 'Esportes', frequency: 'Semanal' }))!;
  classId = randomUUID();
  await insertClass(test.db, classId, {
    title: 'Rules class',
    activityId: activity.id,
    level: 'INICIANTE',
    meetings: [{ weekDay: 'SEGUNDA', start: '08:00', end: '09:00' }],
    scheduleNote: '',
    instructorIds: [],
    startsOn: null,
    endsOn: null,
  });
}, SETUP_TIMEOUT_MS);
afterAll(() => test.close());

async function newStudent(db: Queryable, fullName: string): Promise<string> {
  const id = randomUUID();
  await insertStudent(db, id, registrationValues({ fullName }));
  return id;
}

/** A roll saved as the route saves it: its old share out of the kept counts, the marks, its new share in. */
async function saveRoll(db: Db, date: string, marks: Record<string, EntryRow['status']>): Promise<void> {
  await db.transaction(async (tx) => {
    await withdrawRoll(tx, classId, date);
    await saveRollHead(tx, classId, date, 'rules@example.org', `${date}T10:00:00.000Z`);
    const entries = Object.entries(marks).map(([studentId, status]): EntryRow => ({
      studentId,
      status,
      reason: status === 'JUSTIFIED' ? 'HEALTH' : null,
      note: null,
    }));
    await replaceEntries(tx, classId, date, entries);
    await depositRoll(tx, classId, date);
  });
}

type Figures = { days: number; present: number; absent: number; justified: number; frequency: number };

/** The rule applied to every roll of this class (a recount), for one student. */
async function recounted(db: Queryable, studentId: string): Promise<Figures | undefined> {
  const [row] = await db.query<Figures>(
    `SELECT c.days, c.present, c.absent, c.justified, ${frequencySql('c')} AS frequency
       FROM (${attendanceCountsSql({ perClass: true, filter: (r) => `${r}.class_id = $1` })}) c WHERE c.student_id = $2`,
    [classId, studentId],
  );
  return row;
}

/** The figures kept by the writes (attendance_counts), for one student in this class. */
async function kept(db: Queryable, studentId: string): Promise<Figures | undefined> {
  const [row] = await db.query<Figures>(
    `SELECT c.days, c.present, c.absent, c.justified, ${frequencySql('c')} AS frequency
       FROM attendance_counts c WHERE c.class_id = $1 AND c.student_id = $2`,
    [classId, studentId],
  );
  return row;
}

describe('the roster of a date (rules/roster.ts)', () => {
  it('has a student from the day of their enrolment, not on the day it ends, and not while they are inactive', async () => {
    const db = test.db;
    const ana = await newStudent(db, 'Ana Roster');
    await insertEnrolment(db, classId, ana, '2030-03-02');
    await endEnrolment(db, classId, ana, '2030-03-02', '2030-03-20');
    const bia = await newStudent(db, 'Bia Roster');
    await insertEnrolment(db, classId, bia, '2030-03-01');
    await openInactivity(db, bia, '2030-03-10', 'moved away');
    await closeInactivity(db, bia, '2030-03-15');
    await setStatus(db, bia, { active: true, date: '2030-03-15', reason: 'came back' });

    const on = async (date: string) => [...(await rosterIds(db, classId, date))].filter((id) => id === ana || id === bia).sort();
    expect(await on('2030-03-01')).toEqual([bia]);
    expect(await on('2030-03-02')).toEqual([ana, bia].sort());
    expect(await on('2030-03-10')).toEqual([ana]);
    expect(await on('2030-03-14')).toEqual([ana]);
    expect(await on('2030-03-15')).toEqual([ana, bia].sort());
    expect(await on('2030-03-19')).toEqual([ana, bia].sort());
    expect(await on('2030-03-20')).toEqual([bia]);
    // The roster route's list of that date is the same students, each with their figure.
    const listed = (await rosterOf(db, classId, '2030-03-12')).map((student) => student.id);
    expect(listed).toContain(ana);
    expect(listed).not.toContain(bia);
  });
});

describe('the frequency (rules/frequency.ts) and the counts the writes keep (rules/counts.ts)', () => {
  it('is present / (roll days - justified), one decimal, and the kept counts follow every save and correction', async () => {
    const db = test.db;
    const caio = await newStudent(db, 'Caio Frequency');
    await insertEnrolment(db, classId, caio, '2030-04-01');
    expect(await recounted(db, caio)).toBeUndefined();

    await saveRoll(db, '2030-04-01', { [caio]: 'PRESENT' });
    await saveRoll(db, '2030-04-08', { [caio]: 'ABSENT' });
    await saveRoll(db, '2030-04-15', { [caio]: 'JUSTIFIED' });
    // A roll that does not list them (not marked) is no roll day of theirs, though they are on its date's roster.
    await saveRoll(db, '2030-04-22', {});
    expect(await recounted(db, caio)).toEqual({ days: 3, present: 1, absent: 1, justified: 1, frequency: 50 });
    expect(await kept(db, caio)).toEqual(await recounted(db, caio));

    // A correction replaces that day's share, not adds to it.
    await saveRoll(db, '2030-04-08', { [caio]: 'PRESENT' });
    expect(await recounted(db, caio)).toEqual({ days: 3, present: 2, absent: 0, justified: 1, frequency: 100 });
    expect(await kept(db, caio)).toEqual(await recounted(db, caio));
    expect((await readRoll(db, classId, '2030-04-08'))?.entries).toEqual([{ studentId: caio, status: 'PRESENT' }]);

    // A third of the days present: one decimal.
    await saveRoll(db, '2030-04-29', { [caio]: 'ABSENT' });
    await saveRoll(db, '2030-05-06', { [caio]: 'ABSENT' });
    await saveRoll(db, '2030-05-13', { [caio]: 'ABSENT' });
    await saveRoll(db, '2030-05-20', { [caio]: 'ABSENT' });
    expect(await recounted(db, caio)).toEqual({ days: 7, present: 2, absent: 4, justified: 1, frequency: 33.3 });
    expect(await kept(db, caio)).toEqual(await recounted(db, caio));

    // The enrolment ended and the student recounted: the days the rolls marked them stay theirs.
    await db.transaction(async (tx) => {
      await endEnrolment(tx, classId, caio, '2030-04-01', '2030-04-20');
      await recountStudent(tx, caio);
    });
    expect(await recounted(db, caio)).toEqual({ days: 7, present: 2, absent: 4, justified: 1, frequency: 33.3 });
    expect(await kept(db, caio)).toEqual(await recounted(db, caio));
  });

  it('is 0 when no roll day counts (only justified absences)', async () => {
    const db = test.db;
    const dora = await newStudent(db, 'Dora Justified');
    await insertEnrolment(db, classId, dora, '2030-06-03');
    await saveRoll(db, '2030-06-03', { [dora]: 'JUSTIFIED' });
    expect(await recounted(db, dora)).toEqual({ days: 1, present: 0, absent: 0, justified: 1, frequency: 0 });
  });
});

describe("the students' order (rules/name-order.ts)", () => {
  it('is the order the device sorts by: accents folded, case lowered, then the name, then the id', async () => {
    const db = test.db;
    // A prefix no seeded name has, so no other student sorts among them.
    const names = ['Zzz Zé', 'zzz ávila', 'Zzz Avila', 'Zzz Ávila', 'zzz avila', 'Zzz Éder', 'Zzz Eder', 'zzz ábner'];
    const ids = new Set<string>();
    for (const name of names) ids.add(await newStudent(db, name));
    const listed = (await listReaders.all.rows(db, [...ids])).map(({ id, name }) => ({ id, name }));
    expect(listed).toHaveLength(names.length);
    expect(listed).toEqual([...listed].sort(byNameOrder));
    // Where a new student stands: right after the one before them in that order.
    const [first, second] = listed;
    const placed = await listReaders.all.neighbours(db, [second!.id]);
    expect(placed).toEqual([{ id: second!.id, after: first!.id }]);
  });
});

describe('the change cursor (rules/change-cursor.ts)', () => {
  it('tells what was written at or after a read, and nothing before it', async () => {
    const db = test.db;
    const { cursor } = await readAtCursor(db, async () => undefined);
    expect(await idsChangedSince(db, 'students', cursor, 10)).toEqual([]);
    expect(await changedSince(db, 'students', cursor)).toBe(false);
    const eva = await newStudent(db, 'Eva Cursor');
    expect(await idsChangedSince(db, 'students', cursor, 10)).toEqual([eva]);
    expect(await changedSince(db, 'students', cursor)).toBe(true);
    expect(await changedSince(db, 'activities', cursor)).toBe(false);
    const { cursor: later } = await readAtCursor(db, async () => undefined);
    expect(BigInt(later)).toBeGreaterThan(BigInt(cursor));
    expect(await idsChangedSince(db, 'students', later, 10)).toEqual([]);
  });
});

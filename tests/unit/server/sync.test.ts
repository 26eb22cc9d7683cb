// @vitest-environment node
/**
 * The sync (GET /api/sync): a full answer without a cursor, only what changed since one, removals, the parts a role
 * may read, and the cursor's promise: nothing written after cursor C is missed by a sync from C, even when a writer
 * that started earlier commits later (on PostgreSQL, with a real second connection).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAnswer, SyncAnswerWire, SyncStudent } from '../../../src/api/contract.ts';
import { studentsFromColumns, syncAnswerFromWire } from '../../../src/api/sync-columns.ts';
import { rosterIds, today } from '../../../server/data/rules/roster.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
const emptyColumns = { ids: [], names: [], frequencyPercent: [], classIds: [], classes: [] };
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

async function sync(since?: string): Promise<{ answer: SyncAnswer; bytes: number }> {
  const response = await server.app.inject({ method: 'GET', url: since === undefined ? '/api/sync' : `/api/sync?since=${since}` });
  expect(response.statusCode, response.body).toBe(200);
  return { answer: syncAnswerFromWire(response.json<SyncAnswerWire>()), bytes: response.rawPayload.length };
}

/** The class with the longest roster today, and who is on it. */
async function rosterClass(): Promise<{ classId: string; studentIds: string[] }> {
  const classes = await server.db.query<{ id: string }>('SELECT id FROM classes WHERE NOT archived ORDER BY id');
  let best = { classId: '', studentIds: [] as string[] };
  for (const { id } of classes) {
    const ids = [...(await rosterIds(server.db, id, today()))].sort();
    if (ids.length > best.studentIds.length) best = { classId: id, studentIds: ids };
  }
  return best;
}

async function saveRoll(classId: string, date: string, studentIds: string[], status: 'PRESENT' | 'ABSENT'): Promise<void> {
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/classes/${classId}/attendance/${date}`,
    payload: { takenBy: 'Sync test', takenAt: new Date().toISOString(), entries: studentIds.map((studentId) => ({ studentId, status })) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a full sync', () => {
  it('answers every part the role reads, shaped as the lists are, with each student’s classes and the recent rolls', async () => {
    const { answer } = await sync();
    expect(answer.full).toBe(true);
    expect(answer.cursor).toMatch(/^\d+$/);
    expect(answer.me.access).toBe('admin');
    const students = (await server.app.inject({ method: 'GET', url: '/api/students' }))
      .json<{ id: string; name: string; frequencyPercent: number }[]>()
      .map(({ id, name, frequencyPercent }) => ({ id, name, frequencyPercent }));
    const synced = studentsFromColumns(answer.changed.students!);
    expect(synced.map(({ id, name, frequencyPercent }) => ({ id, name, frequencyPercent }))).toEqual(students);
    const { classId, studentIds } = await rosterClass();
    const onRoster = synced.filter((student) => student.classIds.includes(classId)).map((student) => student.id);
    expect(onRoster.sort()).toEqual(studentIds);
    // Activities and classes exactly as their lists answer them (versions, instructors), into the same cached lists.
    const list = async (path: string) => (await server.app.inject({ method: 'GET', url: path })).json<{ id: string }[]>();
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(answer.changed.activities!.length).toBeGreaterThan(0);
    expect(byId(answer.changed.activities!)).toEqual(byId(await list('/api/activities')));
    expect(answer.changed.classes!.length).toBeGreaterThan(0);
    expect(answer.changed.classes![0]).toHaveProperty('instructorId');
    expect(answer.changed.classes![0]).toHaveProperty('version');
    const listed = new Map((await list('/api/classes')).map((group) => [group.id, group]));
    for (const group of answer.changed.classes!) if (listed.has(group.id)) expect(group).toEqual(listed.get(group.id));
    expect(answer.changed.users!.length).toBeGreaterThan(0);
    const oldest = new Date(Date.now() - 61 * 86_400_000).toISOString().slice(0, 10);
    for (const roll of answer.changed.rolls!) expect(roll.date >= oldest, roll.date).toBe(true);
    expect(answer.removed).toEqual({});
  });
});

describe('a sync since a cursor', () => {
  it('answers nothing but the cursor and the user when nothing changed, in under 2 KB', async () => {
    const { answer: first } = await sync();
    const { answer, bytes } = await sync(first.cursor);
    expect(answer.full).toBe(false);
    expect(answer.changed).toEqual({});
    expect(answer.removed).toEqual({});
    expect(BigInt(answer.cursor) >= BigInt(first.cursor)).toBe(true);
    expect(bytes).toBeLessThan(2048);
  });

  it('brings a new student, a saved roll and the frequencies it changed, and a removed roll and student', async () => {
    const { answer: before } = await sync();
    const { classId, studentIds } = await rosterClass();
    const date = today();
    await saveRoll(classId, date, studentIds, 'ABSENT');
    const id = randomUUID();
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: {
        id,
        fullName: 'Zuleide Sincronizada',
        registrationNumber: FREE_CPFS[0],
        address: { code: '', street: '', number: '', complement: '' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    const { answer } = await sync(before.cursor);
    expect(answer.changed.rolls).toEqual([
      expect.objectContaining({ classId, date, entries: studentIds.map((studentId) => expect.objectContaining({ studentId, status: 'ABSENT' })) }),
    ]);
    const changedStudents: SyncStudent[] = studentsFromColumns(answer.changed.students!);
    expect(changedStudents.map((student) => student.id)).toEqual(expect.arrayContaining([id, ...studentIds]));
    expect(changedStudents.find((student) => student.id === id)).toMatchObject({ name: 'Zuleide Sincronizada', frequencyPercent: 0, classIds: [] });
    const fullNow = studentsFromColumns((await sync()).answer.changed.students!);
    for (const student of changedStudents) expect(fullNow.find((s) => s.id === student.id)).toEqual(student);
    expect(answer.changed.activities).toBeUndefined();

    await server.db.run('DELETE FROM attendance_rolls WHERE class_id = $1 AND date = $2', [classId, date]);
    await server.db.run('DELETE FROM students WHERE id = $1', [id]);
    const { answer: after } = await sync(answer.cursor);
    expect(after.removed.rolls).toEqual([{ classId, date }]);
    expect(after.removed.students).toEqual([id]);
    expect(after.changed.students!.ids.sort()).toEqual([...studentIds].sort());
  });

  it('never misses a write that commits after the cursor was read, even one that started before', async () => {
    const { answer: start } = await sync();
    const { classId, studentIds } = await rosterClass();
    const date = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    if (server.db.kind === 'postgres') {
      // A writer holds its transaction open while another connection syncs: the cursor must stay at or below it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const writer = server.db.transaction(async (tx) => {
        await tx.run(`INSERT INTO attendance_rolls (class_id, date, taken_by, taken_at) VALUES ($1, $2, 'held', now())`, [classId, date]);
        await tx.run(`INSERT INTO attendance_entries (class_id, date, student_id, status, position) VALUES ($1, $2, $3, 'PRESENT', 0)`, [
          classId,
          date,
          studentIds[0]!,
        ]);
        wrote();
        await held;
      });
      await written;
      const { answer: during } = await sync(start.cursor);
      expect(during.changed.rolls ?? []).toEqual([]);
      release();
      await writer;
      const { answer: later } = await sync(during.cursor);
      expect(later.changed.rolls).toEqual([expect.objectContaining({ classId, date, takenBy: 'held' })]);
    } else {
      // PGlite has one connection: writes are serialised, and each must still be seen exactly from its cursor on.
      let cursor = start.cursor;
      for (const status of ['PRESENT', 'ABSENT'] as const) {
        await saveRoll(classId, date, studentIds, status);
        const { answer } = await sync(cursor);
        expect(BigInt(answer.cursor) > BigInt(cursor)).toBe(true);
        expect(answer.changed.rolls?.[0]?.entries[0]?.status).toBe(status);
        cursor = answer.cursor;
      }
    }
  });

  it('says a deactivated student left, and brings them back when reactivated', async () => {
    const { answer: before } = await sync();
    const { studentIds } = await rosterClass();
    const id = studentIds[0]!;
    const status = async (active: boolean) => {
      const { version } = (await server.app.inject({ method: 'GET', url: `/api/students/${id}` })).json<{ version: number }>();
      const answer = await server.app.inject({
        method: 'POST',
        url: `/api/students/${id}/status`,
        payload: { active, date: today(), reason: 'Mudou de cidade', version },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await status(false);
    const { answer: gone } = await sync(before.cursor);
    expect(gone.removed.students).toEqual([id]);
    await status(true);
    const { answer: back } = await sync(gone.cursor);
    expect(back.changed.students!.ids).toEqual([id]);
  });

  it("takes an archived activity's classes out, and their place from its students' classes, and puts them back when restored", async () => {
    const { classId, studentIds } = await rosterClass();
    const [{ activity } = { activity: '' }] = await server.db.query<{ activity: string }>(
      'SELECT activity_id AS activity FROM classes WHERE id = $1',
      [classId],
    );
    const { answer: before } = await sync();
    const classesOf = (answer: SyncAnswer) => new Map(studentsFromColumns(answer.changed.students ?? emptyColumns).map((s) => [s.id, s.classIds]));
    await server.db.run('UPDATE activities SET archived = true WHERE id = $1', [activity]);
    try {
      const { answer: archived } = await sync(before.cursor);
      expect(archived.removed.classes).toContain(classId);
      const after = classesOf(archived);
      for (const id of studentIds) expect(after.get(id), id).not.toContain(classId);
      const { answer: full } = await sync();
      expect(full.changed.classes!.map((group) => group.id)).not.toContain(classId);
      // Nor does the class take new students while its activity is archived.
      const [outside] = await server.db.query<{ id: string }>(
        'SELECT id FROM students WHERE active AND id NOT IN (SELECT student_id FROM class_enrollments WHERE class_id = $1) LIMIT 1',
        [classId],
      );
      const enrol = await server.app.inject({ method: 'PUT', url: `/api/classes/${classId}/students/${outside!.id}`, payload: { from: today() } });
      expect(enrol.statusCode).toBe(409);
      await server.db.run('UPDATE activities SET archived = false WHERE id = $1', [activity]);
      const { answer: restored } = await sync(archived.cursor);
      expect(restored.changed.classes!.map((group) => group.id)).toContain(classId);
      const back = classesOf(restored);
      for (const id of studentIds) expect(back.get(id), id).toContain(classId);
    } finally {
      await server.db.run('UPDATE activities SET archived = false WHERE id = $1', [activity]);
    }
  });

  it('answers everything to a cursor this database never gave (the data was moved from another one)', async () => {
    const { answer } = await sync('99999999999999');
    expect(answer.full).toBe(true);
    expect(answer.changed.students!.ids.length).toBeGreaterThan(0);
  });

  it('reads a cursor written with leading zeros as the same cursor (it answered 500)', async () => {
    const { answer: first } = await sync();
    const { answer } = await sync(`00${first.cursor}`);
    expect(answer.full).toBe(false);
    expect(answer.changed).toEqual({});
  });

  it('refuses a cursor that is not one', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/sync?since=abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

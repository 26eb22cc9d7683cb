/**
 * GET /sync: what a device keeps, changed since its cursor (server/db/migrations/004_change_cursor.sql says how the
 * cursor is kept). Without a cursor the answer is everything (a full sync). Each part is there only when the user's
 * role may read it (src/api/permissions.ts), so a device never holds more than its user may see. Records are shaped
 * as the list routes answer them, so the app writes them into the same cached lists its screens read.
 *
 * Everything is read on one snapshot (db/change-cursor.ts): the records and the new cursor agree.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  syncAnswerSchema,
  type Activity,
  type ClassGroup,
  type Roll,
  type SyncAnswerWire,
  type SyncStudent,
  type User,
} from '../../src/api/contract.ts';
import { packStudentColumns, studentColumns, SYNC_ROLL_DAYS } from '../../src/api/sync-columns.ts';
import { ownClassesOnly, permissionsOf, type Permission } from '../../src/api/permissions.ts';
import { meOf } from '../access.ts';
import { justifiedStudents } from './attendance.ts';
import { activityColumns, classColumns } from '../data/catalog.ts';
import { readAtCursor } from '../data/rules/change-cursor.ts';
import type { Queryable } from '../db/types.ts';
import { errors, type ApiContext } from './context.ts';
import { classOfInstructor, onRoster, seenByInstructor, today } from '../data/rules/roster.ts';
import { studentSummarySql } from '../data/student-list.ts';
import { foldedOrder } from '../data/rules/name-order.ts';
import { classesSeenSince, enrolledIn } from '../data/sync-instructor.ts';

type Entity = 'students' | 'activities' | 'classes' | 'rolls' | 'users';
const needs: Record<Entity, Permission> = {
  students: 'students:list',
  activities: 'activities:read',
  classes: 'classes:read',
  rolls: 'attendance:read',
  users: 'users:read',
};

/**
 * Students as the list shows them by default (active), with the classes whose roster has them today (`$1`), of those
 * `classes` narrows them to (an instructor's: another instructor's class and who is in it stay off their device).
 */
const studentsSql = (where: string, classes = '') => `
  SELECT b.id, b.name, b."frequencyPercent",
         coalesce((SELECT array_agg(DISTINCT e.class_id ORDER BY e.class_id)
                     FROM class_enrollments e JOIN classes c ON c.id = e.class_id AND NOT c.archived
                     JOIN activities a ON a.id = c.activity_id AND NOT a.archived
                    WHERE e.student_id = b.id AND ${onRoster('e', '$1::date')} ${classes}), '{}') AS "classIds"
    FROM (${studentSummarySql(`WHERE s.active ${where}`)}) b
   ORDER BY b.name, b.id`;
// The same columns as GET /activities and GET /classes answer (catalog.ts), into the same cached lists: an edit starts
// from its record's version, and the roll call's chooser and the class page read a class's instructor.
const activitiesSql = (where: string) =>
  `SELECT ${activityColumns} FROM activities WHERE NOT archived ${where} ORDER BY ${foldedOrder('name', 'id')}`;
// A class of an archived activity is left out, as GET /classes leaves it out.
const classesSql = (where: string) =>
  `SELECT ${classColumns} FROM classes c JOIN activities a ON a.id = c.activity_id WHERE NOT (c.archived OR a.archived) ${where} ORDER BY ${foldedOrder('c.title', 'c.id')}`;
const usersSql = (where: string) =>
  `SELECT id, full_name, phone, access, formation, email, active, version FROM users ${where} ORDER BY ${foldedOrder('full_name', 'id')}`;
const rollsSql = (where: string) => `
  SELECT r.class_id AS "classId", to_char(r.date, 'YYYY-MM-DD') AS date, r.taken_by AS "takenBy",
         to_char(r.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "takenAt",
         r.first_taken_by AS "firstTakenBy",
         to_char(r.first_taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "firstTakenAt",
         r.corrected_by AS "correctedBy",
         to_char(r.corrected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "correctedAt",
         -- a reason and a note only on a justified absence (json_strip_nulls leaves them out elsewhere)
         (SELECT json_agg(json_strip_nulls(json_build_object('studentId', a.student_id, 'status', a.status, 'reason', a.reason, 'note', a.note)) ORDER BY a.position)
            FROM attendance_entries a WHERE a.class_id = r.class_id AND a.date = r.date) AS entries
    FROM attendance_rolls r
   WHERE r.date >= current_date - ${SYNC_ROLL_DAYS} ${where}
   ORDER BY r.class_id, r.date`;

/**
 * The records of one part: all of them, or those of these ids. `instructorId`: an instructor's device holds the rolls and
 * the students of their own classes and of the classes that name no instructor, not every class's (roster.ts
 * seenByInstructor).
 */
async function read(tx: Queryable, entity: Entity, ids: string[] | null, instructorId: string | null): Promise<unknown[]> {
  switch (entity) {
    case 'students': {
      const seen = (n: number) => (instructorId ? `AND ${seenByInstructor('s.id', `$${n}`, '$1::date')}` : '');
      const theirClasses = (n: number) => (instructorId ? `AND ${classOfInstructor('c', 'a', `$${n}`)}` : '');
      const mine = instructorId ? [instructorId] : [];
      return ids
        ? tx.query<SyncStudent>(studentsSql(`AND s.id = ANY($2) ${seen(3)}`, theirClasses(3)), [today(), ids, ...mine])
        : tx.query<SyncStudent>(studentsSql(seen(2), theirClasses(2)), [today(), ...mine]);
    }
    case 'activities':
      return ids ? tx.query<Activity>(activitiesSql('AND id = ANY($1)'), [ids]) : tx.query<Activity>(activitiesSql(''));
    case 'classes':
      return ids ? tx.query<ClassGroup>(classesSql('AND c.id = ANY($1)'), [ids]) : tx.query<ClassGroup>(classesSql(''));
    case 'users':
      return ids ? tx.query<User>(usersSql('WHERE id = ANY($1)'), [ids]) : tx.query<User>(usersSql(''));
    case 'rolls': {
      const byKey = `r.class_id || '/' || to_char(r.date, 'YYYY-MM-DD') = ANY($1)`;
      if (!instructorId) return ids ? tx.query<Roll>(rollsSql(`AND ${byKey}`), [ids]) : tx.query<Roll>(rollsSql(''));
      // Of the classes they see, neither archived nor of an archived activity (roster.ts requireClass refuses those).
      const mine = (n: number) =>
        `AND r.class_id IN (SELECT c.id FROM classes c JOIN activities a ON a.id = c.activity_id WHERE ${classOfInstructor('c', 'a', `$${n}`)})`;
      return ids ? tx.query<Roll>(rollsSql(`AND ${byKey} ${mine(2)}`), [ids, instructorId]) : tx.query<Roll>(rollsSql(mine(1)), [instructorId]);
    }
  }
}

const rollKey = (roll: { classId: string; date: string }) => `${roll.classId}/${roll.date}`;

export const syncRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, openMode }) => {
  app.get(
    '/sync',
    {
      // The access record: a justified absence's reason is a child's health or family (attendance.ts records its read).
      config: { rule: 'me:read', audit: 'student' },
      schema: {
        tags: ['sync'],
        summary: "What the device keeps for its user's role, changed since a cursor (everything without one)",
        description:
          `Parts: students (with their classes today), activities, classes, the rolls of the last ${SYNC_ROLL_DAYS} days, users; ` +
          'each only when the role may read it. Send the answer’s `cursor` back as `since` next time.',
        querystring: z.object({ since: z.optional(z.string().regex(/^\d{1,20}$/, 'since must be a cursor from an earlier answer')) }),
        response: { 200: syncAnswerSchema, ...errors(400) },
      },
    },
    async (request) => {
      const staff = request.staff!;
      const allowed = permissionsOf(staff.access);
      const entities = (Object.keys(needs) as Entity[]).filter((entity) => allowed.includes(needs[entity]));
      const { cursor, value } = await readAtCursor(db, async (tx) => {
        // A cursor this database never gave (one of a database the data was moved from): everything, as at first.
        const [{ next } = { next: '0' }] = await tx.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
        const asked = request.query.since;
        const since = asked !== undefined && BigInt(asked) <= BigInt(next) ? asked : undefined;
        const answer: Omit<SyncAnswerWire, 'cursor'> = { full: since === undefined, changed: {}, removed: {}, me: meOf(staff, openMode) };
        const changedIds = new Map<Entity, string[]>();
        // An instructor's: the classes they see now or saw since the cursor (sync-instructor.ts).
        const instructorId = ownClassesOnly(staff.access) ? staff.id : null;
        let seenClasses: Set<string> | null = null;
        if (since !== undefined) {
          const rows = await tx.query<{ entity: Entity | 'handovers'; ids: string[] }>(
            `SELECT entity, array_agg(DISTINCT entity_id) AS ids FROM changes WHERE xid >= $1::xid8 GROUP BY entity`,
            [since],
          );
          for (const row of rows) if (row.entity !== 'handovers') changedIds.set(row.entity, row.ids);
          if (instructorId) {
            seenClasses = await classesSeenSince(tx, instructorId, rows.find((row) => row.entity === 'handovers')?.ids ?? []);
          }
          const add = (entity: Entity, rows: { id: string }[]) =>
            changedIds.set(entity, [...new Set([...(changedIds.get(entity) ?? []), ...rows.map((row) => row.id)])]);
          // An activity archived (or restored) takes its classes out of (or back into) the lists: they count as changed.
          const activities = changedIds.get('activities');
          if (activities) add('classes', await tx.query<{ id: string }>('SELECT id FROM classes WHERE activity_id = ANY($1)', [activities]));
          // A class archived, or given to another instructor, changes its students' classes (and so the rosters a device
          // builds), and which students and rolls an instructor sees, though none of them changed: they are sent again
          // (or, now out of sight, removed: a justified absence's reason does not stay on another instructor's device).
          // An instructor's device is sent only those of the classes it may have held.
          const classes = changedIds.get('classes')?.filter((id) => !seenClasses || seenClasses.has(id));
          if (classes?.length) {
            add(
              'students',
              await tx.query<{ id: string }>('SELECT DISTINCT student_id AS id FROM class_enrollments WHERE class_id = ANY($1)', [classes]),
            );
            if (instructorId) {
              const rolls = await tx.query<{ id: string }>(
                `SELECT class_id || '/' || to_char(date, 'YYYY-MM-DD') AS id FROM attendance_rolls
                  WHERE class_id = ANY($1) AND date >= current_date - ${SYNC_ROLL_DAYS}`,
                [classes],
              );
              add('rolls', rolls);
            }
          }
        }
        for (const entity of entities) {
          const ids = since === undefined ? null : (changedIds.get(entity) ?? []);
          if (ids && ids.length === 0) continue;
          const records = await read(tx, entity, ids, instructorId);
          if (entity === 'students') answer.changed.students = packStudentColumns(studentColumns(records as SyncStudent[]));
          else (answer.changed as Record<Exclude<Entity, 'students'>, unknown[]>)[entity] = records;
          if (!ids) continue;
          const found = new Set(records.map((record) => (entity === 'rolls' ? rollKey(record as Roll) : (record as { id: string }).id)));
          let gone = ids.filter((id) => !found.has(id));
          // What left an instructor's sight is removed; what was never in it is not named.
          if (seenClasses && entity === 'students') {
            const held = await enrolledIn(tx, gone, seenClasses);
            gone = gone.filter((id) => held.has(id));
          } else if (seenClasses && entity === 'rolls') {
            gone = gone.filter((key) => seenClasses.has(key.slice(0, key.lastIndexOf('/'))));
          }
          if (gone.length === 0) continue;
          if (entity === 'rolls') {
            answer.removed.rolls = gone.map((key) => {
              const at = key.lastIndexOf('/');
              return { classId: key.slice(0, at), date: key.slice(at + 1) };
            });
          } else {
            (answer.removed as Record<Exclude<Entity, 'rolls'>, string[]>)[entity] = gone;
          }
        }
        return answer;
      });
      // Recorded as read: the students whose justified absence the answer's rolls say why, and no one else.
      request.auditStudents = [...new Set((value.changed.rolls ?? []).flatMap(justifiedStudents))];
      return { cursor, ...value };
    },
  );
};

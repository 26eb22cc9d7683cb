/**
 * GET /sync: what a device keeps, changed since its cursor (server/db/migrations/004_change_cursor.sql says how the
 * cursor is kept). Without a cursor the answer is everything (a full sync). Each part is there only when the user's
 * role may read it (src/api/permissions.ts), so a device never holds more than its user may see. Records are shaped
 * as the list routes answer them, so the app writes them into the same cached lists its screens read.
 *
 * Everything is read on one snapshot (data/rules/change-cursor.ts): the records and the new cursor agree.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { syncAnswerSchema, type Roll, type SyncAnswerWire, type SyncStudent } from '../../src/api/contract.ts';
import { packStudentColumns, studentColumns, SYNC_ROLL_DAYS } from '../../src/api/sync-columns.ts';
import { ownClassesOnly, permissionsOf, type Permission } from '../../src/api/permissions.ts';
import { meOf } from '../access.ts';
import { changesSince, latestCursor, readAtCursor } from '../data/rules/change-cursor.ts';
import { classesOfActivities, readPart, recentRollKeysOf, studentsOfClasses, type SyncEntity as Entity } from '../data/sync.ts';
import { anonymisedForSync } from '../data/retention.ts';
import { classesSeenSince, enrolledIn } from '../data/sync-instructor.ts';
import { justifiedStudents } from './attendance.ts';
import { errors, type ApiContext } from './context.ts';

const needs: Record<Entity, Permission> = {
  students: 'students:list',
  activities: 'activities:read',
  classes: 'classes:read',
  rolls: 'attendance:read',
  users: 'users:read',
};

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
        const next = await latestCursor(tx);
        const asked = request.query.since;
        // As a number's digits: a cursor with leading zeros ("085", which the schema lets through) answered 500.
        const since = asked !== undefined && BigInt(asked) <= BigInt(next) ? BigInt(asked).toString() : undefined;
        const answer: Omit<SyncAnswerWire, 'cursor'> = { full: since === undefined, changed: {}, removed: {}, me: meOf(staff, openMode) };
        const changedIds = new Map<Entity, string[]>();
        // An instructor's: the classes they see now or saw since the cursor (sync-instructor.ts).
        const instructorId = ownClassesOnly(staff.access) ? staff.id : null;
        let seenClasses: Set<string> | null = null;
        if (since !== undefined) {
          const rows = await changesSince(tx, since);
          for (const row of rows) if (row.entity !== 'handovers') changedIds.set(row.entity, row.ids);
          if (instructorId) {
            seenClasses = await classesSeenSince(tx, instructorId, rows.find((row) => row.entity === 'handovers')?.ids ?? []);
          }
          const add = (entity: Entity, rows: { id: string }[]) =>
            changedIds.set(entity, [...new Set([...(changedIds.get(entity) ?? []), ...rows.map((row) => row.id)])]);
          // An activity archived (or restored) takes its classes out of (or back into) the lists: they count as changed.
          const activities = changedIds.get('activities');
          if (activities) add('classes', await classesOfActivities(tx, activities));
          // A class archived, or given to another instructor, changes its students' classes (and so the rosters a device
          // builds), and which students and rolls an instructor sees, though none of them changed: they are sent again
          // (or, now out of sight, removed: a justified absence's reason does not stay on another instructor's device).
          // An instructor's device is sent only those of the classes it may have held.
          const classes = changedIds.get('classes')?.filter((id) => !seenClasses || seenClasses.has(id));
          if (classes?.length) {
            add('students', await studentsOfClasses(tx, classes));
            if (instructorId) add('rolls', await recentRollKeysOf(tx, classes));
          }
        }
        // Whoever was anonymised goes from the device whatever its role: their old name may be in any copy it keeps.
        const changedStudents = since === undefined ? null : (changedIds.get('students') ?? []);
        if (changedStudents === null || changedStudents.length > 0) {
          const theirClasses = instructorId ? (seenClasses ?? (await classesSeenSince(tx, instructorId, []))) : null;
          const anonymised = await anonymisedForSync(tx, changedStudents, theirClasses);
          if (anonymised.length > 0) answer.anonymised = anonymised;
        }
        for (const entity of entities) {
          const ids = since === undefined ? null : (changedIds.get(entity) ?? []);
          if (ids && ids.length === 0) continue;
          const records = await readPart(tx, entity, ids, instructorId);
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

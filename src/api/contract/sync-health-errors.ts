/**
 * The sync, the health check, and the error answers.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { idCount, PACKED_UUIDS } from '../packed-ids.ts';
import { idSchema, isoDateSchema } from './text-and-dates.ts';
import { activityListSchema, classListSchema } from './activities-classes.ts';
import type { StudentSummary } from './students.ts';
import { meSchema, userListSchema } from './users-access.ts';
import { rollSchema } from './attendance.ts';

// ---- Sync (issue 18) ----
/** A student as the sync brings it: the list's summary plus the classes whose roster has them today. */
export type SyncStudent = StudentSummary & { classIds: string[] };
/**
 * Students travel in columns, each class id once (`classIds`, referred to by position in `classes`): thousands of
 * students cost about a fifth less gzipped than a list of objects (issue 18: a first sync of 5,000 within 150 KB).
 * Ids that are all UUIDs travel packed into one string (packed-ids.ts), any others as a list.
 */
const packedIdsSchema = z.union([z.array(idSchema), z.string().check(z.regex(PACKED_UUIDS))]);
export const syncStudentColumnsSchema = z
  .object({
    ids: packedIdsSchema,
    names: z.array(z.string()),
    /** Issue 52: each student's civil name when they have a social name, else ''; absent when no one has one. */
    civilNames: z.optional(z.array(z.string())),
    /**
     * Issue 52: each student's gender, school year, employment and school shift (the list's filters), '' when not
     * recorded; each absent when no one has one, and from an instructor's sync.
     */
    genders: z.optional(z.array(z.string())),
    schoolYears: z.optional(z.array(z.string())),
    employmentStatuses: z.optional(z.array(z.string())),
    schoolShifts: z.optional(z.array(z.string())),
    frequencyPercent: z.array(z.number().check(z.gte(0), z.lte(100))),
    classIds: packedIdsSchema,
    classes: z.array(z.array(z.int().check(z.gte(0)))),
  })
  .check(
    z.refine(
      (c) => {
        const students = idCount(c.ids);
        const classIds = idCount(c.classIds);
        return (
          c.names.length === students &&
          [c.civilNames, c.genders, c.schoolYears, c.employmentStatuses, c.schoolShifts].every(
            (column) => column === undefined || column.length === students,
          ) &&
          c.frequencyPercent.length === students &&
          c.classes.length === students &&
          c.classes.every((refs) => refs.every((ref) => ref < classIds))
        );
      },
      { message: 'student columns of different lengths, a packed id list of a wrong length, or a class reference out of range' },
    ),
  );
/** The columns as they travel (ids packed or not). */
export type SyncStudentColumnsWire = z.infer<typeof syncStudentColumnsSchema>;
/** The columns on the device, ids unpacked (sync-columns.ts). */
export type SyncStudentColumns = Omit<SyncStudentColumnsWire, 'ids' | 'classIds'> & { ids: string[]; classIds: string[] };

export const rollKeySchema = z.object({ classId: idSchema, date: isoDateSchema });
/**
 * GET /sync?since=CURSOR: what changed since that cursor (everything, `full`, without one), for the parts the
 * user's role may read (a part the role lacks is absent). `removed` names records that left (deleted, or no longer
 * in the list). The cursor is opaque: send it back as it came.
 */
export const syncAnswerSchema = z.object({
  cursor: z.string().check(z.regex(/^\d{1,20}$/)),
  full: z.boolean(),
  changed: z.object({
    students: z.optional(syncStudentColumnsSchema),
    activities: z.optional(activityListSchema),
    classes: z.optional(classListSchema),
    rolls: z.optional(z.array(rollSchema)),
    users: z.optional(userListSchema),
  }),
  removed: z.object({
    students: z.optional(z.array(idSchema)),
    activities: z.optional(z.array(idSchema)),
    classes: z.optional(z.array(idSchema)),
    rolls: z.optional(z.array(rollKeySchema)),
    users: z.optional(z.array(idSchema)),
  }),
  /**
   * Students anonymised (issue 51) that the device may still hold under their old name: every copy that names one goes
   * (their record, guardians, documents, lists and grids), to be read again. Absent when none.
   */
  anonymised: z.optional(z.array(idSchema)),
  me: meSchema,
});
/** The answer as it travels. */
export type SyncAnswerWire = z.infer<typeof syncAnswerSchema>;
/** The answer on the device: its students' ids unpacked (sync-columns.ts, syncAnswerFromWire). */
export type SyncAnswer = Omit<SyncAnswerWire, 'changed'> & {
  changed: Omit<SyncAnswerWire['changed'], 'students'> & { students?: SyncStudentColumns };
};

/** GET /health (no sign-in): whether the server can reach its database, and the database's schema version. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  engine: z.enum(['pglite', 'postgres']),
  /** The last migration applied (server/db/migrations), null when the database cannot be read. */
  schemaVersion: z.nullable(z.string()),
  /** The server's version (package.json). */
  version: z.string(),
  /**
   * 'unverified': the server checks sign-in tokens against a Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST with
   * QUADRA_ALLOW_EMULATOR=yes), which accepts any token: for tests only, never a programme's server.
   */
  tokens: z.optional(z.literal('unverified')),
  /** Free space where the embedded database lives: 'low' under DISK_LOW_MB (absent on PostgreSQL, whose disk is its own). */
  disk: z.optional(z.enum(['ok', 'low'])),
});
export type Health = z.infer<typeof healthSchema>;

/** Every error the reference server answers has this shape. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  /** Why, as a stable word the app acts on, where a status alone is not enough (see accessRefusals). */
  code: z.optional(z.string()),
  /** With a 409 'stale-version': the record as it is now on the server. */
  current: z.optional(z.unknown()),
});
/**
 * The codes of a 403 that refuses the account itself, whatever it asked for: the app ends the session. Any other 403
 * ('forbidden') refuses one action of a role.
 */
export const accessRefusals = ['not-registered', 'deactivated', 'email-unverified'] as const;
export type AccessRefusal = (typeof accessRefusals)[number];
/** The codes of a refused write the app words in the user's language; any other refusal shows the server's own words. */
export const writeRefusals = [
  'cpf-taken',
  'email-taken',
  'stale-version',
  'roll-date-future',
  'status-date-future',
  'forbidden',
  'disk-full',
] as const;
export type WriteRefusal = (typeof writeRefusals)[number];
export type ApiError = z.infer<typeof apiErrorSchema>;

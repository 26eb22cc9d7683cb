/**
 * The sync, the health check, and the error answers.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { idCount, PACKED_UUIDS } from '../packed-ids.ts';
import { MAX_CODES, refsOf, unpackCodes } from '../packed-columns.ts';
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
/** A column of codes: a list, or packed (its codes once and a character per student, packed-columns.ts). */
const codeColumnSchema = z.union([z.array(z.string()), z.object({ codes: z.array(z.string()).check(z.maxLength(MAX_CODES)), of: z.string() })]);
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
    genders: z.optional(codeColumnSchema),
    schoolYears: z.optional(codeColumnSchema),
    employmentStatuses: z.optional(codeColumnSchema),
    schoolShifts: z.optional(codeColumnSchema),
    frequencyPercent: z.array(z.number().check(z.gte(0), z.lte(100))),
    classIds: packedIdsSchema,
    /** Each student's classes, places in `classIds`: a list each, or packed into one string (packed-columns.ts). */
    classes: z.union([z.array(z.array(z.int().check(z.gte(0)))), z.string().check(z.regex(/^[A-Za-z0-9_,-]*$/))]),
  })
  .check(
    z.refine(
      (c) => {
        const students = idCount(c.ids);
        const codesOf = (column: string[] | { codes: string[]; of: string }) => (Array.isArray(column) ? column : unpackCodes(column));
        return (
          c.names.length === students &&
          (c.civilNames === undefined || c.civilNames.length === students) &&
          [c.genders, c.schoolYears, c.employmentStatuses, c.schoolShifts].every(
            (column) => column === undefined || codesOf(column)?.length === students,
          ) &&
          c.frequencyPercent.length === students &&
          refsOf(c.classes, students, idCount(c.classIds)) !== undefined
        );
      },
      { message: 'student columns of different lengths, a packed id list of a wrong length, or a class reference out of range' },
    ),
  );
/** The columns as they travel (ids, codes and classes packed, packed-ids.ts and packed-columns.ts). */
export type SyncStudentColumnsWire = z.infer<typeof syncStudentColumnsSchema>;
/** The columns on the device, unpacked (sync-columns.ts). */
export type SyncStudentColumns = {
  ids: string[];
  names: string[];
  civilNames?: string[];
  genders?: string[];
  schoolYears?: string[];
  employmentStatuses?: string[];
  schoolShifts?: string[];
  frequencyPercent: number[];
  classIds: string[];
  classes: number[][];
};

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

/**
 * Activities and classes (with their meetings): reads and writes.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { clientIdSchema, idSchema, isoDateSchema, personName, requiredText, versionSchema } from './text-and-dates.ts';
import { activityAreas, activityFrequencies, enums } from './enums.ts';

// ---- Entities ----
export const activitySchema = z.object({
  id: idSchema,
  name: z.string(),
  teacher: z.string(),
  area: z.string(),
  frequency: z.string(),
  /** Archived: left out of lists and pickers, kept for history. Absent from servers that do not archive. */
  archived: z.optional(z.boolean()),
  version: z.optional(z.int()),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.array(activitySchema);
const activityFields = {
  name: requiredText(200),
  teacher: personName(200),
  area: z.enum(activityAreas),
  frequency: z.enum(activityFrequencies),
};
/** POST /activities: the fields GET /activities answers; the client id makes a resend harmless. */
export const activityCreateSchema = z.object({ id: z.optional(clientIdSchema), ...activityFields });
export type ActivityCreate = z.infer<typeof activityCreateSchema>;
/** PUT /activities/{id}: the whole record with the version it was read at; `archived: true` archives it. */
export const activityUpdateSchema = z.object({ ...activityFields, archived: z.optional(z.boolean()), version: versionSchema });
export type ActivityUpdate = z.infer<typeof activityUpdateSchema>;

/** A time of day as a class's meeting has it: HH:MM, 24 hours. */
export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Expected a time as HH:MM' }));
/**
 * One weekly meeting of a class (issue 52): its weekday, and its start and end times. A class migrated from a free-text
 * schedule that could not be read as times has null times (its text is the class's `scheduleNote`).
 */
export const classMeetingSchema = z.object({
  weekDay: z.string(),
  start: z.nullable(timeOfDaySchema),
  end: z.nullable(timeOfDaySchema),
});
export type ClassMeeting = z.infer<typeof classMeetingSchema>;
/** A meeting as a write sends it: a known weekday, both times, the end after the start. */
export const classMeetingWriteSchema = z
  .object({ weekDay: z.enum(enums.weekDay), start: timeOfDaySchema, end: timeOfDaySchema })
  .check(z.refine((meeting) => meeting.start < meeting.end, { message: 'A meeting ends after it starts', path: ['end'] }));
export type ClassMeetingWrite = z.infer<typeof classMeetingWriteSchema>;
/** At most two meetings a day, every day of the week. */
export const CLASS_MEETINGS_MAX = 14;
/** More instructors than any class has; a bound on what a request may send. */
export const CLASS_INSTRUCTORS_MAX = 20;

/**
 * A class. `weekDay`, `schedule` and `instructorId` are the fields of the programme's original client (v2.0.0): derived
 * from `meetings` (the first one's weekday; a readable schedule text) and `instructorIds` (the first one). The newer
 * fields are optional so that a copy cached by an older app (or answered by an older server) still parses: the app reads
 * them through src/api/class-schedule.ts, which falls back on the original fields.
 */
export const classSchema = z.object({
  id: idSchema,
  title: z.string(),
  weekDay: z.string(),
  schedule: z.string(),
  level: z.string(),
  activityId: idSchema,
  /** The first instructor, a staff user (the original client's one instructor). */
  instructorId: z.optional(z.nullable(idSchema)),
  /** The weekly meetings, in the order they were written. */
  meetings: z.optional(z.array(classMeetingSchema)),
  /** The first and the last day the class meets (both optional: a class with neither runs on). */
  startsOn: z.optional(z.nullable(isoDateSchema)),
  endsOn: z.optional(z.nullable(isoDateSchema)),
  /** Every instructor of the class: each sees it as their own. None: every instructor sees it. */
  instructorIds: z.optional(z.array(idSchema)),
  /** A free-text schedule the migration could not read as times (kept as written); empty otherwise. */
  scheduleNote: z.optional(z.string()),
  archived: z.optional(z.boolean()),
  version: z.optional(z.int()),
});
export type ClassGroup = z.infer<typeof classSchema>;
export const classListSchema = z.array(classSchema);
/**
 * The fields of a write. The original client sends `weekDay`, `schedule` and `instructorId` only, and they are stored as
 * one meeting (the schedule's times when it reads as "HH:MM - HH:MM", else kept as the note) and the first instructor.
 * A write with `meetings` (or `instructorIds`) is stored from those, and its `weekDay`/`schedule` (`instructorId`) are
 * then not read: the answer derives them again.
 */
/** The original client's fields of a class write (a class import writes these too: src/api/enrolment-imports-contract.ts). */
export const classOriginalFields = {
  title: requiredText(200),
  activityId: idSchema,
  weekDay: z.enum(enums.weekDay),
  schedule: requiredText(100),
  level: z.enum(enums.level),
  instructorId: z.optional(z.nullable(idSchema)),
};
const classFields = {
  ...classOriginalFields,
  meetings: z.optional(z.array(classMeetingWriteSchema).check(z.minLength(1), z.maxLength(CLASS_MEETINGS_MAX))),
  startsOn: z.optional(z.nullable(isoDateSchema)),
  endsOn: z.optional(z.nullable(isoDateSchema)),
  instructorIds: z.optional(z.array(idSchema).check(z.maxLength(CLASS_INSTRUCTORS_MAX))),
};
/** The class's last day is not before its first. */
const datesInOrder = (fields: { startsOn?: string | null; endsOn?: string | null }) =>
  !fields.startsOn || !fields.endsOn || fields.startsOn <= fields.endsOn;
const datesMessage = { message: 'A class ends on or after the day it starts', path: ['endsOn'] };
/** POST /classes: the fields GET /classes answers plus an optional instructor (a user). */
export const classCreateSchema = z.object({ id: z.optional(clientIdSchema), ...classFields }).check(z.refine(datesInOrder, datesMessage));
export type ClassCreate = z.infer<typeof classCreateSchema>;
export const classUpdateSchema = z
  .object({ ...classFields, archived: z.optional(z.boolean()), version: versionSchema })
  .check(z.refine(datesInOrder, datesMessage));
export type ClassUpdate = z.infer<typeof classUpdateSchema>;

/**
 * Rolls, days not held, the month grid, alerts and the frequency report.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { idSchema, isoDateSchema, isoDateTimeSchema, monthSchema, textField } from './text-and-dates.ts';

// ---- Attendance (extension) ----
/** The marks a roll call's buttons set (present or absent); a roll may also hold a justified absence. */
export const attendanceStatuses = ['PRESENT', 'ABSENT'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
export const rollStatuses = ['PRESENT', 'ABSENT', 'JUSTIFIED'] as const;
export type RollStatus = (typeof rollStatuses)[number];
/** Why an absence is justified; OTHER may carry a note. */
export const absenceReasons = ['HEALTH', 'SCHOOL', 'FAMILY', 'TRANSPORT', 'OTHER'] as const;
export type AbsenceReason = (typeof absenceReasons)[number];
export const ABSENCE_NOTE_MAX = 500;
const presentEntrySchema = z.object({ studentId: idSchema, status: z.literal('PRESENT') });
const absentEntrySchema = z.object({ studentId: idSchema, status: z.literal('ABSENT') });
const justifiedEntrySchema = z
  .object({
    studentId: idSchema,
    status: z.literal('JUSTIFIED'),
    reason: z.enum(absenceReasons),
    note: z.optional(textField(ABSENCE_NOTE_MAX)),
  })
  .check(
    z.refine((entry) => entry.note === undefined || entry.reason === 'OTHER', {
      message: 'A note is given only with the reason OTHER',
      path: ['note'],
    }),
  );
/** One student's mark in a roll: PRESENT, ABSENT, or JUSTIFIED with its reason (a reason only there). */
export const attendanceEntrySchema = z.discriminatedUnion('status', [presentEntrySchema, absentEntrySchema, justifiedEntrySchema]);
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;
export type JustifiedEntry = Extract<AttendanceEntry, { status: 'JUSTIFIED' }>;
/** Why a class was not held that day (issue 50); OTHER may carry a note. */
export const notHeldReasons = ['WEATHER', 'INSTRUCTOR_ABSENT', 'VENUE', 'EVENT', 'OTHER'] as const;
export type NotHeldReason = (typeof notHeldReasons)[number];
export const notHeldSchema = z.object({ reason: z.enum(notHeldReasons), note: z.optional(textField(ABSENCE_NOTE_MAX)) }).check(
  z.refine((notHeld) => notHeld.note === undefined || notHeld.reason === 'OTHER', {
    message: 'A note is given only with the reason OTHER',
    path: ['note'],
  }),
);
export type NotHeld = z.infer<typeof notHeldSchema>;
const rollFieldsSchema = z.object({
  takenBy: textField(200),
  takenAt: isoDateTimeSchema,
  /** The marks; none on a class not held. */
  entries: z.array(attendanceEntrySchema),
  /** The class was not held that day, and why: no roll day for anyone (no marks then). */
  notHeld: z.optional(notHeldSchema),
});
/**
 * A roll to save. `basedOn`: the latest save of that day's roll the device knew when the roll was taken (its takenAt),
 * null when it knew there was none; the server refuses the save (409 'stale-version', with the roll as it is) when the
 * day's roll has been saved since by someone else. Left out: no check (the API's other clients). `supersedes`: the
 * takenAt of this device's own earlier saves of the day that this one replaced before they were known to have arrived
 * (a send whose answer was lost may have): the day's roll being one of them is no conflict, it is the user's own.
 */
export const rollInputSchema = z
  .extend(rollFieldsSchema, {
    // Left out on a class not held (`notHeld` instead); at least one mark otherwise.
    entries: z.optional(z.array(attendanceEntrySchema)),
    basedOn: z.optional(z.nullable(isoDateTimeSchema)),
    supersedes: z.optional(z.array(isoDateTimeSchema).check(z.maxLength(50))),
  })
  .check(
    z.refine((roll) => (roll.notHeld ? (roll.entries ?? []).length === 0 : (roll.entries ?? []).length > 0), {
      message: 'A roll has its marks (at least one), or `notHeld` and no marks',
      path: ['entries'],
    }),
  );
export type RollInput = z.infer<typeof rollInputSchema>;
/**
 * A saved roll: takenBy/takenAt are its latest save; firstTakenBy/firstTakenAt its first save, kept when a later PUT
 * replaces it; correctedBy/correctedAt the latest save that changed it after the first (null until then).
 */
export const rollSchema = z.extend(rollFieldsSchema, {
  classId: idSchema,
  date: isoDateSchema,
  firstTakenBy: z.optional(z.string()),
  firstTakenAt: z.optional(isoDateTimeSchema),
  correctedBy: z.optional(z.nullable(z.string())),
  correctedAt: z.optional(z.nullable(isoDateTimeSchema)),
});
export type Roll = z.infer<typeof rollSchema>;
export const rollDaySchema = z.object({
  date: isoDateSchema,
  present: z.int(),
  absent: z.int(),
  justified: z.optional(z.int()),
});
export type RollDay = z.infer<typeof rollDaySchema>;

/** present / (roll days - justified), rounded to one decimal; 0 with no countable day (README: "Frequency"). */
const percentSchema = z.number().check(z.gte(0), z.lte(100));
export const attendanceQuerySchema = z.object({ month: z.optional(monthSchema) });
/**
 * A class's month (GET /classes/{id}/attendance?month=YYYY-MM): the dates with a roll, the students on the roster
 * during the month, one cell per student and date ('P', 'A', 'J'; 'N', not marked: on that date's roster but not on
 * its roll, issue 56; or null when the student was not on that date's roster nor roll), totals per student and per
 * date (present + absent + justified = roll days; not marked apart: not a roll day), and who saved and who corrected
 * each date's roll. `notMarked` is absent from a grid the device built (it does not know the rosters of past dates).
 */
export const attendanceGridSchema = z.object({
  classId: idSchema,
  month: monthSchema,
  dates: z.array(isoDateSchema),
  students: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      cells: z.array(z.nullable(z.enum(['P', 'A', 'J', 'N']))),
      present: z.int(),
      absent: z.int(),
      justified: z.int(),
      rollDays: z.int(),
      notMarked: z.optional(z.int()),
      frequencyPercent: percentSchema,
    }),
  ),
  totals: z.array(z.object({ date: isoDateSchema, present: z.int(), absent: z.int(), justified: z.int(), notMarked: z.optional(z.int()) })),
  /** Per date (same order as `dates`): who first saved the roll and when, who last corrected it and when (null until then). */
  rolls: z.array(
    z.object({
      date: isoDateSchema,
      firstTakenBy: z.string(),
      firstTakenAt: isoDateTimeSchema,
      correctedBy: z.nullable(z.string()),
      correctedAt: z.nullable(isoDateTimeSchema),
      /** The class was not held that day (issue 50): no one's roll day, its cells all null. */
      notHeld: z.optional(notHeldSchema),
      /** A calendar day off (a holiday, a recess) on which a roll was saved anyway: no one's roll day. */
      dayOff: z.optional(z.string()),
    }),
  ),
});
export type AttendanceGrid = z.infer<typeof attendanceGridSchema>;
/** A roll that leaves children of its date's roster not marked (issue 56), and how many. */
export const rollToCompleteSchema = z.object({
  classId: idSchema,
  className: z.string(),
  activityId: idSchema,
  activityName: z.string(),
  date: isoDateSchema,
  notMarked: z.int(),
});
export type RollToComplete = z.infer<typeof rollToCompleteSchema>;
/**
 * GET /attendance/rolls-to-complete: the rolls to complete of the classes whose rolls the user may correct (an
 * instructor's own and those naming no instructor; every class for the other roles that write attendance). Home shows
 * them to a role that reads no alerts (the instructor).
 */
export const rollsToCompleteSchema = z.object({ rolls: z.array(rollToCompleteSchema) });
/** GET /attendance/alerts: who may be dropping out, and which classes went without a roll. */
export const attendanceAlertsSchema = z.object({
  month: monthSchema,
  minPercent: z.number(),
  belowThreshold: z.array(z.object({ studentId: idSchema, studentName: z.string(), frequencyPercent: percentSchema, rollDays: z.int() })),
  absenceStreaks: z.array(
    z.object({
      studentId: idSchema,
      studentName: z.string(),
      classId: idSchema,
      className: z.string(),
      activityId: idSchema,
      absences: z.int(),
      since: isoDateSchema,
    }),
  ),
  missingRolls: z.array(z.object({ classId: idSchema, className: z.string(), activityId: idSchema, activityName: z.string(), date: isoDateSchema })),
  /**
   * Issue 56: rolls of the last ROLL_TO_COMPLETE_DAYS days that leave off children of their date's roster (not marked:
   * no roll day for them until someone corrects the roll). Optional: a copy kept on a device from before has none.
   */
  rollsToComplete: z.optional(z.array(rollToCompleteSchema)),
  /** With ?limit=N (home's first look): each list is its first N, and these are how long they are in full. */
  totals: z.optional(z.object({ belowThreshold: z.int(), absenceStreaks: z.int(), missingRolls: z.int(), rollsToComplete: z.optional(z.int()) })),
});
export { BELOW_THRESHOLD_MIN_ROLL_DAYS, ROLL_TO_COMPLETE_DAYS } from '../alert-rules.ts';
export type AttendanceAlerts = z.infer<typeof attendanceAlertsSchema>;
/** GET /attendance/alerts?limit=N: at most N of each list (a whole number from 1 to 100). */
export const attendanceAlertsQuerySchema = z.object({ limit: z.optional(z.string().check(z.regex(/^(?:[1-9][0-9]?|100)$/))) });
/**
 * A month's frequency (GET /reports/frequency?month=YYYY-MM), per class and per activity, over the classes with a roll
 * that month: the marks (present, absent, justified), the rolls taken, the students' roll days (the rule's
 * denominator before the justified absences come off) and the frequency by the one rule over those sums.
 */
const frequencyFiguresSchema = z.object({
  present: z.int(),
  absent: z.int(),
  justified: z.int(),
  rolls: z.int(),
  rollDays: z.int(),
  frequencyPercent: percentSchema,
});
export const frequencyReportSchema = z.object({
  month: monthSchema,
  activities: z.array(z.extend(frequencyFiguresSchema, { activityId: idSchema, activityName: z.string() })),
  classes: z.array(z.extend(frequencyFiguresSchema, { classId: idSchema, className: z.string(), activityId: idSchema, activityName: z.string() })),
});
export type FrequencyReport = z.infer<typeof frequencyReportSchema>;

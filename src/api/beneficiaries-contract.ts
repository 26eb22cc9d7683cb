/**
 * The period report for funders (issue 53): GET /reports/beneficiaries?from=&to=[&activityId=...]. Beneficiaries
 * served = children enrolled in a class (of the chosen activities, or any) on at least one day of the period and active
 * then (server/data/rules/roster.ts onRoster); of them, those with at least one presence on a held roll of the period
 * (rules/frequency.ts). Both counts broken down by age band at the period's start, gender, race, neighbourhood, school
 * year, social programme and special needs (when the social anamnese says so), and the nominal list with each child's
 * figures by the one frequency rule over the period.
 */
import * as z from 'zod/mini';
import { idSchema, isoDateSchema, notHeldReasons, textSchema } from './contract.ts';
import { calendarDayKinds } from './calendar-contract.ts';

/** An age band: `min` to `max` years (inclusive), or `min` and over when `max` is null. */
export type AgeBand = { label: string; min: number; max: number | null };

/** The default bands (REPORT_AGE_BANDS): those of the sports incentive law's project forms. */
export const DEFAULT_AGE_BANDS = '6-10,11-14,15-17,18+';

/**
 * Parses REPORT_AGE_BANDS ("6-10,11-14,15-17,18+"): ascending, not overlapping, only the last may be open ("18+").
 * Throws with the reason otherwise (the server does not start).
 */
export function parseAgeBands(text: string): AgeBand[] {
  const bands = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): AgeBand => {
      const closed = /^(\d{1,3})\s*-\s*(\d{1,3})$/.exec(part);
      if (closed) return { label: `${Number(closed[1])}–${Number(closed[2])}`, min: Number(closed[1]), max: Number(closed[2]) };
      const open = /^(\d{1,3})\s*\+$/.exec(part);
      if (open) return { label: `${Number(open[1])}+`, min: Number(open[1]), max: null };
      throw new Error(`REPORT_AGE_BANDS: "${part}" is not a band like 6-10 or 18+`);
    });
  if (bands.length === 0) throw new Error('REPORT_AGE_BANDS: no band given');
  bands.forEach((band, i) => {
    if (band.max !== null && band.max < band.min) throw new Error(`REPORT_AGE_BANDS: ${band.label} ends before it starts`);
    if (band.max === null && i < bands.length - 1) throw new Error(`REPORT_AGE_BANDS: only the last band may be open (${band.label})`);
    const before = bands[i - 1];
    if (before && (before.max === null || band.min <= before.max))
      throw new Error(`REPORT_AGE_BANDS: ${band.label} overlaps or precedes ${before.label}`);
  });
  return bands;
}

/** The band of an age (null: no date of birth; OTHER_AGE: outside every band). */
export const OTHER_AGE = 'OTHER';
export function ageBandOf(age: number | null, bands: readonly AgeBand[]): string | null {
  if (age === null) return null;
  const band = bands.find((b) => age >= b.min && (b.max === null || age <= b.max));
  return band ? band.label : OTHER_AGE;
}

const idText = textSchema.check(z.minLength(1), z.maxLength(100));
/** At most this many activities in one report's filter. */
export const REPORT_ACTIVITIES_MAX = 100;
export const beneficiariesQuerySchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  /** One activity, or several (the parameter repeated); absent: the whole programme. */
  activityId: z.optional(z.union([idText, z.array(idText).check(z.maxLength(REPORT_ACTIVITIES_MAX))])),
  /** `none`: the figures without the nominal list (`students` absent), which names no child: the screen's first answer. */
  list: z.optional(z.literal('none')),
});
export type BeneficiariesQuery = z.infer<typeof beneficiariesQuerySchema>;

const countSchema = z.int().check(z.gte(0));
/** One row of a breakdown: a value of the field (null: not recorded) and how many served and attended have it. */
export const breakdownRowSchema = z.object({ value: z.nullable(z.string()), served: countSchema, attended: countSchema });
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** The breakdowns, each a table of the field's values (in the contract's codes where the field has codes). */
export const breakdownKeys = ['ageBand', 'gender', 'race', 'neighborhood', 'schoolYear', 'socialProgram', 'specialNeeds'] as const;
export type BreakdownKey = (typeof breakdownKeys)[number];

export const beneficiarySchema = z.object({
  id: idSchema,
  name: z.string(),
  dateOfBirth: z.nullable(isoDateSchema),
  /** Whole years at the period's start. */
  age: z.nullable(z.int()),
  ageBand: z.nullable(z.string()),
  gender: z.nullable(z.string()),
  race: z.nullable(z.string()),
  /** The record's neighbourhood (issue 52); optional: a copy kept on a device from before it was reported has none. */
  neighborhood: z.optional(z.nullable(z.string())),
  schoolName: z.nullable(z.string()),
  schoolYear: z.nullable(z.string()),
  socialProgram: z.nullable(z.string()),
  /** The classes (of the chosen activities) whose roster had the child on some day of the period. */
  classes: z.array(z.object({ classId: idSchema, className: z.string(), activityId: idSchema, activityName: z.string() })),
  /** The first and last day of the period the child was on one of those rosters. */
  firstDay: isoDateSchema,
  lastDay: isoDateSchema,
  present: countSchema,
  absent: countSchema,
  justified: countSchema,
  rollDays: countSchema,
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

/** Attendance figures over a span: held rolls, marks, roll days and the frequency by the one rule over those sums. */
const attendanceFiguresSchema = z.object({
  rolls: countSchema,
  present: countSchema,
  absent: countSchema,
  justified: countSchema,
  rollDays: countSchema,
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
});
const monthFiguresSchema = z.extend(attendanceFiguresSchema, { month: z.string() });
/** Per activity and class over the period (`total`), and each month of the period that has a roll (`months`, YYYY-MM). */
export const periodAttendanceSchema = z.object({
  activities: z.array(
    z.object({
      activityId: idSchema,
      activityName: z.string(),
      total: attendanceFiguresSchema,
      months: z.array(monthFiguresSchema),
      classes: z.array(z.object({ classId: idSchema, className: z.string(), total: attendanceFiguresSchema, months: z.array(monthFiguresSchema) })),
    }),
  ),
});
export type PeriodAttendance = z.infer<typeof periodAttendanceSchema>;

/**
 * The activity calendar (issue 53): per class and month of the period that has a roll of it, the days held (roll days
 * by the one rule, heldRoll), the days not held and why, and the calendar's days off of that month inside the period
 * (a roll saved on one counts for no one, like a class not held).
 */
export const activityCalendarSchema = z.object({
  classes: z.array(
    z.object({
      activityId: idSchema,
      activityName: z.string(),
      classId: idSchema,
      className: z.string(),
      months: z.array(
        z.object({
          month: z.string(),
          held: z.array(isoDateSchema),
          notHeld: z.array(z.object({ date: isoDateSchema, reason: z.enum(notHeldReasons), note: z.nullable(z.string()) })),
          daysOff: z.array(z.object({ date: isoDateSchema, kind: z.enum(calendarDayKinds), name: z.string() })),
        }),
      ),
    }),
  ),
});
export type ActivityCalendar = z.infer<typeof activityCalendarSchema>;

export const beneficiariesReportSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  /** The activities asked for; empty: the whole programme. */
  activityIds: z.array(idSchema),
  ageBands: z.array(z.object({ label: z.string(), min: z.int(), max: z.nullable(z.int()) })),
  served: countSchema,
  attended: countSchema,
  breakdowns: z.object({
    ageBand: z.array(breakdownRowSchema),
    gender: z.array(breakdownRowSchema),
    race: z.array(breakdownRowSchema),
    /** The record's neighbourhood, spellings that differ only in case, accents or spaces as one; optional as above. */
    neighborhood: z.optional(z.array(breakdownRowSchema)),
    schoolYear: z.array(breakdownRowSchema),
    socialProgram: z.array(breakdownRowSchema),
    specialNeeds: z.array(breakdownRowSchema),
  }),
  /** The nominal list; absent when the request asked for none (`list=none`). */
  students: z.optional(z.array(beneficiarySchema)),
  /** Attendance per activity and class over the period, with each month beside it. */
  attendance: periodAttendanceSchema,
  /** The activity calendar; optional: a copy kept on a device from before it existed has none. */
  calendar: z.optional(activityCalendarSchema),
});
export type BeneficiariesReport = z.infer<typeof beneficiariesReportSchema>;

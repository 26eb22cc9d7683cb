/**
 * The general roll ("chamada geral", issue 52): every active child's arrival at the centre on a date, apart from the
 * class rolls. Its body is a class roll's (takenBy, takenAt, entries of {studentId, status}, basedOn, supersedes) with
 * the same versions: a save taken on an older general roll of the day than the server's answers 409 'stale-version'
 * with the roll as it is now. A child marked present in a class roll of that date has arrived (`arrivedInClass`),
 * whatever the general roll says of them: an absent mark for such a child is kept as sent and changes nothing while the
 * class roll has them present (the server ignores it; it does not refuse the whole roll, which an offline device may
 * have taken before the class roll reached the server).
 */
import * as z from 'zod/mini';
import { attendanceStatuses, idSchema, isoDateSchema, isoDateTimeSchema, monthSchema, textField } from './contract.ts';

/** Arrived (PRESENT) or not (ABSENT): a general roll has no justified absence (a class roll says why a child missed it). */
export const generalRollEntrySchema = z.object({ studentId: idSchema, status: z.enum(attendanceStatuses) });
export type GeneralRollEntry = z.infer<typeof generalRollEntrySchema>;

/** A general roll to save: every child on it at most once, at least one. `basedOn` and `supersedes` as a class roll's. */
export const generalRollInputSchema = z.object({
  takenBy: textField(200),
  takenAt: isoDateTimeSchema,
  entries: z.array(generalRollEntrySchema).check(z.minLength(1)),
  basedOn: z.optional(z.nullable(isoDateTimeSchema)),
  supersedes: z.optional(z.array(isoDateTimeSchema).check(z.maxLength(50))),
});
export type GeneralRollInput = z.infer<typeof generalRollInputSchema>;

/**
 * The general roll of a date as the server has it: the marks of its latest save (none, and no takenAt, while no one
 * saved it), who saved it first and who corrected it last, and the children a class roll of that date has present
 * (`arrivedInClass`): arrived, whatever their mark here.
 */
export const generalRollSchema = z.object({
  date: isoDateSchema,
  takenBy: z.optional(z.string()),
  takenAt: z.optional(isoDateTimeSchema),
  firstTakenBy: z.optional(z.string()),
  firstTakenAt: z.optional(isoDateTimeSchema),
  correctedBy: z.optional(z.nullable(z.string())),
  correctedAt: z.optional(z.nullable(isoDateTimeSchema)),
  entries: z.array(generalRollEntrySchema),
  arrivedInClass: z.array(idSchema),
});
export type GeneralRoll = z.infer<typeof generalRollSchema>;

export const generalMonthQuerySchema = z.object({ month: z.optional(monthSchema) });

/**
 * A month of arrivals (GET /attendance/general?month=YYYY-MM): the dates with a general roll or a class roll with a
 * child present, the children who arrived or were marked on one of them (name order), each date's cell: 'P' arrived
 * (marked at the general roll), 'C' arrived through a class roll only, null not arrived; and per date the arrivals.
 */
export const generalMonthSchema = z.object({
  month: monthSchema,
  dates: z.array(isoDateSchema),
  students: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      cells: z.array(z.nullable(z.enum(['P', 'C']))),
      arrived: z.int(),
    }),
  ),
  totals: z.array(z.object({ date: isoDateSchema, arrived: z.int() })),
});
export type GeneralMonth = z.infer<typeof generalMonthSchema>;

/**
 * The reports' arrivals per day (GET /reports/arrivals?month=YYYY-MM): each date of the month with a general roll or a
 * child present in a class roll, how many children arrived (by the general roll's rule), and of them how many were
 * marked at the general roll (the others arrived through a class roll only). Counts only: no child is named.
 */
export const arrivalsDaySchema = z.object({ date: isoDateSchema, arrived: z.int(), atGeneralRoll: z.int() });
export type ArrivalsDay = z.infer<typeof arrivalsDaySchema>;
export const arrivalsReportSchema = z.object({ month: monthSchema, days: z.array(arrivalsDaySchema) });
export type ArrivalsReport = z.infer<typeof arrivalsReportSchema>;

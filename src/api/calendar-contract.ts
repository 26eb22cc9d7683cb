/**
 * The programme calendar (issue 50): the days off of the whole programme, a public holiday or a recess. A day off is
 * no roll day for anyone: no absence, no frequency change, no "class without roll" alert (server/routes/frequency.ts
 * heldRoll). GET /calendar?year=YYYY, PUT and DELETE /calendar/{date}.
 */
import * as z from 'zod/mini';
import { isoDateSchema, isoDateTimeSchema, requiredText, yearSchema } from './contract.ts';

export const calendarDayKinds = ['HOLIDAY', 'RECESS'] as const;
export type CalendarDayKind = (typeof calendarDayKinds)[number];
export const CALENDAR_NAME_MAX = 120;

export const calendarDayInputSchema = z.object({ kind: z.enum(calendarDayKinds), name: requiredText(CALENDAR_NAME_MAX) });
export type CalendarDayInput = z.infer<typeof calendarDayInputSchema>;

export const calendarDaySchema = z.object({
  date: isoDateSchema,
  kind: z.enum(calendarDayKinds),
  name: z.string(),
  updatedBy: z.string(),
  updatedAt: isoDateTimeSchema,
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarSchema = z.array(calendarDaySchema);

export const calendarQuerySchema = z.object({ year: yearSchema });

/**
 * The programme calendar on the device (issue 50): a year's days off (GET /calendar?year=, kept in the persisted cache
 * so the roll call knows a holiday offline), and the coordinator's changes through the outbox ('calendar.set' -> PUT
 * /calendar/{date}, 'calendar.remove' -> DELETE /calendar/{date}; both replace the day as a whole, so a resend is
 * harmless). A change moves everyone's figures: the alerts, reports and lists are asked again once it is sent.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CalendarDay, CalendarDayInput } from './calendar-contract.ts';
import { getParsed, HTTPError, sendParsed } from '../lib/http.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';
import { invalidateAttendanceFigures } from './reports.ts';

export const calendarKeys = {
  all: ['calendar'] as const,
  ofYear: (year: number) => ['calendar', year] as const,
};

export const calendarQueryOptions = (year: number) =>
  queryOptions({
    queryKey: calendarKeys.ofYear(year),
    queryFn: () => getParsed(`calendar?year=${year}`, () => import('./calendar-contract.ts').then((contract) => contract.calendarSchema)),
  });

export type CalendarSetPayload = { date: string; day: CalendarDayInput };
export type CalendarRemovePayload = { date: string };

/** Days off to set (one or several: the year's national holidays in one step), each its own write. */
export async function enqueueCalendarDays(days: readonly CalendarSetPayload[]): Promise<void> {
  for (const payload of days) await enqueue({ kind: outboxKinds.calendarSet, payload, id: crypto.randomUUID() });
}

export async function enqueueCalendarRemove(date: string): Promise<void> {
  await enqueue({ kind: outboxKinds.calendarRemove, payload: { date } satisfies CalendarRemovePayload, id: crypto.randomUUID() });
}

/** The days off of a year as the screen shows them: the server's, with this device's changes still waiting laid over. */
export function withPending(
  days: readonly CalendarDay[],
  pending: ReadonlyArray<{ kind: string; payload: unknown }>,
  year: number,
): Array<CalendarDay & { pending?: boolean }> {
  const byDate = new Map<string, CalendarDay & { pending?: boolean }>(days.map((day) => [day.date, day]));
  for (const row of pending) {
    const { date } = row.payload as { date: string };
    if (!date.startsWith(`${year}-`)) continue;
    if (row.kind === outboxKinds.calendarRemove) byDate.delete(date);
    else {
      const { day } = row.payload as CalendarSetPayload;
      byDate.set(date, { date, ...day, updatedBy: '', updatedAt: '', pending: true });
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const afterChange = () => {
  void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  // Rolls on that day count, or stop counting: every figure may move.
  invalidateAttendanceFigures();
  void queryClient.invalidateQueries({ queryKey: ['students'] });
  void queryClient.invalidateQueries({ queryKey: ['classes'] });
};

export function registerCalendarHandlers(): void {
  registerOutboxHandler(outboxKinds.calendarSet, async (item) => {
    const { date, day } = item.payload as CalendarSetPayload;
    const { calendarDaySchema } = await import('./calendar-contract.ts');
    await sendParsed('put', `calendar/${date}`, day, calendarDaySchema);
    afterChange();
  });
  registerOutboxHandler(outboxKinds.calendarRemove, async (item) => {
    const { date } = item.payload as CalendarRemovePayload;
    try {
      // zod on demand: this module loads with the calendar's route and the outbox's handlers, zod with a send.
      const { unknown } = await import('zod/mini');
      await sendParsed('delete', `calendar/${date}`, undefined, unknown());
    } catch (error) {
      // Already a day of classes (removed from another device): what this write wanted.
      if (!(error instanceof HTTPError && error.response.status === 404)) throw error;
    }
    afterChange();
  });
}

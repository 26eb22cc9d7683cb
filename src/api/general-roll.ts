/**
 * The general roll (issue 52): the day's roll as the server has it (GET /attendance/general/{date}, kept in the
 * persisted cache like a class roll, so a day once opened shows offline), a month of arrivals, and the outbox handler
 * that sends a general roll taken on the device (PUT, replacing the day's; a resend never duplicates it). Saving and
 * sending follow a class roll's rules (attendance.ts enqueueDayRoll / sendBasedOn): one waiting save per day, versions,
 * and "keep mine" of a conflict.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { isoDateSchema } from './contract.ts';
import {
  generalMonthSchema,
  generalRollInputSchema,
  generalRollSchema,
  type GeneralMonth,
  type GeneralRoll,
  type GeneralRollInput,
} from './general-roll-contract.ts';
import { enqueueDayRoll, sendBasedOn } from './attendance.ts';
import { invalidateAttendanceFigures } from './reports.ts';
import { getParsed, sendParsed } from '../lib/http.ts';
import type { OutboxRow } from '../lib/db.ts';
import { registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';

export const GENERAL_ROLL_KIND = outboxKinds.generalRollSave;

export const generalRollPayloadSchema = z.object({ date: isoDateSchema, roll: generalRollInputSchema });
export type GeneralRollPayload = { date: string; roll: GeneralRollInput };

export const generalRollKeys = {
  all: ['attendance', 'general'] as const,
  day: (date: string) => ['attendance', 'general', 'day', date] as const,
  month: (month: string) => ['attendance', 'general', 'month', month] as const,
};

export const generalRollQueryOptions = (date: string) =>
  // Always asked again on opening (online): another device may have saved this day's roll, or a class roll, since.
  queryOptions({
    queryKey: generalRollKeys.day(date),
    queryFn: (): Promise<GeneralRoll> => getParsed(`attendance/general/${date}`, generalRollSchema),
    staleTime: 0,
  });

export const generalMonthQueryOptions = (month: string) =>
  queryOptions({
    queryKey: generalRollKeys.month(month),
    queryFn: (): Promise<GeneralMonth> => getParsed(`attendance/general?month=${encodeURIComponent(month)}`, generalMonthSchema),
  });

/** The payload of an outbox row of this kind, or null when it is not one (defensive: rows outlive app versions). */
export function generalRollPayloadOf(row: OutboxRow): GeneralRollPayload | null {
  const parsed = generalRollPayloadSchema.safeParse(row.payload);
  return parsed.success ? parsed.data : null;
}

/** Store the general roll on the device (resolves after the IndexedDB write), then let the outbox send it. */
export async function enqueueGeneralRoll(payload: GeneralRollPayload): Promise<OutboxRow> {
  const row = await enqueueDayRoll(
    GENERAL_ROLL_KIND,
    payload,
    (other) => {
      const waiting = generalRollPayloadOf(other);
      return waiting?.date === payload.date ? waiting.roll : null;
    },
    (value) => generalRollPayloadSchema.parse(value),
  );
  // The month's arrivals are behind this roll now: asked again when next shown.
  void queryClient.invalidateQueries({ queryKey: generalRollKeys.month(payload.date.slice(0, 7)) });
  return row;
}

export async function sendGeneralRoll(item: OutboxRow): Promise<GeneralRoll> {
  const { date, roll } = generalRollPayloadSchema.parse(item.payload);
  const body = generalRollInputSchema.parse({ ...roll, basedOn: sendBasedOn(item, roll.basedOn) });
  return sendParsed('put', `attendance/general/${date}`, body, generalRollSchema);
}

export function registerGeneralRollHandlers(): void {
  registerOutboxHandler(
    GENERAL_ROLL_KIND,
    async (item) => {
      const saved = await sendGeneralRoll(item);
      queryClient.setQueryData(generalRollKeys.day(saved.date), saved);
      void queryClient.invalidateQueries({ queryKey: generalRollKeys.month(saved.date.slice(0, 7)) });
      invalidateAttendanceFigures();
      return { date: saved.date, takenAt: saved.takenAt ?? null };
    },
    // "Keep mine" of a conflict: the same marks, now based on the general roll as the server has it (which they replace).
    {
      rebase: (payload, current) => {
        const { roll, date } = generalRollPayloadSchema.parse(payload);
        return { date, roll: { ...roll, basedOn: (current as { takenAt?: string }).takenAt ?? null } } satisfies GeneralRollPayload;
      },
    },
  );
}

/**
 * Attendance rolls: the saved roll of a class on a date (query), and the outbox handler that sends a roll taken on
 * the device. A roll is written to the outbox first (IndexedDB), then sent as PUT /classes/{classId}/attendance/{date};
 * the server replaces any earlier roll of that day, so a resend can never duplicate it. Writing or sending a roll makes
 * the class's month grids (attendance-grid.ts) stale.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { idSchema, isoDateSchema, rollInputSchema, rollSchema, type Roll, type RollInput } from './contract.ts';
import { gridKeys } from './attendance-grid.ts';
import { rosterKeys } from './rosters.ts';
import { invalidateAttendanceFigures } from './reports.ts';
import { getParsed, HTTPError, sendParsed } from '../lib/http.ts';
import { database, type OutboxRow } from '../lib/db.ts';
import { enqueue, isMadeHere, isSending, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';

export const ATTENDANCE_ROLL_KIND = outboxKinds.attendanceRoll;

export const rollPayloadSchema = z.object({ classId: idSchema, date: isoDateSchema, roll: rollInputSchema });
export type RollPayload = { classId: string; date: string; roll: RollInput };

export const rollKeys = {
  ofClass: (classId: string) => ['classes', classId, 'attendance'] as const,
  one: (classId: string, date: string) => ['classes', classId, 'attendance', date] as const,
};

const rollPath = (classId: string, date: string) => `classes/${encodeURIComponent(classId)}/attendance/${date}`;

/** The roll saved on the server for that class and date; null when there is none (404). */
export async function fetchRoll(classId: string, date: string): Promise<Roll | null> {
  try {
    return await getParsed(rollPath(classId, date), rollSchema);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

export const rollQueryOptions = (classId: string, date: string) =>
  // Always asked again on opening (online): another tablet may have saved this day's roll since.
  queryOptions({ queryKey: rollKeys.one(classId, date), queryFn: () => fetchRoll(classId, date), staleTime: 0 });

/** The payload of an outbox row of this kind, or null when it is not a roll (defensive: rows outlive app versions). */
export function rollPayloadOf(row: OutboxRow): RollPayload | null {
  const parsed = rollPayloadSchema.safeParse(row.payload);
  return parsed.success ? parsed.data : null;
}

/** What a save of a day's roll (a class's, or the general roll) carries that the outbox's replacing rules read. */
type DayRollFields = { takenAt: string; supersedes?: string[] | undefined };

/**
 * Store a day's roll on the device (resolves after the IndexedDB write), then let the outbox send it. Older rolls of the
 * same day still waiting (this account's: `sameDay` answers their roll) are dropped: the newer one replaces them on the
 * server anyway. Shared by a class roll (enqueueRoll) and the general roll (general-roll.ts).
 */
export async function enqueueDayRoll<P extends { roll: DayRollFields }>(
  kind: string,
  payload: P,
  sameDay: (row: OutboxRow) => DayRollFields | null,
  parse: (payload: P) => unknown,
): Promise<OutboxRow> {
  const db = await database();
  const older = (await db.outbox.where('kind').equals(kind).toArray()).filter((row) => sameDay(row) !== null);
  // Only this account's: another's roll of the day waits for their sign-in, and then meets this one as a conflict.
  const replaced = older.filter((row) => !isSending(row.id) && isMadeHere(row));
  const stale = replaced.map((row) => row.id);
  // A replaced save may have reached the server with its answer lost (or the tab closed mid-send): the day's roll being
  // it is no conflict. One that never arrived cannot be the day's roll (its takenAt is this device's own).
  const supersedes = [...new Set(replaced.flatMap((row) => [...(sameDay(row)?.supersedes ?? []), sameDay(row)!.takenAt]))];
  // One on its way: this one waits for it and is sent on the save it makes (the handler's basedOn), not as a conflict.
  const onItsWay = older.find((row) => isSending(row.id));
  const roll = supersedes.length > 0 ? { ...payload.roll, supersedes: supersedes.slice(-50) } : payload.roll;
  const row = await enqueue({ kind, payload: parse({ ...payload, roll }), id: crypto.randomUUID(), ...(onItsWay ? { dependsOn: onItsWay.id } : {}) });
  if (stale.length) await db.outbox.bulkDelete(stale);
  return row;
}

/** Taken while this device's previous save of the day was on its way: based on what that save made, else its own. */
export function sendBasedOn(item: OutboxRow, basedOn: string | null | undefined): string | null | undefined {
  const parentTakenAt = item.parentResult?.takenAt;
  return typeof parentTakenAt === 'string' ? parentTakenAt : basedOn;
}

/** Store the roll of a class and day on the device, then let the outbox send it (enqueueDayRoll). */
export async function enqueueRoll(payload: RollPayload): Promise<OutboxRow> {
  const row = await enqueueDayRoll(
    ATTENDANCE_ROLL_KIND,
    payload,
    (other) => {
      const roll = rollPayloadOf(other);
      return roll?.classId === payload.classId && roll.date === payload.date ? roll.roll : null;
    },
    (value) => rollPayloadSchema.parse(value),
  );
  // The class's grids are behind this roll now: asked again when next shown (offline: shown as the saved copy, "as of").
  void queryClient.invalidateQueries({ queryKey: gridKeys.ofClass(payload.classId) });
  return row;
}

export async function sendRoll(item: OutboxRow): Promise<Roll> {
  const { classId, date, roll } = rollPayloadSchema.parse(item.payload);
  const basedOn = sendBasedOn(item, roll.basedOn);
  return sendParsed('put', rollPath(classId, date), rollInputSchema.parse({ ...roll, basedOn }), rollSchema);
}

export function registerAttendanceHandlers(): void {
  registerOutboxHandler(
    ATTENDANCE_ROLL_KIND,
    async (item) => {
      const saved = await sendRoll(item);
      queryClient.setQueryData(rollKeys.one(saved.classId, saved.date), saved);
      // The percentages changed: the class roster and the students list show them.
      void queryClient.invalidateQueries({ queryKey: rosterKeys.one(saved.classId) });
      void queryClient.invalidateQueries({ queryKey: ['students'] });
      // The class's month grids show this day: a correction made offline appears there once it is sent.
      void queryClient.invalidateQueries({ queryKey: gridKeys.ofClass(saved.classId) });
      // Home's alerts (a class without a roll, a student's frequency) and the reports.
      invalidateAttendanceFigures();
      return { classId: saved.classId, date: saved.date, takenAt: saved.takenAt };
    },
    // "Keep mine" of a conflict: the same marks, now based on the roll as the server has it (which they replace).
    {
      rebase: (payload, current) => {
        const { roll, ...where } = rollPayloadSchema.parse(payload);
        return { ...where, roll: { ...roll, basedOn: (current as { takenAt?: string }).takenAt ?? null } } satisfies RollPayload;
      },
    },
  );
}

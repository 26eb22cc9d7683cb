/**
 * The data of one call page: the roster (class students, then all students, then the device's copy, then sample
 * data) and the roll saved for that class and date: first the one waiting in the outbox on this device, else the
 * server's. The marks shown are the user's changes over that saved roll; everyone is present when nothing is saved.
 * The changes not saved yet are kept on the device as they are made (use-roll-draft.ts).
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AttendanceEntry, NotHeld, StudentSummary } from '../../api/contract.ts';
import { rosterOnDateQueryOptions, rosterQueryOptions } from '../../api/rosters.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { ATTENDANCE_ROLL_KIND, rollPayloadOf, rollQueryOptions } from '../../api/attendance.ts';
import { listState, type ListState } from '../../offline/list-source.ts';
import { sampleStudents } from '../../offline/sample-data.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { refusalOf, type OutboxRow, type Refusal } from '../../lib/db.ts';
import { markOfEntry, PRESENT_MARK, sameMark, type RollMark, type ShownMark } from './roll-mark.ts';
import { isAccessRecordFailure } from '../../components/access-record-failure.tsx';

/**
 * The roster of the roll's date: today's (fetched ahead for every class, so it opens offline), or, for another date,
 * who was enrolled on that date; when that one cannot be fetched (offline), today's stands in.
 */
export function useRoster(classId: string, date?: string): ListState<StudentSummary> {
  const otherDay = Boolean(date) && date !== localIsoDate();
  const today = useQuery(rosterQueryOptions(classId));
  const dated = useQuery({ ...rosterOnDateQueryOptions(classId, date ?? ''), enabled: otherDay });
  const useDated = otherDay && (dated.data !== undefined || (dated.isPending && dated.fetchStatus === 'fetching'));
  return listState(useDated ? dated : today, sampleStudents);
}

export type SavedRollState = 'pending' | 'failed' | 'synced' | 'none' | 'unknown';
export type SavedRoll = {
  state: SavedRollState;
  marks: ReadonlyMap<string, RollMark>;
  takenBy?: string;
  takenAt?: string;
  /**
   * What a new save of the day is based on (RollInput.basedOn): the server's latest save, null when it has none or this
   * device cannot tell (offline before the day's roll was ever read, or its reading refused), what the save still
   * waiting here was based on (the new one replaces it). Null when not known: a roll the server has that this device
   * never saw is then a conflict the user settles, never replaced without a word.
   */
  basedOn?: string | null;
  /** The day's roll says the class was not held, and why (issue 50). */
  notHeld?: NotHeld;
  /** The server would not show the saved roll: it could not record the reading (its justified absences are a child's data). */
  unrecorded?: boolean;
} & Refusal;

const noMarks: ReadonlyMap<string, RollMark> = new Map();

function marksOf(entries: readonly AttendanceEntry[]): ReadonlyMap<string, RollMark> {
  return new Map(entries.map((entry) => [entry.studentId, markOfEntry(entry)]));
}

/** A day's roll as an outbox row holds it, or as the server answered it: what savedRollOf reads of either. */
type DayRollLike = {
  takenBy: string;
  takenAt: string;
  entries?: readonly AttendanceEntry[] | undefined;
  notHeld?: NotHeld | undefined;
  basedOn?: string | null | undefined;
};

/**
 * Where a day's roll stands on this device (shared by a class roll and the general roll): the newest save of that day
 * still in the outbox (`rollOf` answers its roll, null for another day's), else the server's answer (`data`: null when
 * it has none), else unknown.
 */
export function savedRollOf(
  rows: readonly OutboxRow[],
  rollOf: (row: OutboxRow) => DayRollLike | null,
  data: DayRollLike | null | undefined,
  error: unknown,
): SavedRoll {
  // The newest roll of this day still on the device wins over the server's copy.
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const row = rows[i]!;
    const roll = rollOf(row);
    if (!roll) continue;
    return {
      state: row.state === 'failed' ? 'failed' : 'pending',
      marks: marksOf(roll.entries ?? []),
      ...(roll.notHeld ? { notHeld: roll.notHeld } : {}),
      takenBy: roll.takenBy,
      takenAt: roll.takenAt,
      // What it will be sent on: the save before it made (sendRoll's parentResult), else what it was taken on.
      ...(typeof row.parentResult?.takenAt === 'string'
        ? { basedOn: row.parentResult.takenAt }
        : roll.basedOn === undefined
          ? {}
          : { basedOn: roll.basedOn }),
      ...refusalOf(row),
    };
  }
  if (data) {
    return {
      state: 'synced',
      marks: marksOf(data.entries ?? []),
      ...(data.notHeld ? { notHeld: data.notHeld } : {}),
      takenBy: data.takenBy,
      takenAt: data.takenAt,
      basedOn: data.takenAt,
    };
  }
  if (data === null) return { state: 'none', marks: noMarks, basedOn: null };
  return { state: 'unknown', marks: noMarks, basedOn: null, ...(isAccessRecordFailure(error) ? { unrecorded: true } : {}) };
}

export function useSavedRoll(classId: string, date: string | undefined): SavedRoll {
  const rows = useOutboxItems(ATTENDANCE_ROLL_KIND);
  const query = useQuery({ ...rollQueryOptions(classId, date ?? ''), enabled: Boolean(date) });
  return useMemo(() => {
    if (!date) return { state: 'none', marks: noMarks };
    const rollOf = (row: OutboxRow) => {
      const payload = rollPayloadOf(row);
      return payload?.classId === classId && payload.date === date ? payload.roll : null;
    };
    return savedRollOf(rows, rollOf, query.data, query.error);
  }, [rows, query.data, query.error, classId, date]);
}

/** The user's changes over a base (the saved roll with its unlisted children not marked, else everyone present). */
export function useRollMarks(base: ReadonlyMap<string, ShownMark>) {
  const [changes, setChanges] = useState<ReadonlyMap<string, RollMark>>(noMarks);
  const markOf = useCallback((id: string): ShownMark => changes.get(id) ?? base.get(id) ?? PRESENT_MARK, [changes, base]);
  const setMark = useCallback((id: string, mark: RollMark) => {
    setChanges((previous) => {
      const current = previous.get(id);
      if (current && sameMark(current, mark)) return previous;
      const next = new Map(previous);
      next.set(id, mark);
      return next;
    });
  }, []);
  /** Everyone present or absent, but a justified absence stays: it was given for a reason. */
  const setAll = useCallback(
    (ids: readonly string[], mark: RollMark) => {
      setChanges((previous) => {
        const next = new Map<string, RollMark>();
        for (const id of ids) {
          const current = previous.get(id) ?? base.get(id);
          next.set(id, current?.status === 'JUSTIFIED' ? current : mark);
        }
        return next;
      });
    },
    [base],
  );
  const clearChanges = useCallback(() => setChanges(noMarks), []);
  return { markOf, setMark, setAll, clearChanges, setChanges, changes, changed: changes.size > 0 };
}

/** The marks that differ from the base (the saved roll, else everyone present): what saving would change. */
export function unsavedMarks(changes: ReadonlyMap<string, RollMark>, base: ReadonlyMap<string, ShownMark>): Record<string, RollMark> {
  const marks: Record<string, RollMark> = {};
  for (const [id, mark] of changes) if (!sameMark(mark, base.get(id) ?? PRESENT_MARK)) marks[id] = mark;
  return marks;
}

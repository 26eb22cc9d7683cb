/**
 * The data of one call page: the roster (class students, then all students, then the device's copy, then sample
 * data) and the roll saved for that class and date: first the one waiting in the outbox on this device, else the
 * server's. The marks shown are the user's changes over that saved roll; everyone is present when nothing is saved.
 * The changes not saved yet are kept on the device as they are made (db.rollDrafts) and come back when the page opens.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AttendanceEntry, StudentSummary } from '../../api/contract.ts';
import { rosterOnDateQueryOptions, rosterQueryOptions } from '../../api/rosters.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { ATTENDANCE_ROLL_KIND, rollPayloadOf, rollQueryOptions } from '../../api/attendance.ts';
import { listState, type ListState } from '../../offline/list-source.ts';
import { sampleStudents } from '../../offline/sample-data.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { db, refusalOf, rollDraftKey, type Refusal, type StoredRollMark } from '../../lib/db.ts';
import { markOfDraft, markOfEntry, PRESENT_MARK, sameMark, type RollMark } from './roll-mark.ts';

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
} & Refusal;

const noMarks: ReadonlyMap<string, RollMark> = new Map();

function marksOf(entries: readonly AttendanceEntry[]): ReadonlyMap<string, RollMark> {
  return new Map(entries.map((entry) => [entry.studentId, markOfEntry(entry)]));
}

export function useSavedRoll(classId: string, date: string | undefined): SavedRoll {
  const rows = useOutboxItems(ATTENDANCE_ROLL_KIND);
  const query = useQuery({ ...rollQueryOptions(classId, date ?? ''), enabled: Boolean(date) });
  return useMemo(() => {
    if (!date) return { state: 'none', marks: noMarks };
    // The newest roll of this class and day still on the device wins over the server's copy.
    for (let i = rows.length - 1; i >= 0; i -= 1) {
      const row = rows[i]!;
      const payload = rollPayloadOf(row);
      if (payload?.classId !== classId || payload.date !== date) continue;
      return {
        state: row.state === 'failed' ? 'failed' : 'pending',
        marks: marksOf(payload.roll.entries),
        takenBy: payload.roll.takenBy,
        takenAt: payload.roll.takenAt,
        ...refusalOf(row),
      };
    }
    if (query.data) {
      return {
        state: 'synced',
        marks: marksOf(query.data.entries),
        takenBy: query.data.takenBy,
        takenAt: query.data.takenAt,
      };
    }
    return { state: query.data === null ? 'none' : 'unknown', marks: noMarks };
  }, [rows, query.data, classId, date]);
}

/** The user's changes over a base (the saved roll, else everyone present). */
export function useRollMarks(base: ReadonlyMap<string, RollMark>) {
  const [changes, setChanges] = useState<ReadonlyMap<string, RollMark>>(noMarks);
  const markOf = useCallback((id: string): RollMark => changes.get(id) ?? base.get(id) ?? PRESENT_MARK, [changes, base]);
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
  /** Marks kept from before (a draft): under any the user made since. */
  const restore = useCallback((marks: ReadonlyMap<string, RollMark>) => {
    setChanges((previous) => (marks.size === 0 ? previous : new Map([...marks, ...previous])));
  }, []);
  return { markOf, setMark, setAll, clearChanges, restore, changes, changed: changes.size > 0 };
}

/** The marks that differ from the base (the saved roll, else everyone present): what saving would change. */
export function unsavedMarks(changes: ReadonlyMap<string, RollMark>, base: ReadonlyMap<string, RollMark>): Record<string, RollMark> {
  const marks: Record<string, RollMark> = {};
  for (const [id, mark] of changes) if (!sameMark(mark, base.get(id) ?? PRESENT_MARK)) marks[id] = mark;
  return marks;
}

/** A draft's marks as the roll call holds them; a mark it cannot read is left out. */
function draftMarks(stored: Record<string, StoredRollMark>): ReadonlyMap<string, RollMark> {
  const marks = new Map<string, RollMark>();
  for (const [id, value] of Object.entries(stored)) {
    const mark = markOfDraft(value);
    if (mark) marks.set(id, mark);
  }
  return marks;
}

/**
 * useRollMarks, with the changes kept on the device per class and date as they are made: restored when the page
 * opens again (a tap made before the draft is read wins over it), removed when nothing differs from the saved roll any
 * more (after saving, or marking back) or when discarded. No date, no draft: a roll without a date cannot be saved.
 */
export function useRollDraft(classId: string, date: string | undefined, base: ReadonlyMap<string, RollMark>) {
  const marks = useRollMarks(base);
  const { changes, restore, clearChanges } = marks;
  const [loaded, setLoaded] = useState(!date);
  const key = date ? rollDraftKey(classId, date) : null;

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    void db.rollDrafts
      .get(key)
      .catch((error: unknown) => {
        console.warn('Quadra: the roll draft could not be read', error);
        return undefined;
      })
      .then((draft) => {
        if (cancelled) return;
        if (draft) restore(draftMarks(draft.marks));
        setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [key, restore]);

  const unsaved = useMemo(() => unsavedMarks(changes, base), [changes, base]);
  // Without a date nothing is kept (nor can be saved): the note would promise what is not done.
  const unsavedCount = key ? Object.keys(unsaved).length : 0;

  useEffect(() => {
    if (!key || !loaded || !date) return;
    const write: Promise<unknown> =
      unsavedCount > 0 ? db.rollDrafts.put({ key, classId, date, marks: unsaved, updatedAt: Date.now() }) : db.rollDrafts.delete(key);
    write.catch((error: unknown) => console.warn('Quadra: the roll draft could not be stored', error));
  }, [key, loaded, classId, date, unsaved, unsavedCount]);

  const discard = useCallback(() => {
    clearChanges();
    if (key) void db.rollDrafts.delete(key).catch(() => undefined);
  }, [clearChanges, key]);

  return { ...marks, unsavedCount, discard };
}

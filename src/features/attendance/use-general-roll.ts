/**
 * The data of the general roll's page (issue 52): every active child, from the students list the device holds (the
 * persisted ['students'] query, kept fresh by the sync; offline it is the device's copy, "as of"), the day's general
 * roll (the newest save waiting in this device's outbox, else the server's), and who arrived through a class roll of
 * that date: the server's answer, plus the class rolls of that date still waiting in this device's outbox.
 *
 * Decision: the children are today's active children on the device's list, whatever the date (the device does not
 * know who was active on a past date); a child the saved roll lists and the list no longer has (deactivated since)
 * keeps their mark in a correction, unseen. The server refuses a child not active on the roll's date.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StudentSummary } from '../../api/contract.ts';
import { studentsQueryOptions } from '../../api/students.ts';
import { ATTENDANCE_ROLL_KIND, rollPayloadOf } from '../../api/attendance.ts';
import { GENERAL_ROLL_KIND, generalRollPayloadOf, generalRollQueryOptions } from '../../api/general-roll.ts';
import type { OutboxRow } from '../../lib/db.ts';
import { listState, type ListState } from '../../offline/list-source.ts';
import { sampleStudents } from '../../offline/sample-data.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { savedRollOf, type SavedRoll } from './use-roll-call.ts';

/** The general roll's draft is kept with the roll call's (db.rollDrafts), under this in place of a class id. */
export const GENERAL_DRAFT_ID = '*general*';

/** Every active child on the device's list (a server without deactivation counts everyone active). */
export function useActiveChildren(): ListState<StudentSummary> {
  const { items, source, savedAt } = listState(useQuery(studentsQueryOptions()), sampleStudents);
  const active = useMemo(() => items.filter((student) => student.active !== false), [items]);
  return { items: active, source, ...(savedAt === undefined ? {} : { savedAt }) };
}

/** The present marks of the class rolls of `date` waiting in this device's outbox. */
export function presentInWaitingClassRolls(rows: readonly OutboxRow[], date: string): string[] {
  return rows.flatMap((row) => {
    const payload = rollPayloadOf(row);
    if (payload?.date !== date) return [];
    return (payload.roll.entries ?? []).filter((entry) => entry.status === 'PRESENT').map((entry) => entry.studentId);
  });
}

export type GeneralRollState = { saved: SavedRoll; arrivedInClass: ReadonlySet<string> };

export function useGeneralRoll(date: string): GeneralRollState {
  const rows = useOutboxItems(GENERAL_ROLL_KIND);
  const classRolls = useOutboxItems(ATTENDANCE_ROLL_KIND);
  const query = useQuery(generalRollQueryOptions(date));
  const saved = useMemo(() => {
    const rollOf = (row: OutboxRow) => {
      const payload = generalRollPayloadOf(row);
      return payload?.date === date ? payload.roll : null;
    };
    // The server's answer without takenAt: no one saved that day's general roll yet.
    const data =
      query.data && query.data.takenAt && query.data.takenBy !== undefined
        ? { ...query.data, takenAt: query.data.takenAt, takenBy: query.data.takenBy }
        : query.data
          ? null
          : undefined;
    return savedRollOf(rows, rollOf, data, query.error);
  }, [rows, query.data, query.error, date]);
  const arrivedInClass = useMemo(
    () => new Set([...(query.data?.arrivedInClass ?? []), ...presentInWaitingClassRolls(classRolls, date)]),
    [query.data, classRolls, date],
  );
  return { saved, arrivedInClass };
}

/**
 * A saved roll opened again to correct it (issue 56): the children of the date's roster it does not list (enrolled
 * since, or left off) are not marked, not "present", and a correction saves what the roll listed plus only the
 * children the user marked. A new roll keeps the spec's "everyone starts present".
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRollDraft } from '../../../src/features/attendance/use-roll-draft.ts';
import { ABSENT_MARK, baseMarks, PRESENT_MARK, type RollMark, type ShownMark } from '../../../src/features/attendance/roll-mark.ts';
import { decideSave } from '../../../src/features/attendance/save-rules.ts';
import { db } from '../../../src/lib/db-dexie.ts';

const CLASS_ID = 'c1';
const DATE = '2026-11-14';
/** The date's roster now: the 3 of the saved roll and 3 enrolled from before the date after it was taken. */
const roster = ['s1', 's2', 's3', 'n1', 'n2', 'n3'].map((id) => ({ id, name: `Student ${id}`, frequencyPercent: 0 }));
/** The roll saved on 14/11: 2 present, 1 absent. */
const savedRoll: ReadonlyMap<string, RollMark> = new Map([
  ['s1', PRESENT_MARK],
  ['s2', PRESENT_MARK],
  ['s3', ABSENT_MARK],
]);

function openRollCall(base: ReadonlyMap<string, ShownMark>) {
  return renderHook(() => useRollDraft(CLASS_ID, DATE, base));
}

function save(markOf: (id: string) => ShownMark) {
  const decision = decideSave({
    classId: CLASS_ID,
    date: DATE,
    students: roster,
    source: 'server',
    markOf,
    takenBy: 'coord@example.com',
    now: new Date('2026-11-20T12:00:00.000Z'),
    basedOn: '2026-11-14T12:00:00.000Z',
  });
  if (!decision.ok) throw new Error(decision.reason);
  return Object.fromEntries((decision.payload.roll.entries ?? []).map((entry) => [entry.studentId, entry.status]));
}

beforeEach(async () => {
  await db.rollDrafts.clear();
});

describe('correcting a saved roll', () => {
  it('shows the children the saved roll does not list as not marked, and the listed ones as saved', async () => {
    const base = baseMarks(
      savedRoll,
      true,
      roster.map((student) => student.id),
    );
    const call = openRollCall(base);
    await waitFor(() => expect(call.result.current.markOf('n1').status).toBe('NOT_MARKED'));
    expect(['s1', 's2', 's3', 'n1', 'n2', 'n3'].map((id) => call.result.current.markOf(id).status)).toEqual([
      'PRESENT',
      'PRESENT',
      'ABSENT',
      'NOT_MARKED',
      'NOT_MARKED',
      'NOT_MARKED',
    ]);
    // Nothing changed yet: nothing to save.
    expect(call.result.current.unsavedCount).toBe(0);
  });

  it('saves what the roll listed plus only the children the user marked', async () => {
    const base = baseMarks(
      savedRoll,
      true,
      roster.map((student) => student.id),
    );
    const call = openRollCall(base);
    await waitFor(() => expect(call.result.current.markOf('n1').status).toBe('NOT_MARKED'));
    act(() => call.result.current.setMark('s2', ABSENT_MARK));
    act(() => call.result.current.setMark('n2', PRESENT_MARK));
    expect(save(call.result.current.markOf)).toEqual({ s1: 'PRESENT', s2: 'ABSENT', s3: 'ABSENT', n2: 'PRESENT' });
  });

  it('a new roll (nothing saved for the day) still starts with everyone present', async () => {
    const base = baseMarks(
      new Map(),
      false,
      roster.map((student) => student.id),
    );
    const call = openRollCall(base);
    await waitFor(() => expect(call.result.current.markOf('n1').status).toBe('PRESENT'));
    expect(Object.values(save(call.result.current.markOf))).toEqual(Array(6).fill('PRESENT'));
  });
});

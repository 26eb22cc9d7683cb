/**
 * The roll draft (db.rollDrafts, one row per class and date) when the same roll call is open in two tabs: each tab's
 * marks reach the device's draft without undoing the other's, so a reload shows them all.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRollDraft } from '../../../src/features/attendance/use-roll-draft.ts';
import { ABSENT_MARK, justifiedMark, markOfDraft, PRESENT_MARK, type RollMark } from '../../../src/features/attendance/roll-mark.ts';
import { rollDraftKey } from '../../../src/lib/db.ts';
import { db } from '../../../src/lib/db-dexie.ts';

const CLASS_ID = 'c1';
const DATE = '2026-03-02';
const KEY = rollDraftKey(CLASS_ID, DATE);
/** Nothing saved for the day yet: everyone present. */
const nothingSaved: ReadonlyMap<string, RollMark> = new Map();

/** One tab's roll call of the class and date (its own hook, its own state), over the saved roll `base`. */
function openTab(base: ReadonlyMap<string, RollMark> = nothingSaved) {
  return renderHook(({ saved }) => useRollDraft(CLASS_ID, DATE, saved), { initialProps: { saved: base } });
}

/** The draft's marks as the device holds them (older drafts hold 'ABSENT' for { status: 'ABSENT' }). */
async function storedMarks(): Promise<Record<string, RollMark | null> | undefined> {
  const row = await db.rollDrafts.get(KEY);
  return row && Object.fromEntries(Object.entries(row.marks).map(([id, mark]) => [id, markOfDraft(mark)]));
}

/** Both tabs open and done reading the draft, as a user's tabs are before they tap. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

beforeEach(async () => {
  await db.rollDrafts.clear();
});

describe('a roll call open in two tabs', () => {
  it("keeps both tabs' marks in the device's draft: the last tab to write does not undo the other's", async () => {
    const tabA = openTab();
    const tabB = openTab();
    await settle();
    act(() => tabA.result.current.setMark('s1', ABSENT_MARK));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s1: ABSENT_MARK }));
    act(() => tabB.result.current.setMark('s2', ABSENT_MARK));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s1: ABSENT_MARK, s2: ABSENT_MARK }));

    // A reload of either tab shows both marks.
    const reloaded = openTab();
    await waitFor(() => {
      expect(reloaded.result.current.markOf('s1')).toBe(ABSENT_MARK);
      expect(reloaded.result.current.markOf('s2')).toBe(ABSENT_MARK);
      expect(reloaded.result.current.unsavedCount).toBe(2);
    });
  });

  it("shows the other tab's marks in an open tab", async () => {
    const tabA = openTab();
    const tabB = openTab();
    await settle();
    act(() => tabA.result.current.setMark('s1', ABSENT_MARK));
    await waitFor(() => expect(tabB.result.current.markOf('s1')).toBe(ABSENT_MARK));
    act(() => tabB.result.current.setMark('s2', justifiedMark('HEALTH')));
    await waitFor(() => expect(tabA.result.current.markOf('s2')).toEqual(justifiedMark('HEALTH')));
    expect(tabA.result.current.unsavedCount).toBe(2);
    // A mark set back to the saved one leaves the draft, in both tabs.
    act(() => tabA.result.current.setMark('s2', PRESENT_MARK));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s1: ABSENT_MARK }));
    await waitFor(() => expect(tabB.result.current.markOf('s2')).toBe(PRESENT_MARK));
    expect(tabB.result.current.unsavedCount).toBe(1);
  });

  it("marking everyone in one tab sets every student it marked, the other tab's marks included", async () => {
    const tabA = openTab();
    const tabB = openTab();
    await settle();
    act(() => tabB.result.current.setMark('s2', ABSENT_MARK));
    act(() => tabB.result.current.setMark('s3', justifiedMark('FAMILY')));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s2: ABSENT_MARK, s3: justifiedMark('FAMILY') }));
    await waitFor(() => expect(tabA.result.current.markOf('s3')).toEqual(justifiedMark('FAMILY')));
    act(() => tabA.result.current.setAll(['s1', 's2', 's3'], ABSENT_MARK));
    // s3's justified absence stays, as it does in one tab.
    await waitFor(async () => expect(await storedMarks()).toEqual({ s1: ABSENT_MARK, s2: ABSENT_MARK, s3: justifiedMark('FAMILY') }));
    act(() => tabA.result.current.setAll(['s1', 's2', 's3'], PRESENT_MARK));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s3: justifiedMark('FAMILY') }));
  });

  it("a tap made before the tab has read the draft wins over the draft's mark for that student, and keeps the rest", async () => {
    await db.rollDrafts.put({ key: KEY, classId: CLASS_ID, date: DATE, marks: { s1: 'ABSENT', s2: 'ABSENT' }, updatedAt: 1 });
    const tab = openTab();
    act(() => tab.result.current.setMark('s1', justifiedMark('SCHOOL')));
    await waitFor(() => expect(tab.result.current.markOf('s2')).toBe(ABSENT_MARK));
    expect(tab.result.current.markOf('s1')).toEqual(justifiedMark('SCHOOL'));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s1: justifiedMark('SCHOOL'), s2: ABSENT_MARK }));
  });

  it('discarding clears the draft, in the other tab too', async () => {
    const tabA = openTab();
    const tabB = openTab();
    await settle();
    act(() => tabA.result.current.setMark('s1', ABSENT_MARK));
    act(() => tabB.result.current.setMark('s2', ABSENT_MARK));
    await waitFor(async () => expect(await storedMarks()).toEqual({ s1: ABSENT_MARK, s2: ABSENT_MARK }));
    await waitFor(() => expect(tabA.result.current.unsavedCount).toBe(2));
    act(() => tabA.result.current.discard());
    await waitFor(async () => expect(await db.rollDrafts.get(KEY)).toBeUndefined());
    expect(tabA.result.current.unsavedCount).toBe(0);
    await waitFor(() => expect(tabB.result.current.unsavedCount).toBe(0));
    expect(tabB.result.current.markOf('s2')).toBe(PRESENT_MARK);
  });

  it('saving clears the draft: the saved roll holds every mark', async () => {
    const tab = openTab();
    act(() => tab.result.current.setMark('s1', ABSENT_MARK));
    act(() => tab.result.current.setMark('s2', justifiedMark('OTHER', 'rain')));
    await waitFor(async () => expect(Object.keys((await storedMarks()) ?? {})).toHaveLength(2));
    // The roll enters the outbox: the saved roll is now these marks.
    tab.rerender({
      saved: new Map([
        ['s1', ABSENT_MARK],
        ['s2', justifiedMark('OTHER', 'rain')],
        ['s3', PRESENT_MARK],
      ]),
    });
    await waitFor(async () => expect(await db.rollDrafts.get(KEY)).toBeUndefined());
    expect(tab.result.current.unsavedCount).toBe(0);
  });

  it('a roll without a date keeps no draft', async () => {
    const tab = renderHook(() => useRollDraft(CLASS_ID, undefined, nothingSaved));
    act(() => tab.result.current.setMark('s1', ABSENT_MARK));
    expect(tab.result.current.unsavedCount).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.rollDrafts.count()).toBe(0);
  });
});

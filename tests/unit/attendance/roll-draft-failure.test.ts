/**
 * A roll call's mark whose write to the device's draft fails (IndexedDB refused it, or the database's code could not
 * load) is written again a moment later: never left out of the draft while the bar says the changes are kept.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRollDraft } from '../../../src/features/attendance/use-roll-draft.ts';
import { ABSENT_MARK, markOfDraft, type RollMark } from '../../../src/features/attendance/roll-mark.ts';
import { rollDraftKey } from '../../../src/lib/db.ts';
import { db } from '../../../src/lib/db-dexie.ts';

const KEY = rollDraftKey('c1', '2026-03-02');

afterEach(async () => {
  vi.restoreAllMocks();
  await db.rollDrafts.clear();
});

describe("a roll draft's write that fails", () => {
  it('is made again, with the marks it held', async () => {
    const { result } = renderHook(() => useRollDraft('c1', '2026-03-02', new Map<string, RollMark>()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    const transaction = vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('QuotaExceededError'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => result.current.setMark('s1', ABSENT_MARK));
    await waitFor(() => expect(transaction).toHaveBeenCalledTimes(1));
    expect(await db.rollDrafts.get(KEY)).toBeUndefined();
    await waitFor(
      async () => {
        const row = await db.rollDrafts.get(KEY);
        expect(row && markOfDraft(row.marks.s1!)).toBe(ABSENT_MARK);
      },
      { timeout: 4_500 },
    );
  }, 8_000);

  it('is not made again once the roll call is closed: a session that ended meanwhile gets no marks back', async () => {
    const { result, unmount } = renderHook(() => useRollDraft('c1', '2026-03-02', new Map<string, RollMark>()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transaction = vi.spyOn(db, 'transaction').mockRejectedValue(new Error('QuotaExceededError'));
    act(() => result.current.setMark('s1', ABSENT_MARK));
    await waitFor(() => expect(transaction).toHaveBeenCalledTimes(1));
    // The page is left (a sign-out): its write on leaving fails too, and the device works again after.
    unmount();
    await waitFor(() => expect(transaction).toHaveBeenCalledTimes(2));
    transaction.mockRestore();
    await act(() => new Promise((resolve) => setTimeout(resolve, 3_500)));
    expect(await db.rollDrafts.get(KEY)).toBeUndefined();
  }, 8_000);
});

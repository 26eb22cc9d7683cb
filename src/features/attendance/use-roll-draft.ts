/**
 * A roll call's marks not saved yet, kept on the device per class and date as they are made (db.rollDrafts), so
 * leaving the page, a reload or a crash never loses them, and the same roll call open in several tabs never loses one
 * tab's marks to another's.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { database, rollDraftKey, type RollDraftRow, type StoredRollMark } from '../../lib/db.ts';
import { markOfDraft, PRESENT_MARK, sameMark, type RollMark, type ShownMark } from './roll-mark.ts';
import { unsavedMarks, useRollMarks } from './use-roll-call.ts';

/** A draft's marks as the roll call holds them; a mark it cannot read is left out. */
function draftMarks(stored: Record<string, StoredRollMark>): ReadonlyMap<string, RollMark> {
  const marks = new Map<string, RollMark>();
  for (const [id, value] of Object.entries(stored)) {
    const mark = markOfDraft(value);
    if (mark) marks.set(id, mark);
  }
  return marks;
}

/** Whether two saved rolls hold the same marks (a saved roll is read again, as a new map, at each outbox change). */
function sameMarks(a: ReadonlyMap<string, ShownMark>, b: ReadonlyMap<string, ShownMark>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [id, mark] of a) {
    const other = b.get(id);
    if (!other || !sameMark(mark, other)) return false;
  }
  return true;
}

/**
 * A tab's changes with the device's draft taken in: the draft's marks, but this tab's own for the students it changed
 * and has not written yet (`pending`). A change the draft no longer holds was undone elsewhere (marked back, discarded,
 * saved), so it goes, unless it is the saved mark anyway (kept: it was never stored). Unchanged marks keep their object.
 */
function withStoredDraft(
  changes: ReadonlyMap<string, RollMark>,
  stored: ReadonlyMap<string, RollMark>,
  pending: ReadonlySet<string>,
  base: ReadonlyMap<string, ShownMark>,
): ReadonlyMap<string, RollMark> {
  const next = new Map<string, RollMark>();
  let same = true;
  for (const [id, mark] of stored) {
    if (pending.has(id)) continue;
    const current = changes.get(id);
    if (current && sameMark(current, mark)) next.set(id, current);
    else {
      next.set(id, mark);
      same = false;
    }
  }
  for (const [id, mark] of changes) {
    if (pending.has(id)) next.set(id, mark);
    else if (stored.has(id)) continue;
    else if (sameMark(mark, base.get(id) ?? PRESENT_MARK)) next.set(id, mark);
    else same = false;
  }
  return same && next.size === changes.size ? changes : next;
}

/**
 * One change to a stored draft: for each student, the mark to keep (null: none, the saved one stands). A student this
 * tab changed is written as it is; another one (`expected` set: a mark looked at again because the saved roll changed)
 * only while the draft still holds what this tab saw there (`expected`, null when it held nothing), so another tab's
 * later mark for that student is never undone.
 */
type DraftWrite = { mark: RollMark | null; expected?: RollMark | null };

/**
 * Applies a change to the draft of `key` in one transaction (read, change only the students named, write), so two
 * tabs' changes both stand, whichever comes last. The draft goes when no mark is left. Answers whether it changed.
 */
async function changeDraft(key: string, classId: string, date: string, writes: ReadonlyMap<string, DraftWrite>): Promise<boolean> {
  const db = await database();
  return db.transaction('rw', db.rollDrafts, async () => {
    const row = await db.rollDrafts.get(key);
    const marks: Record<string, StoredRollMark> = { ...row?.marks };
    let changed = false;
    for (const [id, { mark, expected }] of writes) {
      const stored = Object.hasOwn(marks, id) ? marks[id] : undefined;
      const current = stored === undefined ? null : markOfDraft(stored);
      if (expected !== undefined) {
        const unchanged = stored === undefined ? expected === null : current !== null && expected !== null && sameMark(current, expected);
        if (!unchanged) continue;
      }
      if (mark) {
        if (current && sameMark(current, mark)) continue;
        marks[id] = mark;
        changed = true;
      } else if (stored !== undefined) {
        delete marks[id];
        changed = true;
      }
    }
    if (!changed) return false;
    if (Object.keys(marks).length > 0) await db.rollDrafts.put({ key, classId, date, marks, updatedAt: Date.now() });
    else await db.rollDrafts.delete(key);
    return true;
  });
}

/** How soon a draft's write that failed is tried again. */
const DRAFT_RETRY_MS = 3_000;

/** Tabs (and roll calls) of this device tell each other a draft changed: `{ key, from }`, from the writer's id. */
const DRAFT_CHANNEL = 'quadra-roll-drafts';
type DraftNotice = { key: string; from: string };

function announceDraftChange(notice: DraftNotice): void {
  if (typeof BroadcastChannel !== 'function') return;
  // A channel of its own: the writer's may be closed by then (a write flushed as the page is left).
  const channel = new BroadcastChannel(DRAFT_CHANNEL);
  channel.postMessage(notice);
  channel.close();
}

/**
 * useRollMarks, with the changes kept on the device per class and date as they are made: restored when the page
 * opens again (a tap made before the draft is read wins over it), removed when nothing differs from the saved roll any
 * more (after saving, or marking back) or when discarded. No date, no draft: a roll without a date cannot be saved.
 *
 * The same roll call may be open in several tabs, all writing one draft: a tab writes only the students it changed
 * (a tap: one; marking everyone: each it marked), each write read-modify-write in one transaction, never its whole
 * map over another tab's marks. Writes run in a task after the tap's (several taps, one write), and right away when
 * the page is left. A tab takes in the others' changes when they announce them (BroadcastChannel).
 */
export function useRollDraft(classId: string, date: string | undefined, base: ReadonlyMap<string, ShownMark>) {
  const { setChanges, clearChanges, ...marks } = useRollMarks(base);
  const { changes, setMark: setMarkInState, setAll: setAllInState } = marks;
  const [loaded, setLoaded] = useState(!date);
  const key = date ? rollDraftKey(classId, date) : null;

  const [tabId] = useState(() => Math.random().toString(36).slice(2));
  /** What the last commit showed: the write (after it) reads it. */
  const latest = useRef({ key, classId, date, changes, base, loaded });
  /** Students this tab changed and has not written yet. */
  const touched = useRef(new Set<string>());
  /** The saved roll the draft was last written against (null: not yet, since it was read). */
  const writtenBase = useRef<ReadonlyMap<string, ShownMark> | null>(null);
  /** Writes begun, so a read of the draft that one overtook is made again. */
  const writesBegun = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** A write that failed, made again in a moment (while the roll call is open). */
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const open = useRef(true);

  const write = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (retry.current !== null) clearTimeout(retry.current);
    retry.current = null;
    const { key, classId, date, changes, base, loaded } = latest.current;
    if (!key || !date || !loaded) return;
    const writes = new Map<string, DraftWrite>();
    const unsavedMark = (id: string, over: ReadonlyMap<string, ShownMark>): RollMark | null => {
      const mark = changes.get(id);
      return mark && !sameMark(mark, over.get(id) ?? PRESENT_MARK) ? mark : null;
    };
    const mine = touched.current;
    for (const id of mine) writes.set(id, { mark: unsavedMark(id, base) });
    touched.current = new Set();
    // The saved roll changed (saved here, or the server's came): each mark this tab holds is looked at again.
    const previous = writtenBase.current;
    if (previous === null || !sameMarks(previous, base)) {
      // What this tab last saw in the draft: its marks that differed from that saved roll (all it read, at first).
      for (const [id, mark] of changes) {
        if (!writes.has(id)) writes.set(id, { mark: unsavedMark(id, base), expected: previous ? unsavedMark(id, previous) : mark });
      }
    }
    writtenBase.current = base;
    if (writes.size === 0) return;
    writesBegun.current += 1;
    changeDraft(key, classId, date, writes)
      .then((changed) => changed && announceDraftChange({ key, from: tabId }))
      .catch((error: unknown) => {
        console.warn('Quadra: the roll draft could not be stored', error);
        // Not stored (IndexedDB refused, or the database's code could not load): those students are written again,
        // with the next tap or in a moment, not left out of the draft while the bar says it is kept. Not once the roll
        // call is closed: a session that ended meanwhile (a sign-out) must not get its marks back on the device.
        if (!open.current || latest.current.key !== key) return;
        for (const id of mine) touched.current.add(id);
        // The marks looked at again because the saved roll changed: looked at again next time too.
        if (writtenBase.current === base) writtenBase.current = previous;
        retry.current ??= setTimeout(write, DRAFT_RETRY_MS);
      });
  }, [tabId]);

  // Reads the draft when the page opens, and again when another tab announces a change to it.
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      let draft: RollDraftRow | undefined;
      do {
        again = false;
        const begun = writesBegun.current;
        draft = await database()
          .then((db) => db.rollDrafts.get(key))
          .catch((error: unknown) => {
            console.warn('Quadra: the roll draft could not be read', error);
            return undefined;
          });
        // A write of this tab began meanwhile: what was read may predate it.
        if (writesBegun.current !== begun) again = true;
      } while (again && !cancelled);
      reading = false;
      if (cancelled) return;
      const stored = draftMarks(draft?.marks ?? {});
      setChanges((current) => withStoredDraft(current, stored, touched.current, latest.current.base));
      setLoaded(true);
    };
    void read();
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DRAFT_CHANNEL) : null;
    channel?.addEventListener('message', (event: MessageEvent<DraftNotice | undefined>) => {
      if (event.data?.key === key && event.data.from !== tabId) void read();
    });
    return () => {
      cancelled = true;
      channel?.close();
    };
  }, [key, setChanges, tabId]);

  useEffect(() => {
    latest.current = { key, classId, date, changes, base, loaded };
    // Not in the tap's task (an effect of a tap runs before its paint): in the next one.
    if (loaded && key && timer.current === null) timer.current = setTimeout(write, 0);
  }, [key, classId, date, changes, base, loaded, write]);

  // Leaving the page (or another date): what waits is written now.
  useEffect(
    () => () => {
      if (timer.current !== null || retry.current !== null) write();
    },
    [key, write],
  );
  // Closed (after the write above): a write that fails from now on is not made again.
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      if (retry.current !== null) clearTimeout(retry.current);
      retry.current = null;
    };
  }, []);

  const setMark = useCallback(
    (id: string, mark: RollMark) => {
      touched.current.add(id);
      setMarkInState(id, mark);
    },
    [setMarkInState],
  );
  const setAll = useCallback(
    (ids: readonly string[], mark: RollMark) => {
      // Marking everyone replaces this tab's changes: the ones it leaves out are changed too.
      for (const id of latest.current.changes.keys()) touched.current.add(id);
      for (const id of ids) touched.current.add(id);
      setAllInState(ids, mark);
    },
    [setAllInState],
  );

  const unsaved = useMemo(() => unsavedMarks(changes, base), [changes, base]);
  // Without a date nothing is kept (nor can be saved): the note would promise what is not done.
  const unsavedCount = key ? Object.keys(unsaved).length : 0;

  const discard = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    touched.current = new Set();
    clearChanges();
    if (!key) return;
    writesBegun.current += 1;
    database()
      .then((db) => db.rollDrafts.delete(key))
      .then(() => announceDraftChange({ key, from: tabId }))
      .catch(() => undefined);
  }, [clearChanges, key, tabId]);

  return { ...marks, setMark, setAll, unsavedCount, discard };
}

/**
 * How an answer of GET /sync changes the device's copy: pure functions, so that "the deltas applied in any split give
 * the same copy as one full sync" can be tested as a property (tests/unit/offline/sync-merge.test.ts).
 *
 * Students are kept in one order, whatever way they arrived (the server's: api/name-order.ts), and each class's
 * roster is derived from the students' class ids, so a roster never disagrees with the list it comes from.
 */
import type { Activity, ClassGroup, Roll, StudentSummary, SyncAnswer, SyncStudentColumns, User } from '../api/contract.ts';
import { pickStudentColumns, summariesFromColumns } from '../api/sync-columns.ts';
import { byFoldedField, byNameOrder } from '../api/name-order.ts';

export type DeviceCopy = {
  students?: StudentSummary[];
  /** The classes whose roster has each student (today). */
  classIdsByStudent: Record<string, string[]>;
  activities?: Activity[];
  classes?: ClassGroup[];
  users?: User[];
};

/**
 * The students' columns reordered into the copy's order (byNameOrder). The sync's worker does it, off the main thread,
 * and a full answer's students are then taken in that order (mergeSync's `studentsInOrder`): sorting 5,000 names on
 * the main thread was a long task under a tap at 4x CPU, and even sorting them again once in order was a third of the
 * merge's task (a comparison each, but each name's sort key computed again, in this thread).
 */
export function studentColumnsInOrder(columns: SyncStudentColumns): SyncStudentColumns {
  const order = columns.ids
    .map((_, i) => i)
    .sort((a, b) => byNameOrder({ name: columns.names[a]!, id: columns.ids[a]! }, { name: columns.names[b]!, id: columns.ids[b]! }));
  return pickStudentColumns(columns, order);
}

/** One list of records with ids: replaced by a full answer, else updated and trimmed by the delta, then ordered. */
function mergeList<T extends { id: string }>(
  current: T[] | undefined,
  changed: T[] | undefined,
  removed: string[] | undefined,
  full: boolean,
  order: (a: T, b: T) => number,
  inOrder = false,
): T[] | undefined {
  if (full) return changed ? (inOrder ? [...changed] : [...changed].sort(order)) : undefined;
  if (!changed?.length && !removed?.length) return current;
  const byId = new Map((current ?? []).map((item) => [item.id, item]));
  for (const id of removed ?? []) byId.delete(id);
  for (const item of changed ?? []) byId.set(item.id, item);
  return [...byId.values()].sort(order);
}

/** An answer's students made from their columns (summariesFromColumns), and each one's classes. */
export type MadeStudents = { summaries: StudentSummary[]; classIds: Record<string, string[]> };

export function madeStudents(columns: SyncStudentColumns): MadeStudents {
  const classIds: Record<string, string[]> = {};
  return { summaries: summariesFromColumns(columns, classIds), classIds };
}

/**
 * `studentsInOrder`: the answer's students are already in the copy's order (studentColumnsInOrder). `made`: its
 * students already made from their columns (the device's sync makes them a slice at a time: offline/sync.ts).
 */
export function mergeSync(
  copy: DeviceCopy | undefined,
  answer: SyncAnswer,
  { studentsInOrder = false, made }: { studentsInOrder?: boolean; made?: MadeStudents } = {},
): DeviceCopy {
  const { full, changed, removed } = answer;
  const classIdsByStudent: Record<string, string[]> = full ? {} : { ...copy?.classIdsByStudent };
  for (const id of removed.students ?? []) delete classIdsByStudent[id];
  const changedStudents = made ?? (changed.students ? madeStudents(changed.students) : undefined);
  if (changedStudents) Object.assign(classIdsByStudent, changedStudents.classIds);
  const students = mergeList(copy?.students, changedStudents?.summaries, removed.students, full, byNameOrder, studentsInOrder);
  const merged: DeviceCopy = { classIdsByStudent };
  const activities = mergeList(
    copy?.activities,
    changed.activities,
    removed.activities,
    full,
    byFoldedField<Activity>((a) => a.name),
  );
  const classes = mergeList(
    copy?.classes,
    changed.classes,
    removed.classes,
    full,
    byFoldedField<ClassGroup>((c) => c.title),
  );
  const users = mergeList(
    copy?.users,
    changed.users,
    removed.users,
    full,
    byFoldedField<User>((u) => u.full_name),
  );
  if (students) merged.students = students;
  if (activities) merged.activities = activities;
  if (classes) merged.classes = classes;
  if (users) merged.users = users;
  return merged;
}

/** Each class's roster, in the students' order: what GET /classes/{id}/students answers. */
export function rostersOf(copy: DeviceCopy): Map<string, StudentSummary[]> {
  const rosters = new Map<string, StudentSummary[]>((copy.classes ?? []).map((group) => [group.id, []]));
  for (const student of copy.students ?? []) {
    for (const classId of copy.classIdsByStudent[student.id] ?? []) {
      let roster = rosters.get(classId);
      if (!roster) rosters.set(classId, (roster = []));
      roster.push(student);
    }
  }
  return rosters;
}

export const rollKey = (roll: { classId: string; date: string }): string => `${roll.classId}/${roll.date}`;

/** The rolls an answer sets (a roll) or clears (null), by class and date. */
export function rollUpdates(answer: SyncAnswer): Map<string, Roll | null> {
  const updates = new Map<string, Roll | null>();
  for (const key of answer.removed.rolls ?? []) updates.set(rollKey(key), null);
  for (const roll of answer.changed.rolls ?? []) updates.set(rollKey(roll), roll);
  return updates;
}

/**
 * The sync's constants and its students' column form (issue 18), without the contract's schemas: the device's merge
 * (offline/sync-merge.ts) runs in the first load's neighbourhood and must not bring zod with it.
 */
import type { SyncAnswer, SyncAnswerWire, SyncStudent, SyncStudentColumns, SyncStudentColumnsWire } from './contract.ts';
import { packIds, unpackIds } from './packed-ids.ts';

/** How far back a device keeps rolls: the sync brings the rolls of these last days. */
export const SYNC_ROLL_DAYS = 60;

export function studentColumns(students: readonly SyncStudent[]): SyncStudentColumns {
  const classIds: string[] = [];
  const position = new Map<string, number>();
  const refOf = (classId: string) => {
    let ref = position.get(classId);
    if (ref === undefined) position.set(classId, (ref = classIds.push(classId) - 1));
    return ref;
  };
  // Issue 52: the civil names of children with a social name (search finds either), only when some have one.
  const civilNames = students.some((student) => student.civilName) ? { civilNames: students.map((student) => student.civilName ?? '') } : {};
  return {
    ids: students.map((student) => student.id),
    names: students.map((student) => student.name),
    ...civilNames,
    frequencyPercent: students.map((student) => student.frequencyPercent),
    classIds,
    classes: students.map((student) => student.classIds.map(refOf)),
  };
}

/** The columns as they travel: the ids packed when they are UUIDs (packed-ids.ts). */
export function packStudentColumns(columns: SyncStudentColumns): SyncStudentColumnsWire {
  return { ...columns, ids: packIds(columns.ids), classIds: packIds(columns.classIds) };
}

export function unpackStudentColumns(columns: SyncStudentColumnsWire): SyncStudentColumns {
  return { ...columns, ids: unpackIds(columns.ids), classIds: unpackIds(columns.classIds) };
}

/** A checked answer as the device keeps it: its students' ids unpacked. */
export function syncAnswerFromWire(answer: SyncAnswerWire): SyncAnswer {
  const { students, ...changed } = answer.changed;
  return { ...answer, changed: students ? { ...changed, students: unpackStudentColumns(students) } : changed };
}

export function studentsFromColumns(columns: SyncStudentColumns): SyncStudent[] {
  return columns.ids.map((id, i) => ({
    id,
    name: columns.names[i]!,
    ...(columns.civilNames?.[i] ? { civilName: columns.civilNames[i] } : {}),
    frequencyPercent: columns.frequencyPercent[i]!,
    classIds: columns.classes[i]!.map((ref) => columns.classIds[ref]!),
  }));
}

/** The students at these positions, in this order; their classes still refer to `classIds` (the list's own by default). */
export function pickStudentColumns(columns: SyncStudentColumns, positions: readonly number[], classIds = columns.classIds): SyncStudentColumns {
  return {
    ids: positions.map((i) => columns.ids[i]!),
    names: positions.map((i) => columns.names[i]!),
    ...(columns.civilNames ? { civilNames: positions.map((i) => columns.civilNames![i]!) } : {}),
    frequencyPercent: positions.map((i) => columns.frequencyPercent[i]!),
    classIds,
    classes: positions.map((i) => columns.classes[i]!),
  };
}

/** Parts of one list put back together, in order; the class ids are the first part's (the others carry none). */
export function joinStudentColumns(parts: readonly SyncStudentColumns[]): SyncStudentColumns {
  return {
    ids: parts.flatMap((part) => part.ids),
    names: parts.flatMap((part) => part.names),
    ...(parts.some((part) => part.civilNames) ? { civilNames: parts.flatMap((part) => part.civilNames ?? part.names.map(() => '')) } : {}),
    frequencyPercent: parts.flatMap((part) => part.frequencyPercent),
    classIds: parts[0]?.classIds ?? [],
    classes: parts.flatMap((part) => part.classes),
  };
}

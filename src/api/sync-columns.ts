/**
 * The sync's constants and its students' column form (issue 18), without the contract's schemas: the device's merge
 * (offline/sync-merge.ts) runs in the first load's neighbourhood and must not bring zod with it.
 */
import type { StudentSummary, SyncAnswer, SyncAnswerWire, SyncStudent, SyncStudentColumns, SyncStudentColumnsWire } from './contract.ts';
import { packIds, unpackIds } from './packed-ids.ts';
import { packCodes, packRefs, refsOf, unpackCodes } from './packed-columns.ts';

/** How far back a device keeps rolls: the sync brings the rolls of these last days. */
export const SYNC_ROLL_DAYS = 60;

/**
 * The columns of text a student may lack (issue 52), each '' for a student without it, and travelling only when some
 * student has it: the civil name of a child with a social name (search finds either), the gender, school year,
 * employment and school shift the list filters by (student-filters.ts).
 */
const optionalColumns = [
  ['civilNames', 'civilName'],
  ['genders', 'gender'],
  ['schoolYears', 'schoolYear'],
  ['employmentStatuses', 'employmentStatus'],
  ['schoolShifts', 'schoolShift'],
] as const;
type OptionalColumn = (typeof optionalColumns)[number][0];
type OptionalField = (typeof optionalColumns)[number][1];

/** Each optional column that `has`, built by `column` (given the column's name and its student's field). */
function optionalColumnsOf(
  has: (name: OptionalColumn, field: OptionalField) => boolean,
  column: (name: OptionalColumn, field: OptionalField) => string[],
): Partial<Record<OptionalColumn, string[]>> {
  const result: Partial<Record<OptionalColumn, string[]>> = {};
  for (const [name, field] of optionalColumns) if (has(name, field)) result[name] = column(name, field);
  return result;
}

export function studentColumns(students: readonly SyncStudent[]): SyncStudentColumns {
  const classIds: string[] = [];
  const position = new Map<string, number>();
  const refOf = (classId: string) => {
    let ref = position.get(classId);
    if (ref === undefined) position.set(classId, (ref = classIds.push(classId) - 1));
    return ref;
  };
  return {
    ids: students.map((student) => student.id),
    names: students.map((student) => student.name),
    ...optionalColumnsOf(
      (_, field) => students.some((student) => student[field]),
      (_, field) => students.map((student) => student[field] ?? ''),
    ),
    frequencyPercent: students.map((student) => student.frequencyPercent),
    classIds,
    classes: students.map((student) => student.classIds.map(refOf)),
  };
}

/** The columns of codes, packed on the wire (packed-columns.ts); the civil names are text, and travel as a list. */
const codeColumns = ['genders', 'schoolYears', 'employmentStatuses', 'schoolShifts'] as const;

/** The columns as they travel: the ids packed when they are UUIDs (packed-ids.ts), the codes and classes packed. */
export function packStudentColumns(columns: SyncStudentColumns): SyncStudentColumnsWire {
  const wire: SyncStudentColumnsWire = {
    ...columns,
    ...Object.fromEntries(codeColumns.flatMap((name) => (columns[name] ? [[name, packCodes(columns[name]) ?? columns[name]]] : []))),
    ids: packIds(columns.ids),
    classIds: packIds(columns.classIds),
    classes: packRefs(columns.classes, columns.classIds.length),
  };
  return wire;
}

/** The columns as the contract checked them (every packed part comes back whole), unpacked. */
export function unpackStudentColumns(wire: SyncStudentColumnsWire): SyncStudentColumns {
  const ids = unpackIds(wire.ids);
  const classIds = unpackIds(wire.classIds);
  const whole = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the sync's student columns do not unpack (the contract checks them first)");
    return value;
  };
  const columns: SyncStudentColumns = {
    ...wire,
    ids,
    classIds,
    classes: whole(refsOf(wire.classes, ids.length, classIds.length)),
  } as SyncStudentColumns;
  for (const name of codeColumns) {
    const column = wire[name];
    if (column) columns[name] = Array.isArray(column) ? column : whole(unpackCodes(column));
  }
  return columns;
}

/** A checked answer as the device keeps it: its students' ids unpacked. */
export function syncAnswerFromWire(answer: SyncAnswerWire): SyncAnswer {
  const { students, ...changed } = answer.changed;
  return { ...answer, changed: students ? { ...changed, students: unpackStudentColumns(students) } : changed };
}

export function studentsFromColumns(columns: SyncStudentColumns): SyncStudent[] {
  const classIdsById: Record<string, string[]> = {};
  return summariesFromColumns(columns, classIdsById).map((summary) => ({ ...summary, classIds: classIdsById[summary.id]! }));
}

/**
 * The students at positions `from` to `to` (all by default) as the device's list keeps them (without their classes),
 * each one's classes written into `classIdsById`: one object per student. Made with a copy of each student to leave its
 * classes out, a first visit's 5,000 took 17-22 ms in one go (Node, its code not yet optimised); the device's sync makes
 * them a slice at a time (offline/sync.ts).
 */
export function summariesFromColumns(
  columns: SyncStudentColumns,
  classIdsById: Record<string, string[]>,
  from = 0,
  to = columns.ids.length,
): StudentSummary[] {
  const present = optionalColumns.flatMap(([name, field]) => {
    const column = columns[name];
    return column ? [[column, field] as const] : [];
  });
  const { ids, names, frequencyPercent, classes, classIds } = columns;
  const summaries: StudentSummary[] = [];
  for (let i = from; i < to; i++) {
    const id = ids[i]!;
    const summary: StudentSummary = { id, name: names[i]!, frequencyPercent: frequencyPercent[i]! };
    for (const [column, field] of present) if (column[i]) summary[field] = column[i];
    classIdsById[id] = classes[i]!.map((ref) => classIds[ref]!);
    summaries.push(summary);
  }
  return summaries;
}

/** The students at these positions, in this order; their classes still refer to `classIds` (the list's own by default). */
export function pickStudentColumns(columns: SyncStudentColumns, positions: readonly number[], classIds = columns.classIds): SyncStudentColumns {
  return {
    ids: positions.map((i) => columns.ids[i]!),
    names: positions.map((i) => columns.names[i]!),
    ...optionalColumnsOf(
      (name) => columns[name] !== undefined,
      (name) => positions.map((i) => columns[name]![i]!),
    ),
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
    ...optionalColumnsOf(
      (name) => parts.some((part) => part[name]),
      (name) => parts.flatMap((part) => part[name] ?? part.names.map(() => '')),
    ),
    frequencyPercent: parts.flatMap((part) => part.frequencyPercent),
    classIds: parts[0]?.classIds ?? [],
    classes: parts.flatMap((part) => part.classes),
  };
}

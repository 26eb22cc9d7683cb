/**
 * The device's copy after syncs: a model server records writes (students with their classes, classes, activities,
 * rolls; some removed), and a device that took one full sync and then deltas, split anywhere, ends with exactly the
 * copy of one full sync at the end: the same lists in the same order, the same rosters, the same rolls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Activity, ClassGroup, Roll, SyncAnswer, SyncStudent } from '../../../src/api/contract.ts';
import { studentColumns, studentsFromColumns, summariesFromColumns } from '../../../src/api/sync-columns.ts';
import { mergeSync, rollUpdates, rostersOf, studentColumnsInOrder, type DeviceCopy, type MadeStudents } from '../../../src/offline/sync-merge.ts';
import { byNameOrder } from '../../../src/api/name-order.ts';

type Op =
  | { kind: 'student'; id: string; name: string; frequencyPercent: number; classIds: string[] }
  | { kind: 'removeStudent'; id: string }
  | { kind: 'class'; id: string; title: string }
  | { kind: 'removeClass'; id: string }
  | { kind: 'activity'; id: string; name: string }
  | { kind: 'roll'; classId: string; date: string; status: 'PRESENT' | 'ABSENT' }
  | { kind: 'removeRoll'; classId: string; date: string };

const classIds = ['c1', 'c2', 'c3'];
const studentIds = ['s1', 's2', 's3', 's4', 's5'];
const names = ['Ana', 'Álvaro', 'ana', 'Bia', 'Zé', 'Érica'];
const dates = ['2026-11-02', '2026-11-09', '2026-11-16'];

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('student' as const),
    id: fc.constantFrom(...studentIds),
    name: fc.constantFrom(...names),
    frequencyPercent: fc.integer({ min: 0, max: 100 }),
    classIds: fc.subarray(classIds),
  }),
  fc.record({ kind: fc.constant('removeStudent' as const), id: fc.constantFrom(...studentIds) }),
  fc.record({ kind: fc.constant('class' as const), id: fc.constantFrom(...classIds), title: fc.constantFrom('Turma A', 'Turma B', 'Sub-11') }),
  fc.record({ kind: fc.constant('removeClass' as const), id: fc.constantFrom(...classIds) }),
  fc.record({ kind: fc.constant('activity' as const), id: fc.constantFrom('a1', 'a2'), name: fc.constantFrom('Futsal', 'Natação', 'futsal') }),
  fc.record({
    kind: fc.constant('roll' as const),
    classId: fc.constantFrom(...classIds),
    date: fc.constantFrom(...dates),
    status: fc.constantFrom('PRESENT' as const, 'ABSENT' as const),
  }),
  fc.record({ kind: fc.constant('removeRoll' as const), classId: fc.constantFrom(...classIds), date: fc.constantFrom(...dates) }),
);

/** A server that numbers its writes: `since` answers the records written at or after that number. */
class ModelServer {
  students = new Map<string, SyncStudent>();
  classes = new Map<string, ClassGroup>();
  activities = new Map<string, Activity>();
  rolls = new Map<string, Roll>();
  written = new Map<string, number>();
  clock = 0;

  apply(op: Op): void {
    this.clock += 1;
    const mark = (key: string) => this.written.set(key, this.clock);
    switch (op.kind) {
      case 'student':
        this.students.set(op.id, { id: op.id, name: op.name, frequencyPercent: op.frequencyPercent, classIds: op.classIds });
        return void mark(`students/${op.id}`);
      case 'removeStudent':
        this.students.delete(op.id);
        return void mark(`students/${op.id}`);
      case 'class':
        this.classes.set(op.id, { id: op.id, title: op.title, weekDay: 'SEGUNDA', schedule: '08:00', level: 'TODOS_NIVEIS', activityId: 'a1' });
        return void mark(`classes/${op.id}`);
      case 'removeClass':
        this.classes.delete(op.id);
        return void mark(`classes/${op.id}`);
      case 'activity':
        this.activities.set(op.id, { id: op.id, name: op.name, teacher: 'Prof.', area: 'Esportes', frequency: 'Semanal' });
        return void mark(`activities/${op.id}`);
      case 'roll':
        this.rolls.set(`${op.classId}/${op.date}`, {
          classId: op.classId,
          date: op.date,
          takenBy: 'Prof.',
          takenAt: `${op.date}T10:00:00.000Z`,
          entries: [{ studentId: 's1', status: op.status }],
        });
        return void mark(`rolls/${op.classId}/${op.date}`);
      case 'removeRoll':
        this.rolls.delete(`${op.classId}/${op.date}`);
        return void mark(`rolls/${op.classId}/${op.date}`);
    }
  }

  answer(since?: number): SyncAnswer {
    const changedSince = (entity: string) =>
      since === undefined
        ? null
        : [...this.written].filter(([key, at]) => key.startsWith(`${entity}/`) && at >= since).map(([key]) => key.slice(entity.length + 1));
    const part = <T>(entity: string, records: Map<string, T>) => {
      const ids = changedSince(entity);
      if (ids === null) return { changed: [...records.values()].reverse(), removed: [] as string[] };
      return { changed: ids.filter((id) => records.has(id)).map((id) => records.get(id)!), removed: ids.filter((id) => !records.has(id)) };
    };
    const students = part('students', this.students);
    const classes = part('classes', this.classes);
    const activities = part('activities', this.activities);
    const rolls = part('rolls', this.rolls);
    const answer: SyncAnswer = {
      cursor: String(this.clock + 1),
      full: since === undefined,
      changed: {},
      removed: {},
      me: { id: 'u', email: 'u@example.org', full_name: 'U', access: 'admin', permissions: [] },
    };
    // Like the server: a part is there when the role reads it; a delta leaves out what did not change.
    if (since === undefined || students.changed.length) answer.changed.students = studentColumns(students.changed);
    if (since === undefined || classes.changed.length) answer.changed.classes = classes.changed;
    if (since === undefined || activities.changed.length) answer.changed.activities = activities.changed;
    if (since === undefined || rolls.changed.length) answer.changed.rolls = rolls.changed;
    if (students.removed.length) answer.removed.students = students.removed;
    if (classes.removed.length) answer.removed.classes = classes.removed;
    if (activities.removed.length) answer.removed.activities = activities.removed;
    if (rolls.removed.length) {
      answer.removed.rolls = rolls.removed.map((key) => ({ classId: key.split('/')[0]!, date: key.split('/')[1]! }));
    }
    return answer;
  }
}

type Device = { copy: DeviceCopy; rolls: Map<string, Roll | null> };

function receive(device: Device | undefined, answer: SyncAnswer): Device {
  // As the sync does: the students put in the device's order first (its worker), the merge then taking them in it.
  const students = answer.changed.students && studentColumnsInOrder(answer.changed.students);
  const ordered: SyncAnswer = { ...answer, changed: { ...answer.changed, ...(students ? { students } : {}) } };
  const copy = mergeSync(answer.full ? undefined : device?.copy, ordered, { studentsInOrder: true });
  const rolls = new Map(answer.full ? [] : device?.rolls);
  for (const [key, roll] of rollUpdates(answer)) rolls.set(key, roll);
  return { copy, rolls };
}

const visible = (device: Device) => ({
  ...device.copy,
  rosters: [...rostersOf(device.copy)],
  rolls: [...device.rolls].filter(([, roll]) => roll !== null).sort(([a], [b]) => (a < b ? -1 : 1)),
});

describe('syncing the device in changes', () => {
  it('gives the same copy after deltas in any split as after one full sync', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), fc.array(opArb, { maxLength: 40 }), fc.array(fc.nat(40)), (before, after, splits) => {
        const server = new ModelServer();
        before.forEach((op) => server.apply(op));
        let device = receive(undefined, server.answer());
        let cursor = Number(server.answer().cursor);
        const cuts = new Set(splits.filter((at) => at < after.length));
        after.forEach((op, index) => {
          server.apply(op);
          if (cuts.has(index)) {
            const answer = server.answer(cursor);
            device = receive(device, answer);
            cursor = Number(answer.cursor);
          }
        });
        device = receive(device, server.answer(cursor));
        expect(visible(device)).toEqual(visible(receive(undefined, server.answer())));
      }),
      { numRuns: 300 },
    );
  });

  it('orders students by name as people read them, accents and case aside, then by id', () => {
    const server = new ModelServer();
    for (const [id, name] of [
      ['s3', 'Zé'],
      ['s1', 'Érica'],
      ['s2', 'ana'],
      ['s4', 'Álvaro'],
    ] as const) {
      server.apply({ kind: 'student', id, name, frequencyPercent: 50, classIds: ['c1'] });
    }
    server.apply({ kind: 'class', id: 'c1', title: 'Turma A' });
    const { copy } = receive(undefined, server.answer());
    expect(copy.students!.map((s) => s.name)).toEqual(['Álvaro', 'ana', 'Érica', 'Zé']);
    expect(
      rostersOf(copy)
        .get('c1')!
        .map((s) => s.id),
    ).toEqual(['s4', 's2', 's1', 's3']);
  });

  it('keeps the civil name of a child with a social name through the columns, their order and the merge (issue 52: search finds either)', () => {
    const students: SyncStudent[] = [
      { id: 's1', name: 'Zé', frequencyPercent: 50, classIds: ['c1'] },
      { id: 's2', name: 'Aline', civilName: 'Alan Lima', frequencyPercent: 80, classIds: [] },
    ];
    const columns = studentColumns(students);
    expect(columns.civilNames).toEqual(['', 'Alan Lima']);
    expect(studentColumns([students[0]!]).civilNames).toBeUndefined();
    const ordered = studentColumnsInOrder(columns);
    expect(studentsFromColumns(ordered)).toEqual([students[1], students[0]]);
    const answer: SyncAnswer = {
      cursor: '1',
      full: true,
      changed: { students: ordered },
      removed: {},
      me: { id: 'u', email: 'u@example.org', full_name: 'U', access: 'admin', permissions: [] },
    };
    expect(mergeSync(undefined, answer).students).toEqual([
      { id: 's2', name: 'Aline', civilName: 'Alan Lima', frequencyPercent: 80 },
      { id: 's1', name: 'Zé', frequencyPercent: 50 },
    ]);
  });

  it("puts the students' columns in the device's order, each student whole (the worker does it before the merge)", () => {
    const columns = studentColumns([
      { id: 's3', name: 'Zé', frequencyPercent: 10, classIds: ['c2'] },
      { id: 's1', name: 'Érica', frequencyPercent: 20, classIds: [] },
      { id: 's2', name: 'ana', frequencyPercent: 30, classIds: ['c1', 'c2'] },
      { id: 's0', name: 'ana', frequencyPercent: 40, classIds: ['c1'] },
    ]);
    const ordered = studentColumnsInOrder(columns);
    expect(ordered.ids).toEqual(['s0', 's2', 's1', 's3']);
    expect(studentsFromColumns(ordered)).toEqual(studentsFromColumns(columns).sort(byNameOrder));
  });

  it("merges an answer's students made a slice at a time (the device's sync) as it merges them made at once", () => {
    const me = { id: 'u', email: 'u@example.org', full_name: 'U', access: 'admin' as const, permissions: [] };
    const first: SyncAnswer = {
      cursor: '1',
      full: true,
      changed: {
        students: studentColumnsInOrder(
          studentColumns([
            { id: 's1', name: 'Ana', frequencyPercent: 20, classIds: ['c1'] },
            { id: 's2', name: 'Bia', frequencyPercent: 30, classIds: ['c1', 'c2'] },
          ]),
        ),
      },
      removed: {},
      me,
    };
    const copy = mergeSync(undefined, first, { studentsInOrder: true });
    const columns = studentColumnsInOrder(
      studentColumns([
        { id: 's3', name: 'Zé', frequencyPercent: 10, classIds: ['c2'] },
        { id: 's1', name: 'Ana', frequencyPercent: 25, classIds: [], civilName: 'Ana Lima' },
        { id: 's4', name: 'Érica', frequencyPercent: 40, classIds: ['c1'] },
      ]),
    );
    const delta: SyncAnswer = { cursor: '2', full: false, changed: { students: columns }, removed: { students: ['s2'] }, me };
    const made: MadeStudents = { summaries: [], classIds: {} };
    for (const [from, to] of [
      [0, 2],
      [2, 3],
    ] as const)
      made.summaries.push(...summariesFromColumns(columns, made.classIds, from, to));
    const sliced = mergeSync(copy, delta, { made });
    expect(sliced).toEqual(mergeSync(copy, delta));
    expect(sliced.students!.map((s) => s.id)).toEqual(['s1', 's4', 's3']);
    expect(sliced.classIdsByStudent).toEqual({ s1: [], s3: ['c2'], s4: ['c1'] });
  });

  it("takes a full answer's students in the order given when they are in the device's order already, else sorts them", () => {
    const columns = studentColumns([
      { id: 's3', name: 'Zé', frequencyPercent: 10, classIds: [] },
      { id: 's1', name: 'Ana', frequencyPercent: 20, classIds: [] },
    ]);
    const answer: SyncAnswer = {
      cursor: '1',
      full: true,
      changed: { students: columns },
      removed: {},
      me: { id: 'u', email: 'u@example.org', full_name: 'U', access: 'admin', permissions: [] },
    };
    // Not sorted again (each name's sort key computed again on the main thread): the caller vouches for the order.
    expect(mergeSync(undefined, answer, { studentsInOrder: true }).students!.map((s) => s.id)).toEqual(['s3', 's1']);
    expect(mergeSync(undefined, answer).students!.map((s) => s.id)).toEqual(['s1', 's3']);
  });
});

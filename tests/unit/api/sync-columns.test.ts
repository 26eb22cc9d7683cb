import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { syncStudentColumnsSchema } from '../../../src/api/contract.ts';
import { idCount, packIds, unpackIds } from '../../../src/api/packed-ids.ts';
import {
  joinStudentColumns,
  packStudentColumns,
  pickStudentColumns,
  studentColumns,
  studentsFromColumns,
  unpackStudentColumns,
} from '../../../src/api/sync-columns.ts';

const students = Array.from({ length: 7 }, (_, i) => ({
  id: `s${i}`,
  name: `Aluno ${i}`,
  frequencyPercent: i * 10,
  classIds: i % 2 ? ['c1', 'c2'] : ['c3'],
}));

describe("the sync's student columns", () => {
  it('split into parts (the class ids with the first only) and joined again, are the same students', () => {
    const columns = studentColumns(students);
    const parts = [0, 3, 6].map((from, n) => {
      const positions = Array.from({ length: Math.min(3, students.length - from) }, (_, k) => from + k);
      return pickStudentColumns(columns, positions, n === 0 ? columns.classIds : []);
    });
    expect(parts.slice(1).every((part) => part.classIds.length === 0)).toBe(true);
    expect(studentsFromColumns(joinStudentColumns(parts))).toEqual(students);
  });

  it('picked in another order keep each student whole', () => {
    const columns = studentColumns(students);
    expect(studentsFromColumns(pickStudentColumns(columns, [6, 0, 3]))).toEqual([students[6], students[0], students[3]]);
  });
});

describe('ids packed for the wire', () => {
  const uuids = fc.array(fc.uuid(), { maxLength: 40 });

  it('a list of UUIDs packs into one string and comes back the same, in order', () => {
    fc.assert(
      fc.property(uuids, (ids) => {
        const packed = packIds(ids);
        expect(typeof packed).toBe('string');
        expect(idCount(packed)).toBe(ids.length);
        expect(unpackIds(packed)).toEqual(ids);
      }),
    );
  });

  it('a list with any other id (or a UUID in capitals) stays a list', () => {
    const ids = ['0e345e99-773e-40ab-993c-74975d87fe67', 's1'];
    expect(packIds(ids)).toEqual(ids);
    expect(packIds(['0E345E99-773E-40AB-993C-74975D87FE67'])).toEqual(['0E345E99-773E-40AB-993C-74975D87FE67']);
  });

  it("the contract reads the students' columns packed, and refuses a packed string of a length no UUIDs give", () => {
    const students = Array.from({ length: 5 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Aluno ${i}`,
      frequencyPercent: 50,
      classIds: i % 2 ? [crypto.randomUUID()] : [],
    }));
    const wire = packStudentColumns(studentColumns(students));
    expect(typeof wire.ids).toBe('string');
    expect(studentsFromColumns(unpackStudentColumns(syncStudentColumnsSchema.parse(wire)))).toEqual(students);
    expect(syncStudentColumnsSchema.safeParse({ ...wire, ids: `${wire.ids as string}A` }).success).toBe(false);
    expect(syncStudentColumnsSchema.safeParse({ ...wire, ids: (wire.ids as string).slice(22) }).success).toBe(false);
  });
});

describe('codes and classes packed for the wire (issue 52: a first sync within 150 KB again)', () => {
  const code = fc.constantFrom('', 'FEMININO', 'MASCULINO', 'NAO_BINARIO', 'ESTUDANTE', 'FUNDAMENTAL_5', 'MANHA');
  const student = (classCount: number) =>
    fc.record({
      id: fc.uuid(),
      name: fc.string(),
      frequencyPercent: fc.integer({ min: 0, max: 100 }),
      gender: code,
      schoolYear: code,
      employmentStatus: code,
      schoolShift: code,
      classIds: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, classCount - 1) }), { maxLength: Math.min(3, classCount) }),
    });
  // Up to 5,000 classes: references of one, two and three digits.
  const list = fc
    .integer({ min: 0, max: 5_000 })
    .chain((classCount) => fc.tuple(fc.constant(classCount), fc.array(student(classCount), { maxLength: 12 })));

  it('come back the same students, through the contract, whatever the number of classes', () => {
    fc.assert(
      fc.property(list, ([classCount, drawn]) => {
        const classIds = Array.from({ length: classCount }, (_, i) => `c${i}`);
        const students = drawn.map(({ gender, schoolYear, employmentStatus, schoolShift, classIds: refs, ...rest }) => ({
          ...rest,
          ...Object.fromEntries(Object.entries({ gender, schoolYear, employmentStatus, schoolShift }).filter(([, value]) => value)),
          classIds: refs.map((ref) => classIds[ref]!),
        }));
        const wire = packStudentColumns(studentColumns(students));
        expect(typeof wire.classes).toBe('string');
        expect(studentsFromColumns(unpackStudentColumns(syncStudentColumnsSchema.parse(wire)))).toEqual(students);
      }),
    );
  });

  it('a column of codes is each code once and a character per student', () => {
    const wire = packStudentColumns(
      studentColumns(
        ['FEMININO', 'MASCULINO', 'FEMININO', ''].map((gender, i) => ({ id: `s${i}`, name: 'A', frequencyPercent: 0, classIds: [], gender })),
      ),
    );
    expect(wire.genders).toEqual({ codes: ['FEMININO', 'MASCULINO', ''], of: 'ABAC' });
  });

  it('the contract refuses a packed column or classes that do not fit the students', () => {
    const students = ['a', 'b'].map((id, i) => ({ id, name: id, frequencyPercent: 0, classIds: i ? ['c1'] : [], gender: 'FEMININO' }));
    const wire = packStudentColumns(studentColumns(students));
    expect(syncStudentColumnsSchema.safeParse(wire).success).toBe(true);
    const refused = [
      { ...wire, genders: { codes: ['FEMININO'], of: 'A' } }, // one student short
      { ...wire, genders: { codes: ['FEMININO'], of: 'AB' } }, // a character that names no code
      { ...wire, classes: 'A,' }, // one student short
      { ...wire, classes: ',B,' }, // a class that is not in classIds
      { ...wire, classes: ',A' }, // no comma after the last student's
    ];
    for (const columns of refused) expect(syncStudentColumnsSchema.safeParse(columns).success, JSON.stringify(columns)).toBe(false);
  });
});

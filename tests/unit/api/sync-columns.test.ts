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

import { describe, expect, it } from 'vitest';
import { joinStudentColumns, pickStudentColumns, studentColumns, studentsFromColumns } from '../../../src/api/sync-columns.ts';

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

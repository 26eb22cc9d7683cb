import { describe, expect, it } from 'vitest';
import { studentRows } from '../../../src/features/students/student-rows.ts';

const items = [
  { id: 'a', name: 'Ana Souza', frequencyPercent: 80, gender: 'FEMININO', schoolYear: 'FUNDAMENTAL_5', schoolShift: 'MANHA' },
  { id: 'b', name: 'Bruno Lima', frequencyPercent: 70, gender: 'MASCULINO', schoolYear: 'FUNDAMENTAL_5', schoolShift: 'TARDE' },
  { id: 'c', name: 'Cris Alves', frequencyPercent: 60, gender: 'NAO_BINARIO', schoolYear: 'ENSINO_MEDIO_1', employmentStatus: 'APRENDIZ' },
  { id: 'd', name: 'Dani Reis', frequencyPercent: 50 },
];
const pending = [
  { id: 'p1', name: 'Ana Nova', gender: 'FEMININO', schoolYear: 'EJA', schoolShift: 'NOITE', failed: false },
  { id: 'p2', name: 'Beto Novo', gender: 'MASCULINO', employmentStatus: 'APRENDIZ', failed: false },
];
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe("the students list's filters (gender, school year, employment, school shift)", () => {
  it('keep the students of that gender, of that school year, or of both; none set keeps the same list', () => {
    expect(studentRows(items, [], '')).toBe(items);
    expect(ids(studentRows(items, [], '', { gender: 'FEMININO' }))).toEqual(['a']);
    expect(ids(studentRows(items, [], '', { schoolYear: 'FUNDAMENTAL_5' }))).toEqual(['a', 'b']);
    expect(ids(studentRows(items, [], '', { gender: 'MASCULINO', schoolYear: 'FUNDAMENTAL_5' }))).toEqual(['b']);
    expect(ids(studentRows(items, [], '', { gender: 'TRAVESTI' }))).toEqual([]);
    expect(ids(studentRows(items, [], '', { employmentStatus: 'APRENDIZ' }))).toEqual(['c']);
    expect(ids(studentRows(items, [], '', { schoolShift: 'TARDE' }))).toEqual(['b']);
    expect(ids(studentRows(items, [], '', { schoolYear: 'FUNDAMENTAL_5', schoolShift: 'MANHA' }))).toEqual(['a']);
    expect(ids(studentRows(items, [], '', { employmentStatus: 'APRENDIZ', schoolShift: 'MANHA' }))).toEqual([]);
    // A filter left empty (the select's "any") keeps everyone.
    expect(studentRows(items, [], '', { gender: '', schoolShift: undefined })).toBe(items);
  });

  it('apply to registrations still waiting to be sent, and narrow a search', () => {
    expect(ids(studentRows(items, pending, '', { gender: 'FEMININO' }))).toEqual(['p1', 'a']);
    expect(ids(studentRows(items, pending, 'ana', { gender: 'FEMININO' }))).toEqual(['p1', 'a']);
    expect(ids(studentRows(items, pending, 'ana', { schoolYear: 'FUNDAMENTAL_5' }))).toEqual(['a']);
    expect(ids(studentRows(items, pending, '', { employmentStatus: 'APRENDIZ' }))).toEqual(['p2', 'c']);
    expect(ids(studentRows(items, pending, 'ana', { schoolShift: 'NOITE' }))).toEqual(['p1']);
  });
});

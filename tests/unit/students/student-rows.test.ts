import { describe, expect, it } from 'vitest';
import { studentRows } from '../../../src/features/students/student-rows.ts';
import { pendingStudentsFromOutbox } from '../../../src/api/students.ts';
import type { OutboxRow } from '../../../src/lib/db.ts';

const students = [
  { id: 's1', name: 'João Pedro Oliveira', frequencyPercent: 78 },
  { id: 's2', name: 'Ana Beatriz Santos', frequencyPercent: 92 },
  { id: 's3', name: 'JOSÉ ÁLVARO', frequencyPercent: 50 },
];

const row = (over: Partial<OutboxRow>): OutboxRow => ({
  id: 'o1',
  kind: 'student.create',
  payload: { id: 'new-1', fullName: 'Núbia Nova' },
  createdAt: 1,
  state: 'pending',
  nextAttemptAt: 0,
  attempts: [],
  ...over,
});

describe('student search', () => {
  it('narrows the rows to matching names', () => {
    expect(studentRows(students, [], 'jose').map((s) => s.id)).toEqual(['s3']);
    expect(studentRows(students, [], 'o').map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(studentRows(students, [], 'xyz')).toEqual([]);
  });
});

describe('pending registrations', () => {
  it('with none pending and no search, the server list is used as it is (no copy of thousands of rows)', () => {
    expect(studentRows(students, [], '  ')).toBe(students);
  });

  it('come first, marked, with the name and client id from the outbox payload', () => {
    const pending = pendingStudentsFromOutbox([
      row({}),
      row({ id: 'o2', payload: { id: 'new-2', fullName: 'Recusado' }, state: 'failed', reason: 'Invalid CPF' }),
    ]);
    const rows = studentRows(students, pending, '');
    expect(rows.slice(0, 2)).toEqual([
      { id: 'new-1', name: 'Núbia Nova', frequencyPercent: 0, pending: 'pending' },
      { id: 'new-2', name: 'Recusado', frequencyPercent: 0, pending: 'failed', reason: 'Invalid CPF' },
    ]);
    expect(rows).toHaveLength(5);
  });

  it('are not shown twice once the server list has them', () => {
    const pending = pendingStudentsFromOutbox([row({ payload: { id: 's2', fullName: 'Ana Beatriz Santos' } })]);
    expect(studentRows(students, pending, '').map((s) => s.id)).toEqual(['s1', 's2', 's3']);
  });

  it('are searched like the others', () => {
    const pending = pendingStudentsFromOutbox([row({})]);
    expect(studentRows(students, pending, 'nubia').map((s) => s.id)).toEqual(['new-1']);
  });
});

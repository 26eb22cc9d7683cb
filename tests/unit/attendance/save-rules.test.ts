import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { decideSave, refusalMessages, savedMessage, takenByOf, type SaveInput } from '../../../src/features/attendance/save-rules.ts';
import { rollInputSchema } from '../../../src/api/contract.ts';
import { sampleStudents } from '../../../src/offline/sample-data.ts';
import { ABSENT_MARK, justifiedMark, PRESENT_MARK } from '../../../src/features/attendance/roll-mark.ts';

i18n.loadAndActivate({ locale: 'en-US', messages: {} });

const students = [
  { id: 's1', name: 'Ana Souza', frequencyPercent: 90 },
  { id: 's2', name: 'Bruno Lima', frequencyPercent: 75 },
];
const base: SaveInput = {
  classId: 'c1',
  date: '2026-03-02',
  students,
  source: 'server',
  markOf: (id) => (id === 's2' ? ABSENT_MARK : PRESENT_MARK),
  takenBy: 'ana@example.com',
  now: new Date('2026-03-02T10:15:00.000Z'),
  basedOn: undefined,
};

describe('saving the roll', () => {
  it('without a date fails with the spec message', () => {
    const decision = decideSave({ ...base, date: undefined });
    expect(decision).toEqual({ ok: false, reason: 'no-date' });
    expect(i18n._(refusalMessages['no-date'])).toBe('Error saving attendance, please enter a date');
  });

  it("refuses a date after the device's today, and takes today and earlier days", () => {
    const now = new Date(2026, 2, 2, 23, 59); // the device's local time
    expect(decideSave({ ...base, now, date: '2026-03-03' })).toEqual({ ok: false, reason: 'future-date' });
    expect(decideSave({ ...base, now, date: '2099-01-01' })).toEqual({ ok: false, reason: 'future-date' });
    expect(decideSave({ ...base, now, date: '2026-03-02' }).ok).toBe(true);
    expect(decideSave({ ...base, now, date: '2025-12-31' }).ok).toBe(true);
    expect(i18n._(refusalMessages['future-date'])).toBe('Error saving attendance: the date is after today. A roll is taken on its day or later.');
  });

  it('says which roll of the day it was taken on, when the device knows', () => {
    const roll = (basedOn: string | null | undefined) => {
      const decision = decideSave({ ...base, basedOn });
      return decision.ok ? decision.payload.roll : undefined;
    };
    expect(roll('2026-03-02T09:00:00.000Z')?.basedOn).toBe('2026-03-02T09:00:00.000Z');
    expect(roll(null)?.basedOn).toBeNull();
    expect(roll(undefined)).not.toHaveProperty('basedOn');
  });

  it('checks the date before the students', () => {
    expect(decideSave({ ...base, date: '', students: undefined })).toEqual({ ok: false, reason: 'no-date' });
  });

  it('without a student list fails with the spec message', () => {
    expect(decideSave({ ...base, students: undefined })).toEqual({ ok: false, reason: 'no-students' });
    expect(decideSave({ ...base, students: [] })).toEqual({ ok: false, reason: 'no-students' });
    expect(decideSave({ ...base, source: 'error', students: [] })).toEqual({ ok: false, reason: 'no-students' });
    expect(i18n._(refusalMessages['no-students'])).toBe('Error saving attendance, students not found');
  });

  it('refuses a roll of sample students, or of a sample class', () => {
    expect(decideSave({ ...base, students: sampleStudents, source: 'sample' })).toEqual({ ok: false, reason: 'sample' });
    expect(decideSave({ ...base, classId: 'sample-cls-1' })).toEqual({ ok: false, reason: 'sample' });
    expect(decideSave({ ...base, students: [...students, sampleStudents[0]!] })).toEqual({ ok: false, reason: 'sample' });
  });

  it('otherwise builds the roll: class, date, each status, who took it and when', () => {
    const decision = decideSave(base);
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    expect(decision.payload).toEqual({
      classId: 'c1',
      date: '2026-03-02',
      roll: {
        takenBy: 'ana@example.com',
        takenAt: '2026-03-02T10:15:00.000Z',
        entries: [
          { studentId: 's1', status: 'PRESENT' },
          { studentId: 's2', status: 'ABSENT' },
        ],
      },
    });
    expect(rollInputSchema.safeParse(decision.payload.roll).success).toBe(true);
    expect(i18n._(savedMessage)).toBe('Attendance recorded successfully');
  });

  it('saves a justified absence with its reason, and a note only with OTHER', () => {
    const marks = new Map([
      ['s1', justifiedMark('OTHER', '  flooded street ')],
      ['s2', justifiedMark('HEALTH', 'ignored')],
    ]);
    const decision = decideSave({ ...base, markOf: (id) => marks.get(id) ?? PRESENT_MARK });
    if (!decision.ok) throw new Error('refused');
    expect(decision.payload.roll.entries).toEqual([
      { studentId: 's1', status: 'JUSTIFIED', reason: 'OTHER', note: 'flooded street' },
      { studentId: 's2', status: 'JUSTIFIED', reason: 'HEALTH' },
    ]);
    expect(rollInputSchema.safeParse(decision.payload.roll).success).toBe(true);
  });

  it('accepts a roll from the copy saved on the device', () => {
    expect(decideSave({ ...base, source: 'device' }).ok).toBe(true);
  });
});

describe('who took the roll', () => {
  it('is the email, else the display name, else anonymous', () => {
    expect(takenByOf({ email: 'a@b.c', displayName: 'Ana' })).toBe('a@b.c');
    expect(takenByOf({ email: null, displayName: 'Ana' })).toBe('Ana');
    expect(takenByOf({ email: ' ', displayName: null })).toBe('anonymous');
    expect(takenByOf(null)).toBe('anonymous');
  });
});

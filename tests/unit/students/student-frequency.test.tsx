/** The profile's frequency table counts its roll days and justified absences in words that agree with the number. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { StudentFrequency } from '../../../src/features/students/student-frequency.tsx';
import type { FrequencyFigure, Student } from '../../../src/api/contract.ts';
import { renderWithProviders } from '../../support/render.tsx';

const figure = (rollDays: number, justified: number): FrequencyFigure =>
  ({ rollDays, justified, present: rollDays - justified, absent: 0, frequencyPercent: 100 }) as FrequencyFigure;
const student = (month: FrequencyFigure, schoolYear: FrequencyFigure): Student =>
  ({
    id: 's1',
    fullName: 'Ana',
    address: {},
    active: true,
    frequencyPercent: 100,
    enrolments: [],
    version: 1,
    frequency: { month: '2026-11', schoolYear: '2026', overall: { month, schoolYear }, activities: [], classes: [] },
  }) as Student;

describe("a student's frequency on the profile", () => {
  it('says "1 roll day" and "2 roll days", and "1 justified"', () => {
    renderWithProviders(<StudentFrequency student={student(figure(1, 0), figure(2, 1))} />);
    expect(screen.getByText('(1 roll day)')).toBeInTheDocument();
    expect(screen.getByText('(2 roll days, 1 justified)')).toBeInTheDocument();
  });
});

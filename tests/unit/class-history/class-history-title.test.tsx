import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ClassHistoryPage } from '../../../src/features/class-history/class-history-page.tsx';
import { mockApi, renderWithRouter } from '../students/support.tsx';

const month = '2025-03';
const classes = [{ id: 'c1', title: 'Futsal Sub-12', weekDay: 'SEGUNDA', schedule: '08:00 - 09:30', level: 'INICIANTE', activityId: 'a1' }];
const emptyGrid = (classId: string) => ({ classId, month, dates: [], students: [], totals: [], rolls: [] });

afterEach(() => vi.unstubAllGlobals());

describe('class history title', () => {
  it('names the class when the class list has it', async () => {
    mockApi({ classes, activities: [], 'classes/c1/attendance': emptyGrid('c1') });
    renderWithRouter(<ClassHistoryPage classId="c1" month={month} onMonthChange={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance history: Futsal Sub-12' })).toBeInTheDocument();
  });

  it('calls a class the list does not have "Unknown class", as the roll call and the classes page do', async () => {
    mockApi({ classes, activities: [], 'classes/gone/attendance': emptyGrid('gone') });
    renderWithRouter(<ClassHistoryPage classId="gone" month={month} onMonthChange={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance history: Unknown class' })).toBeInTheDocument();
    expect(screen.queryByText(/Attendance history: Class$/)).toBeNull();
  });
});

/** Home's attendance alerts: "Show all" asks for the whole lists; when they cannot come, it says so. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AttendanceAlerts from '../../../src/features/home/attendance-alerts.tsx';
import { mockApi, renderWithRouter } from '../students/support.tsx';

afterEach(() => vi.unstubAllGlobals());

const missing = (i: number) => ({ classId: `c${i}`, className: `Turma ${i}`, activityId: 'a1', activityName: 'Judô', date: '2026-11-20' });
const first = {
  month: '2026-11',
  minPercent: 75,
  belowThreshold: [],
  absenceStreaks: [],
  missingRolls: [1, 2, 3, 4, 5].map(missing),
  totals: { belowThreshold: 0, absenceStreaks: 0, missingRolls: 8 },
};

describe("home's attendance alerts", () => {
  it('"Show all" says so when the whole list cannot be loaded, and shows it once it can', async () => {
    const user = userEvent.setup();
    let serverUp = false;
    mockApi({
      'attendance/alerts': (request: Request) => {
        if (new URL(request.url).searchParams.has('limit')) return Response.json(first);
        if (!serverUp) throw new TypeError('Failed to fetch');
        return Response.json({ ...first, missingRolls: [1, 2, 3, 4, 5, 6, 7, 8].map(missing), totals: undefined });
      },
    });
    renderWithRouter(<AttendanceAlerts />);
    await user.click(await screen.findByRole('button', { name: 'Show all (8)' }));
    expect(await screen.findByText(/The whole list could not be loaded/)).toBeInTheDocument();
    serverUp = true;
    await user.click(screen.getByRole('button', { name: 'Show all (8)' }));
    expect(await screen.findByText('Turma 8', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/The whole list could not be loaded/)).not.toBeInTheDocument();
  });
});

describe('rolls to complete and the below-threshold rule (issue 56)', () => {
  const toComplete = { classId: 'c9', className: 'Turma 9', activityId: 'a1', activityName: 'Judô', date: '2026-11-14', notMarked: 27 };
  const alerts = {
    ...first,
    belowThreshold: [{ studentId: 's1', studentName: 'Ana Souza', frequencyPercent: 50, rollDays: 4 }],
    missingRolls: [],
    rollsToComplete: [toComplete],
    totals: { belowThreshold: 1, absenceStreaks: 0, missingRolls: 0, rollsToComplete: 1 },
  };
  const me = (access: string, permissions: string[]) => ({ id: 'u1', email: 'u@example.com', full_name: 'U', access, permissions });

  it('lists a roll that leaves students not marked for whoever may correct it, linked to its roll call, and says when a student is listed', async () => {
    mockApi({ 'attendance/alerts': alerts, me: me('coordenador', ['reports:read', 'attendance:write']) });
    renderWithRouter(<AttendanceAlerts />);
    const link = await screen.findByRole('link', { name: /Turma 9 \(Judô\)/ });
    expect(link.getAttribute('href')).toContain('date1=2026-11-14');
    expect(screen.getByText(/27 students not marked/)).toBeInTheDocument();
    expect(screen.getByText('Only students with at least 3 marked roll days this month are listed.')).toBeInTheDocument();
  });

  it('does not list rolls to complete for a role that cannot correct them', async () => {
    mockApi({ 'attendance/alerts': alerts, me: me('psicologo', ['reports:read']) });
    renderWithRouter(<AttendanceAlerts />);
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Rolls to complete')).not.toBeInTheDocument();
  });
});

/**
 * An instructor's rolls to complete (issue 56, item 2: "the roll appears in home's alerts as roll to complete for
 * whoever may correct it"): the instructor corrects their classes' rolls but reads no alerts, so home shows their own
 * list (GET /attendance/rolls-to-complete); a role that reads the alerts finds the list there, not twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { AuthProvider } from '../../../src/components/auth-provider.tsx';
import { HomePage } from '../../../src/features/home/home-page.tsx';
import { mockApi, renderWithRouter } from '../students/support.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = (access: string, permissions: string[]) => ({ id: 'u1', email: 'u@example.com', full_name: 'U', access, permissions });
const roll = { classId: 'c9', className: 'Turma 9', activityId: 'a1', activityName: 'Judô', date: '2026-11-14', notMarked: 27 };
const home = () =>
  renderWithRouter(
    <AuthProvider settings={null}>
      <HomePage />
    </AuthProvider>,
  );

describe("an instructor's home", () => {
  it('lists the rolls to complete of their classes, each linked to its roll call on its date', async () => {
    const { calls } = mockApi({
      me: me('instrutor', ['me:read', 'classes:read', 'attendance:read', 'attendance:write']),
      'attendance/rolls-to-complete': { rolls: [roll] },
    });
    home();
    const card = await screen.findByRole('region', { name: 'Rolls to complete' });
    const link = await screen.findByRole('link', { name: /Turma 9 \(Judô\)/ });
    expect(card).toContainElement(link);
    expect(link.getAttribute('href')).toContain('/turmas/c9/chamada');
    expect(link.getAttribute('href')).toContain('date1=2026-11-14');
    expect(screen.getByText(/27 students not marked/)).toBeInTheDocument();
    // The alerts are not theirs to read: never asked for.
    expect(calls.some((request) => request.url.includes('attendance/alerts'))).toBe(false);
  });

  it('says so when none of their rolls leaves a student not marked', async () => {
    mockApi({ me: me('instrutor', ['me:read', 'attendance:read', 'attendance:write']), 'attendance/rolls-to-complete': { rolls: [] } });
    home();
    expect(await screen.findByText('No roll of your classes in the last 30 days leaves a student not marked.')).toBeInTheDocument();
  });
});

describe('a role that reads the alerts', () => {
  it('finds the rolls to complete among them, and home asks for no list of its own', async () => {
    const alerts = {
      month: '2026-11',
      minPercent: 75,
      belowThreshold: [],
      absenceStreaks: [],
      missingRolls: [],
      rollsToComplete: [roll],
      totals: { belowThreshold: 0, absenceStreaks: 0, missingRolls: 0, rollsToComplete: 1 },
    };
    const { calls } = mockApi({ me: me('coordenador', ['me:read', 'reports:read', 'attendance:write']), 'attendance/alerts': alerts });
    home();
    expect(await screen.findByRole('link', { name: /Turma 9 \(Judô\)/ })).toBeInTheDocument();
    expect(screen.getAllByText('Rolls to complete')).toHaveLength(1);
    expect(calls.some((request) => request.url.includes('rolls-to-complete'))).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClassesPage } from '../../../src/features/classes/classes-page.tsx';
import { notify } from '../../../src/components/notify.ts';
import { mockApi, renderWithRouter } from '../students/support.tsx';
import { createTestQueryClient } from '../../support/render.tsx';
import { classKeys } from '../../../src/api/classes.ts';

vi.mock('../../../src/components/notify.ts', () => {
  const notify = vi.fn();
  // A saved write's toast is a success toast (notifySaved adds a line only when the server is away).
  return { notify, notifySaved: (message: string) => notify({ message, severity: 'success' }) };
});

const activities = [
  { id: 'a1', name: 'Futsal', teacher: 'T', area: 'Esportes', frequency: 'Semanal' },
  { id: 'a2', name: 'Natação', teacher: 'T', area: 'Aquáticos', frequency: 'Semanal' },
];
const classes = [
  { id: 'c1', title: 'Futsal Sub-12', weekDay: 'SEGUNDA', schedule: '08:00 - 09:30', level: 'INICIANTE', activityId: 'a1' },
  { id: 'c2', title: 'Futsal Sub-15', weekDay: 'QUARTA', schedule: '14:00 - 15:30', level: 'AVANCADO', activityId: 'a1' },
  { id: 'c3', title: 'Natação Adulto', weekDay: 'QUINTA', schedule: '18:00 - 19:00', level: 'INICIANTE', activityId: 'a2' },
  { id: 'c4', title: '', weekDay: 'SEXTA', schedule: '10:00 - 11:00', level: 'TODOS_NIVEIS', activityId: 'gone' },
];

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => vi.unstubAllGlobals());

const titles = () => screen.getAllByTestId('class-card').map((card) => within(card).getAllByText(/./)[0]!.textContent);

describe('classes page', () => {
  it('shows title, activity, weekday, schedule and level (translated) on each card', async () => {
    mockApi({ classes, activities });
    renderWithRouter(<ClassesPage />);
    const card = (await screen.findByText('Futsal Sub-12')).closest('[data-testid="class-card"]') as HTMLElement;
    expect(within(card).getByText('Futsal')).toBeInTheDocument();
    expect(within(card).getByText('Monday')).toBeInTheDocument();
    expect(within(card).getByText('Beginner')).toBeInTheDocument();
    expect(within(card).getByText('Schedule: 08:00 - 09:30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create class' })).toBeEnabled();
  });

  it('shows each weekday of a class that meets twice a week, each meeting’s times and its dates (issue 52)', async () => {
    const twice = {
      ...classes[0]!,
      schedule: 'Seg 08:00 - 09:30, Qua 14:00 - 15:30',
      meetings: [
        { weekDay: 'SEGUNDA', start: '08:00', end: '09:30' },
        { weekDay: 'QUARTA', start: '14:00', end: '15:30' },
      ],
      startsOn: '2026-03-02',
      endsOn: '2026-11-30',
      instructorIds: [],
    };
    mockApi({ classes: [twice, classes[2]!], activities });
    renderWithRouter(<ClassesPage />);
    const card = (await screen.findByText('Futsal Sub-12')).closest('[data-testid="class-card"]') as HTMLElement;
    expect(within(card).getByText('Monday')).toBeInTheDocument();
    expect(within(card).getByText('Wednesday')).toBeInTheDocument();
    expect(within(card).getByText('Schedule: Monday 08:00 - 09:30; Wednesday 14:00 - 15:30')).toBeInTheDocument();
    expect(within(card).getByText('From Mar 2, 2026 to Nov 30, 2026')).toBeInTheDocument();
  });

  it('names an untitled class and a missing activity as unknown', async () => {
    mockApi({ classes, activities });
    renderWithRouter(<ClassesPage />);
    expect(await screen.findByText('Unknown class')).toBeInTheDocument();
    const card = screen.getByText('Unknown class').closest('[data-testid="class-card"]') as HTMLElement;
    expect(within(card).getByText('Unknown activity')).toBeInTheDocument();
  });

  it('each filter narrows the cards', async () => {
    const user = userEvent.setup();
    mockApi({ classes, activities });
    renderWithRouter(<ClassesPage />);
    await screen.findByText('Futsal Sub-12');
    expect(screen.getAllByTestId('class-card')).toHaveLength(4);

    await user.type(screen.getByLabelText('Activity', { selector: 'input' }), 'futs');
    expect(titles()).toEqual(['Futsal Sub-12', 'Futsal Sub-15']);
    await user.clear(screen.getByLabelText('Activity', { selector: 'input' }));

    await user.selectOptions(screen.getByLabelText('Weekday'), 'QUINTA');
    expect(titles()).toEqual(['Natação Adulto']);
    await user.selectOptions(screen.getByLabelText('Weekday'), '');

    await user.selectOptions(screen.getByLabelText('Level'), 'INICIANTE');
    expect(titles()).toEqual(['Futsal Sub-12', 'Natação Adulto']);
  });

  it('the activity input suggests every activity name, and its clear button shows all classes again', async () => {
    const user = userEvent.setup();
    mockApi({ classes, activities });
    renderWithRouter(<ClassesPage />);
    await screen.findByText('Futsal Sub-12');
    const input = screen.getByLabelText('Activity', { selector: 'input' });
    const list = document.getElementById(input.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Futsal', 'Natação']);
    await user.type(input, 'Natação');
    expect(titles()).toEqual(['Natação Adulto']);
    await user.click(screen.getByRole('button', { name: 'Clear activity' }));
    expect(input).toHaveValue('');
    expect(titles()).toEqual(['Futsal Sub-12', 'Futsal Sub-15', 'Natação Adulto', 'Unknown class']);
  });

  it("a failed load shows the toast 'Error loading classes' and the sample classes", async () => {
    mockApi({});
    renderWithRouter(<ClassesPage />);
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'Error loading classes', severity: 'error' }));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("with the device's copy on screen, a failed load shows its banner and no error toast", async () => {
    mockApi({ activities });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(classKeys.all, classes, { updatedAt: Date.now() - 3_600_000 });
    renderWithRouter(<ClassesPage />, '/', { queryClient });
    expect(await screen.findByTestId('device-banner')).toBeInTheDocument();
    expect(screen.getByText('Futsal Sub-12')).toBeInTheDocument();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a successful load shows no toast', async () => {
    mockApi({ classes, activities });
    renderWithRouter(<ClassesPage />);
    await screen.findByText('Futsal Sub-12');
    expect(notify).not.toHaveBeenCalled();
  });
});

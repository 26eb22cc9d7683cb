import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActivitiesPage } from '../../../src/features/activities/activities-page.tsx';
import { renderWithProviders } from '../../support/render.tsx';
import { mockApi } from '../students/support.tsx';

const activities = [
  { id: 'a1', name: 'Futsal', teacher: 'Carlos Andrade', area: 'Esportes', frequency: 'Semanal' },
  { id: 'a2', name: 'Musculação', teacher: 'Fernanda Lima', area: 'Academia', frequency: 'Diária' },
  { id: 'a3', name: 'Natação', teacher: 'Rafael Souza', area: 'Aquáticos', frequency: 'Semanal' },
  { id: 'a4', name: '<img src=x onerror=alert(1)>Yoga', teacher: 'Juliana', area: 'Bem-estar', frequency: 'Mensal' },
];

afterEach(() => vi.unstubAllGlobals());

const cardNames = () => screen.getAllByTestId('activity-card').map((card) => within(card).getAllByText(/./)[0]!.textContent);

describe('activities page', () => {
  it("shows the server's activities with name, area, frequency and teacher", async () => {
    mockApi({ activities });
    renderWithProviders(<ActivitiesPage />);
    expect(await screen.findByText('Futsal')).toBeInTheDocument();
    const card = screen.getByText('Futsal').closest('[data-testid="activity-card"]') as HTMLElement;
    expect(within(card).getByText('Sports')).toBeInTheDocument();
    expect(within(card).getByText('Weekly')).toBeInTheDocument();
    expect(within(card).getByText('Teacher: Carlos Andrade')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Activity' })).toBeEnabled();
  });

  it('each filter narrows the cards', async () => {
    const user = userEvent.setup();
    mockApi({ activities });
    renderWithProviders(<ActivitiesPage />);
    await screen.findByText('Futsal');
    expect(screen.getAllByTestId('activity-card')).toHaveLength(4);

    await user.type(screen.getByLabelText('Name'), 'NATA');
    expect(cardNames()).toEqual(['Natação']);
    await user.clear(screen.getByLabelText('Name'));

    await user.selectOptions(screen.getByLabelText('Area'), 'aquáticos');
    expect(cardNames()).toEqual(['Natação']);
    await user.selectOptions(screen.getByLabelText('Area'), '');

    await user.selectOptions(screen.getByLabelText('Frequency'), 'semanal');
    expect(cardNames()).toEqual(['Futsal', 'Natação']);
    await user.selectOptions(screen.getByLabelText('Area'), 'academia');
    expect(screen.queryAllByTestId('activity-card')).toHaveLength(0);
    expect(screen.getByText('No activities found')).toBeInTheDocument();
  });

  it('offers exactly the area and frequency values of SPEC §9', async () => {
    mockApi({ activities });
    renderWithProviders(<ActivitiesPage />);
    const values = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value);
    expect(values('Area')).toEqual(['', 'esportes', 'academia', 'aquáticos']);
    expect(values('Frequency')).toEqual(['', 'diária', 'semanal', 'mensal']);
  });

  it('a name holding HTML shows as plain text', async () => {
    mockApi({ activities });
    const { container } = renderWithProviders(<ActivitiesPage />);
    expect(await screen.findByText('<img src=x onerror=alert(1)>Yoga')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to the sample activities with a banner when the server fails', async () => {
    mockApi({});
    renderWithProviders(<ActivitiesPage />);
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(screen.getByText('Robótica')).toBeInTheDocument();
  });

  it('a malformed answer is a failure, not a half-filled screen', async () => {
    mockApi({ activities: [{ id: 'x', name: 'No teacher' }] });
    renderWithProviders(<ActivitiesPage />);
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(screen.queryByText('No teacher')).toBeNull();
  });
});

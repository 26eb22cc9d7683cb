/** With the sample fallback switched off at build time, each list shows its error text in place of the list. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { StudentsPage } from '../../../src/features/students/students-page.tsx';
import { GuardiansPage } from '../../../src/features/guardians/guardians-page.tsx';
import { ActivitiesPage } from '../../../src/features/activities/activities-page.tsx';
import { ClassesPage } from '../../../src/features/classes/classes-page.tsx';
import { UsersPage } from '../../../src/features/users/users-page.tsx';
import { renderWithProviders } from '../../support/render.tsx';
import { mockApi, renderWithRouter } from './support.tsx';

vi.mock('../../../src/lib/config.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/lib/config.ts')>();
  return { config: { ...original.config, sampleFallback: false } };
});
vi.mock('../../../src/components/notify.ts', () => {
  const notify = vi.fn();
  // A saved write's toast is a success toast (notifySaved adds a line only when the server is away).
  return { notify, notifySaved: (message: string) => notify({ message, severity: 'success' }) };
});

afterEach(() => vi.unstubAllGlobals());

describe('lists with the sample fallback off', () => {
  it.each([
    ['students', () => renderWithRouter(<StudentsPage />), 'Error loading students'],
    ['guardians', () => renderWithRouter(<GuardiansPage studentId="s1" search={{}} updateSearch={() => undefined} />), 'Error loading guardians'],
    ['activities', () => renderWithProviders(<ActivitiesPage />), 'Error loading activities'],
    ['classes', () => renderWithProviders(<ClassesPage />), 'Error loading classes'],
    ['users', () => renderWithProviders(<UsersPage />), 'Error loading users'],
  ])('%s: a failed load shows the error text and no sample data', async (_name, render, text) => {
    mockApi({});
    render();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByTestId('sample-banner')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});

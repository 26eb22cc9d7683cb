/**
 * The student's profile (issue 56): the access record is reached from it, an inactive student is not offered an
 * enrolment, and the postcode reads as people write it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { StudentProfilePage } from '../../../src/features/students/student-profile-page.tsx';
import { mockApi, renderWithRouter } from './support.tsx';

const student = (active: boolean) => ({
  id: 's1',
  fullName: 'Ana Lima',
  address: { code: '01001000', street: 'Praça da Sé', number: '12' },
  active,
  ...(active ? {} : { statusDate: '2026-11-02', statusReason: 'Mudou de cidade' }),
  frequencyPercent: 0,
  enrolments: [],
  version: 3,
});
const me = (permissions: string[]) => ({ id: 'me', email: 'me@example.com', full_name: 'Eu', access: 'coordenador', permissions });
const classes = [{ id: 'c1', title: 'Futsal', activityId: 'a1', active: true }];

afterEach(() => vi.unstubAllGlobals());

describe("a student's profile", () => {
  it('leads to the access record, for a role that reads it', async () => {
    mockApi({ 'students/s1': student(true), me: me(['students:read', 'access-log:read']), classes });
    renderWithRouter(<StudentProfilePage studentId="s1" />);
    const link = await screen.findByRole('link', { name: 'Access record' });
    expect(link).toHaveAttribute('href', '/alunos/s1/acessos');
  });

  it('is without the access record for a role that does not read it', async () => {
    mockApi({ 'students/s1': student(true), me: me(['students:read', 'students:write']), classes });
    renderWithRouter(<StudentProfilePage studentId="s1" />);
    await screen.findByRole('link', { name: 'Edit student' });
    // Until the role is known nothing is hidden (the server refuses): then the link goes.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Access record' })).toBeNull());
  });

  it('shows the postcode as 00000-000', async () => {
    mockApi({ 'students/s1': student(true), me: me(['students:read']), classes });
    renderWithRouter(<StudentProfilePage studentId="s1" />);
    expect(await screen.findByText('Praça da Sé, 12, 01001-000')).toBeInTheDocument();
  });

  it('offers an enrolment to an active student, none to an inactive one (who is to be reactivated first)', async () => {
    mockApi({ 'students/s1': student(true), me: me(['students:read', 'students:write', 'enrolments:write']), classes });
    const active = renderWithRouter(<StudentProfilePage studentId="s1" />);
    const section = await screen.findByTestId('profile-classes');
    expect(screen.getByLabelText('Enroll in a class')).toBeInTheDocument();
    expect(within(section.parentElement!).getByRole('button', { name: 'Enroll' })).toBeInTheDocument();
    active.unmount();

    mockApi({ 'students/s1': student(false), me: me(['students:read', 'students:write', 'enrolments:write']), classes });
    renderWithRouter(<StudentProfilePage studentId="s1" />);
    expect(await screen.findByTestId('inactive-no-enrolment')).toHaveTextContent('reactivate the student first');
    expect(screen.queryByLabelText('Enroll in a class')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enroll' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });
});

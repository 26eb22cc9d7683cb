import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClassPage } from '../../../src/features/classes/class-page.tsx';
import { notify } from '../../../src/components/notify.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { outboxKinds } from '../../../src/offline/outbox-kinds.ts';
import { mockApi, renderWithRouter } from '../students/support.tsx';
import { createTestQueryClient } from '../../support/render.tsx';
import { meKeys } from '../../../src/api/me.ts';
import { classKeys } from '../../../src/api/classes.ts';
import { localIsoDate } from '../../../src/lib/calendar-date.ts';

vi.mock('../../../src/components/notify.ts', () => {
  const notify = vi.fn();
  // A saved write's toast is a success toast (notifySaved adds a line only when the server is away).
  return { notify, notifySaved: (message: string) => notify({ message, severity: 'success' }) };
});

const classes = [{ id: 'c1', title: 'Futsal Sub-12', weekDay: 'SEGUNDA', schedule: '08:00 - 09:30', level: 'INICIANTE', activityId: 'a1' }];
const roster = [
  { id: 's1', name: 'João Pedro Oliveira', frequencyPercent: 78 },
  { id: 's2', name: 'Ana Beatriz Santos', frequencyPercent: 92 },
];

beforeEach(async () => {
  vi.mocked(notify).mockClear();
  await db.outbox.clear();
});
afterEach(() => vi.unstubAllGlobals());

const endings = () => db.outbox.where('kind').equals(outboxKinds.enrolmentEnd).toArray();

describe('class page', () => {
  it("opens the class's roll call on today's date (issue 56: the date in the URL, not an empty field)", async () => {
    mockApi({ classes, 'classes/c1/students': roster, students: roster });
    renderWithRouter(<ClassPage classId="c1" />);
    const link = await screen.findByRole('link', { name: 'Roll call' });
    expect(link.getAttribute('href')).toMatch(new RegExp(`/frequencias/atividades/a1/turmas/c1/chamada\\?date1=${localIsoDate()}$`));
  });

  it('asks before removing a student from the class: Cancel changes nothing, Remove ends the enrolment', async () => {
    const user = userEvent.setup();
    mockApi({ classes, 'classes/c1/students': roster, students: roster });
    renderWithRouter(<ClassPage classId="c1" />);

    await user.click(await screen.findByRole('button', { name: 'Remove João Pedro Oliveira from the class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the class' });
    expect(dialog).toHaveTextContent('Remove João Pedro Oliveira from this class?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await endings()).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove João Pedro Oliveira from the class' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(await endings()).toHaveLength(1));
    expect((await endings())[0]!.payload).toMatchObject({ classId: 'c1', studentId: 's1' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'João Pedro Oliveira removed from the class.' }));
  });

  it('marks each change the server has not taken: a removal waiting, a refused removal (still on the roster), a refused enrolment', async () => {
    const row = (id: string, kind: string, studentId: string, failed: boolean) => ({
      id,
      kind,
      payload: { classId: 'c1', studentId, date: '2026-11-27' },
      createdAt: 1,
      state: failed ? ('failed' as const) : ('pending' as const),
      nextAttemptAt: Date.now() + 60_000,
      attempts: [],
      ...(failed ? { reason: 'Refused.' } : {}),
    });
    await db.outbox.bulkPut([
      row('e1', outboxKinds.enrolmentEnd, 's1', false),
      row('e2', outboxKinds.enrolmentEnd, 's2', true),
      row('e3', outboxKinds.enrolmentStart, 's3', true),
    ]);
    const everyone = [...roster, { id: 's3', name: 'Carla Dias', frequencyPercent: 0 }];
    mockApi({ classes, 'classes/c1/students': roster, students: everyone });
    renderWithRouter(<ClassPage classId="c1" />);
    const item = async (name: string) => (await screen.findByText(name)).closest('[role="listitem"]') as HTMLElement;
    // The outbox is read live and may answer after the roster: wait for its marks.
    expect(await within(await item('João Pedro Oliveira')).findByText('Removal waiting to sync')).toBeInTheDocument();
    const refusedEnd = await item('Ana Beatriz Santos');
    expect((await within(refusedEnd).findByText('Not saved')).closest('[title]')).toHaveAttribute('title', 'Refused.');
    expect(within(refusedEnd).getByText('Ana Beatriz Santos')).not.toHaveStyle({ textDecoration: 'line-through' });
    expect(await within(await item('Carla Dias')).findByText('Not saved')).toBeInTheDocument();
    expect(screen.queryAllByText('Waiting to sync')).toHaveLength(0);
  });
  it("does not list another instructor's class's students to an instructor, nor ask the server for them", async () => {
    const me = {
      id: 'u-me',
      email: 'me@example.org',
      full_name: 'Me',
      access: 'instrutor',
      permissions: ['classes:read', 'students:list', 'attendance:read'],
    };
    const theirs = [{ ...classes[0]!, instructorId: 'u-other' }];
    const { calls } = mockApi({ me, classes: theirs, 'classes/c1/students': roster, students: roster });
    // As on a device that knows its user and the classes (the persisted cache): the roster is never asked for.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(meKeys.all, me);
    queryClient.setQueryData(classKeys.all, theirs);
    renderWithRouter(<ClassPage classId="c1" />, '/', { queryClient });
    expect(await screen.findByTestId('class-roster-hidden')).toHaveTextContent("This class is another instructor's");
    expect(screen.queryByText('João Pedro Oliveira')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Roll call' })).toBeNull();
    expect(calls.map((call) => new URL(call.url).pathname)).not.toContain('/api/classes/c1/students');
  });
});

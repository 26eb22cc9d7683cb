/**
 * A student's access record shows its newest page, and older entries a page at a time when asked for (the server
 * answers ACCESS_LOG_PAGE entries a page, the next after `?before=` the last one's id).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudentAccessLogPage } from '../../../src/features/students/access-log-page.tsx';
import { ACCESS_LOG_PAGE, type AccessLogEntry } from '../../../src/api/contract.ts';
import { mockApi, renderWithRouter } from './support.tsx';

const entry = (id: number): AccessLogEntry => ({
  id: String(id),
  at: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
  userEmail: `user${id}@example.org`,
  userName: null,
  kind: 'read',
  method: 'GET',
  route: '/students/:id/responsibles',
  status: 200,
});
/** Entries from `newest` down, `count` of them. */
const entries = (newest: number, count: number) => Array.from({ length: count }, (_, i) => entry(newest - i));

afterEach(() => vi.unstubAllGlobals());

describe("a student's access record", () => {
  it('shows older entries a page at a time, each after the last one shown, and stops at the end', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    let total = 2 * ACCESS_LOG_PAGE + 3;
    mockApi({
      'students/s1/access-log': (request: Request) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        const newest = before === null ? total : Number(before) - 1;
        return Response.json(entries(newest, Math.min(ACCESS_LOG_PAGE, newest)));
      },
    });
    const { queryClient } = renderWithRouter(<StudentAccessLogPage studentId="s1" />);
    const table = await screen.findByTestId('access-log');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + ACCESS_LOG_PAGE));
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 2 * ACCESS_LOG_PAGE));
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + total));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    expect(asked).toEqual([null, String(total - ACCESS_LOG_PAGE + 1), String(total - 2 * ACCESS_LOG_PAGE + 1)]);
    expect(within(table).getByText('user1@example.org')).toBeInTheDocument();

    // The record grew meanwhile (each read adds to it); read again, the pages follow each other with nothing between.
    total += 7;
    asked.length = 0;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + total));
    expect(asked).toEqual([null, String(total - ACCESS_LOG_PAGE + 1), String(total - 2 * ACCESS_LOG_PAGE + 1)]);
    expect(within(table).getByText(`user${total}@example.org`)).toBeInTheDocument();
  });

  it('says what each entry did: deactivated or reactivated, and which fields an edit changed', async () => {
    const at = (id: number) => entry(id).at;
    const write = (id: number, method: string, route: string, detail?: AccessLogEntry['detail']) => ({
      ...entry(id),
      at: at(id),
      kind: 'write' as const,
      method,
      route,
      ...(detail !== undefined ? { detail } : {}),
    });
    mockApi({
      'students/s1/access-log': [
        write(5, 'POST', '/students/:id/status', { change: 'reactivated' }),
        write(4, 'POST', '/students/:id/status', { change: 'deactivated' }),
        write(3, 'PUT', '/students/:id', { fields: ['fullName', 'addressCode'] }),
        // Written before the server kept what was done: the route's words.
        write(2, 'POST', '/students/:id/status', null),
        write(1, 'PUT', '/students/:id'),
      ],
    });
    renderWithRouter(<StudentAccessLogPage studentId="s1" />);
    const table = await screen.findByTestId('access-log');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    const what = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[2]!.textContent);
    expect(what).toEqual([
      'Reactivated the student',
      'Deactivated the student',
      "Changed the student's record: Full name and ZIP code (CEP)",
      'Deactivated or reactivated the student',
      "Changed the student's record",
    ]);
    expect(screen.getByRole('link', { name: 'Back to the student' })).toHaveAttribute('href', '/alunos/s1');
  });

  it('offers no older entries when the newest page is not full', async () => {
    mockApi({ 'students/s1/access-log': entries(3, 3) });
    renderWithRouter(<StudentAccessLogPage studentId="s1" />);
    await waitFor(() => expect(within(screen.getByTestId('access-log')).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});

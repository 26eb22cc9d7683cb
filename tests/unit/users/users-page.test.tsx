import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UsersPage } from '../../../src/features/users/users-page.tsx';
import { renderWithProviders } from '../../support/render.tsx';
import { mockApi } from '../students/support.tsx';

afterEach(() => vi.unstubAllGlobals());

const users = [
  { id: 'u1', full_name: 'Helena Martins', phone: null, access: 'coordenador', formation: null, email: 'helena@example.com' },
  { id: 'u2', full_name: '<script>alert(1)</script>', access: 'unknown-level', email: 'x@example.com' },
];

describe('users page', () => {
  const me = (access: string, permissions: string[]) => ({ id: 'me', email: 'me@example.com', full_name: 'Eu', access, permissions });

  it('shows full name, email and the translated access level, read-only for a role that cannot manage users', async () => {
    mockApi({ users, me: me('coordenador', ['me:read', 'users:read']) });
    renderWithProviders(<UsersPage />);
    const card = (await screen.findByText('Helena Martins')).closest('[data-testid="user-card"]') as HTMLElement;
    expect(within(card).getByText('helena@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull());
    expect(within(card).getByText('Coordinator')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });

  it('lets an admin change access and deactivate through the outbox, with the version it read', async () => {
    const { db } = await import('../../../src/lib/db-dexie.ts');
    await db.outbox.clear();
    mockApi({ users: [{ ...users[0]!, active: true, version: 3 }], me: me('admin', ['me:read', 'users:read', 'users:write']) });
    renderWithProviders(<UsersPage />);
    await screen.findByRole('button', { name: 'Add user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Helena Martins' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Helena Martins' })).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'user.update', payload: { userId: 'u1', user: { access: 'coordenador', active: false, version: 3 } } });
    await db.outbox.clear();
  });

  it('asks before a change of access, naming the person and the change; Cancel (or Escape) changes nothing', async () => {
    const { db } = await import('../../../src/lib/db-dexie.ts');
    await db.outbox.clear();
    const user = userEvent.setup();
    mockApi({ users: [{ ...users[0]!, active: true, version: 3 }], me: me('admin', ['me:read', 'users:read', 'users:write']) });
    renderWithProviders(<UsersPage />);
    await screen.findByRole('button', { name: 'Add user' });
    const select = await screen.findByLabelText('Access of Helena Martins');
    await user.selectOptions(select, 'instrutor');
    const dialog = await screen.findByRole('dialog', { name: 'Change the access of Helena Martins' });
    expect(within(dialog).getByTestId('user-change-question')).toHaveTextContent(
      'Change the access of Helena Martins from Coordinator to Instructor?',
    );
    // Nothing changed yet, on screen or in the outbox; the keyboard's first stop is Cancel.
    expect(select).toHaveValue('coordenador');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);

    await user.selectOptions(select, 'instrutor');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change access' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'user.update', payload: { userId: 'u1', user: { access: 'instrutor', active: true, version: 3 } } });
    await db.outbox.clear();
  });

  it('a double tap on the confirmation saves one change, with one toast', async () => {
    const { db } = await import('../../../src/lib/db-dexie.ts');
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show');
    await db.outbox.clear();
    mockApi({ users: [{ ...users[0]!, active: true, version: 3 }], me: me('admin', ['me:read', 'users:read', 'users:write']) });
    renderWithProviders(<UsersPage />);
    await screen.findByRole('button', { name: 'Add user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Helena Martins' }));
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' });
    await userEvent.dblClick(confirm);
    await waitFor(() => expect(show).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db.outbox.count()).toBe(1);
    expect(show).toHaveBeenCalledTimes(1);
    show.mockRestore();
    await db.outbox.clear();
  });

  it('an unknown access level shows as it came; a name holding script shows as text', async () => {
    mockApi({ users });
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(screen.getByText('unknown-level')).toBeInTheDocument();
    expect(document.querySelector('main script, [data-testid="user-card"] script')).toBeNull();
  });

  it('falls back to the sample users with a banner', async () => {
    mockApi({});
    renderWithProviders(<UsersPage />);
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(screen.getByText('Renata Gomes')).toBeInTheDocument();
  });
});

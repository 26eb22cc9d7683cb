import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddUserModal } from '../../../src/features/users/add-user-modal.tsx';
import { db } from '../../../src/lib/db-dexie.ts';
import { renderWithProviders } from '../../support/render.tsx';

describe('the add-user modal', () => {
  it('opens on its first field; a submit with errors focuses the first invalid field and queues nothing', async () => {
    const user = userEvent.setup();
    await db.outbox.clear();
    renderWithProviders(<AddUserModal onClose={vi.fn()} />);
    const name = await screen.findByLabelText(/^Full name/);
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, 'Ana Lima');
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const email = screen.getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await db.outbox.count()).toBe(0);
  });
});

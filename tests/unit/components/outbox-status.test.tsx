import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { OutboxStatus } from '../../../src/components/outbox-status.tsx';
import { db } from '../../../src/lib/db-dexie.ts';
import { enqueue } from '../../../src/offline/outbox.ts';
import { renderWithProviders } from '../../support/render.tsx';

afterEach(async () => {
  await db.outbox.clear();
});

describe("the header's unsent changes", () => {
  it('show no count until the outbox on the device has been read, never a "0" that is not so', async () => {
    await enqueue({ kind: 'test.waiting', payload: {} });
    renderWithProviders(<OutboxStatus />);
    // The first render: the device's outbox is still being read.
    expect(screen.getByTestId('outbox-pending')).toHaveTextContent('–');
    expect(screen.getByTestId('outbox-failed')).toHaveTextContent('–');
    expect(screen.getByRole('button', { name: 'Unsent changes: still being counted' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('outbox-pending')).toHaveTextContent('1'));
    expect(screen.getByTestId('outbox-failed')).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Unsent changes: 1 pending, 0 failed' })).toBeInTheDocument();
  });

  it('count on a phone the same way', async () => {
    renderWithProviders(<OutboxStatus compact />);
    expect(screen.getByTestId('outbox-unsent')).toHaveTextContent('–');
    await waitFor(() => expect(screen.getByTestId('outbox-unsent')).toHaveTextContent('0'));
  });
});

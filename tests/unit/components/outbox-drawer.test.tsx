import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import OutboxDrawer from '../../../src/components/outbox-drawer.tsx';
import { type OutboxRow } from '../../../src/lib/db.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { drainOutbox, enqueue, isSending, registerOutboxHandler } from '../../../src/offline/outbox.ts';
import { outboxKinds } from '../../../src/offline/outbox-kinds.ts';
import { setSessionUid } from '../../../src/lib/session-user.ts';
import { createTestQueryClient, renderWithProviders } from '../../support/render.tsx';
import { meKeys } from '../../../src/api/me.ts';

afterEach(async () => {
  await db.outbox.clear();
});

const entries = (statuses: string[]) => statuses.map((status, i) => ({ studentId: `s${i}`, status }));

describe('the outbox drawer', () => {
  it("shows another account's write as theirs, without its content or a way to drop it", () => {
    setSessionUid('bruno');
    const item: OutboxRow = {
      id: 'g1',
      kind: outboxKinds.guardianUpdate,
      payload: { guardian: { name: 'Maria Souza', cpf: '12345678909' } },
      createdAt: 1,
      state: 'failed',
      nextAttemptAt: 0,
      attempts: [],
      reason: 'CPF already registered for Maria Souza',
      author: 'ana',
    };
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[item]} pending={0} />);
    expect(screen.getByTestId('outbox-other-account')).toHaveTextContent(
      'Saved by another account on this device. It is sent when that account signs in here again.',
    );
    expect(screen.queryByText(/Maria Souza/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    setSessionUid(null);
  });

  it("lets the signed-in user take another account's write as theirs, once they said so", async () => {
    setSessionUid('bruno');
    const item: OutboxRow = {
      id: 'r9',
      kind: 'test.nobody-sends-this',
      payload: {},
      createdAt: 1,
      state: 'pending',
      nextAttemptAt: Number.MAX_SAFE_INTEGER,
      attempts: [],
      author: 'ana',
    };
    await db.outbox.put(item);
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[item]} pending={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send as mine…' }));
    expect(screen.getByText('The server will record you as the one who made this change, not the account that saved it.')).toBeVisible();
    expect((await db.outbox.get('r9'))?.author).toBe('ana');
    fireEvent.click(screen.getByRole('button', { name: 'Send as mine' }));
    await waitFor(async () => expect((await db.outbox.get('r9'))?.author).toBe('bruno'));
    setSessionUid(null);
  });

  it("offers another account's write to take over only to a role that may make it", () => {
    setSessionUid('bruno');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(meKeys.all, {
      id: 'u-bruno',
      email: 'bruno@example.org',
      full_name: 'Bruno',
      access: 'instrutor',
      permissions: ['attendance:write'],
    });
    const theirs = { createdAt: 1, state: 'pending', nextAttemptAt: Number.MAX_SAFE_INTEGER, attempts: [], author: 'ana', payload: {} } as const;
    queryClient.setQueryData(
      ['classes'],
      [
        { id: 'c-mine', instructorId: 'u-bruno' },
        { id: 'c-theirs', instructorId: 'u-carla' },
      ],
    );
    const registration: OutboxRow = { ...theirs, attempts: [], id: 'reg', kind: outboxKinds.studentCreate };
    const roll: OutboxRow = { ...theirs, attempts: [], id: 'roll', kind: outboxKinds.attendanceRoll, payload: { classId: 'c-mine' } };
    const otherRoll: OutboxRow = { ...theirs, attempts: [], id: 'roll2', kind: outboxKinds.attendanceRoll, payload: { classId: 'c-theirs' } };
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[registration, roll, otherRoll]} pending={3} />, { queryClient });
    // The instructor may take over a roll of their own class, not a child's registration (the office's) nor a roll of
    // another instructor's class.
    expect(screen.getAllByRole('button', { name: 'Send as mine…' })).toHaveLength(1);
    expect(screen.getAllByTestId('outbox-other-account')).toHaveLength(3);
    setSessionUid(null);
  });

  it('shows a roll refused as stale as their marks and mine, counted, with who took each and when; not how it was matched', () => {
    const item: OutboxRow = {
      id: 'r1',
      kind: outboxKinds.attendanceRoll,
      payload: {
        classId: 'c1',
        date: '2026-11-24',
        roll: {
          takenBy: 'ana@example.com',
          takenAt: '2026-11-24T10:09:00.000Z',
          basedOn: '2026-11-24T10:00:00.000Z',
          entries: entries(['PRESENT', 'ABSENT']),
        },
      },
      createdAt: 1,
      state: 'failed',
      nextAttemptAt: 0,
      attempts: [],
      reasonCode: 'stale-version',
      conflict: {
        current: {
          classId: 'c1',
          date: '2026-11-24',
          takenBy: 'Outra Instrutora',
          takenAt: '2026-11-24T10:05:00.000Z',
          entries: entries(['ABSENT', 'ABSENT']),
        },
      },
    };
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[item]} pending={0} />);
    const table = screen.getByRole('table', { name: 'Their version and mine' });
    const row = (label: string) => within(table).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(row('Taken by')).toHaveTextContent('Outra Instrutora');
    expect(row('Taken by')).toHaveTextContent('ana@example.com');
    expect(row('Marks')).toHaveTextContent('Present: 0, absent: 2, justified: 0');
    expect(row('Marks')).toHaveTextContent('Present: 1, absent: 1, justified: 0');
    expect(within(table).queryByText('basedOn')).toBeNull();
    expect(within(table).queryByText(/\[object Object\]/)).toBeNull();
    // Settled by keep mine or take theirs, not by a retry that would only meet the same conflict.
    expect(screen.getByRole('button', { name: 'Keep mine' })).toBeVisible();
    // Not in the page at all: a hidden attribute on Mantine's Group did not hide it (its display: flex won).
    expect(screen.queryByText('Retry')).toBeNull();
    expect(screen.queryByText('Discard')).toBeNull();
  });

  it('says what a change waiting behind a refused one of its record waits for', () => {
    setSessionUid('ana');
    const base = { kind: outboxKinds.studentUpdate, createdAt: 1, nextAttemptAt: 0, attempts: [], author: 'ana' };
    const edit: OutboxRow = { ...base, id: 'e1', payload: {}, state: 'failed', reason: 'CPF already registered', reasonCode: 'cpf-taken' };
    const status: OutboxRow = { ...base, id: 's1', kind: outboxKinds.studentStatus, payload: {}, state: 'pending', dependsOn: 'e1' };
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[edit, status]} pending={1} />);
    expect(screen.getByTestId('outbox-waits-for-refused')).toHaveTextContent(
      'Waits for a refused change of the same record: retry or discard that one, and this one is sent.',
    );
    setSessionUid(null);
  });

  it("names a waiting roll's class and day, so two rolls saved offline can be told apart", () => {
    setSessionUid('ana');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['classes'], [{ id: 'c1', title: 'Judô - Turma A' }]);
    const roll: OutboxRow = {
      id: 'r1',
      kind: outboxKinds.attendanceRoll,
      payload: { classId: 'c1', date: '2026-11-24', roll: {} },
      createdAt: 1,
      state: 'pending',
      nextAttemptAt: Number.MAX_SAFE_INTEGER,
      attempts: [],
      author: 'ana',
    };
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[roll]} pending={1} />, { queryClient });
    expect(screen.getByTestId('outbox-roll-of')).toHaveTextContent('Judô - Turma A, Nov 24, 2026');
    setSessionUid(null);
  });

  it('names a waiting general roll and its day', () => {
    setSessionUid('ana');
    const roll: OutboxRow = {
      id: 'g1',
      kind: outboxKinds.generalRollSave,
      payload: { date: '2026-11-24', roll: {} },
      createdAt: 1,
      state: 'pending',
      nextAttemptAt: Number.MAX_SAFE_INTEGER,
      attempts: [],
      author: 'ana',
    };
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[roll]} pending={1} />);
    expect(screen.getByText('General roll')).toBeInTheDocument();
    expect(screen.getByTestId('outbox-roll-of')).toHaveTextContent('Nov 24, 2026');
    setSessionUid(null);
  });

  it('says which change is on its way and that the ones after it wait for its answer', async () => {
    let answer!: () => void;
    registerOutboxHandler('test.hanging', () => new Promise<undefined>((resolve) => (answer = () => resolve(undefined))));
    const row = await enqueue({ kind: 'test.hanging', payload: {} });
    await expect.poll(() => isSending(row.id)).toBe(true);
    renderWithProviders(<OutboxDrawer opened onClose={() => undefined} items={[row]} pending={1} />);
    expect(await screen.findByTestId('outbox-sending')).toHaveTextContent(
      /^Being sent since .+; the changes after it wait for the server's answer\.$/,
    );
    answer();
    await drainOutbox();
  });
});

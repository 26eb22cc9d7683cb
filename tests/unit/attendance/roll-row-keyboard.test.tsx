/**
 * A student's marks are a toolbar: one Tab stop (the pressed mark), the arrows and Home/End move among the three.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudentRollRow } from '../../../src/features/attendance/student-roll-row.tsx';
import { ABSENT_MARK } from '../../../src/features/attendance/roll-mark.ts';
import { renderWithProviders } from '../../support/render.tsx';

const ana = { id: 's1', name: 'Ana Souza', frequencyPercent: 90 };

describe("a student's marks on the roll call", () => {
  it('take one Tab stop, the pressed mark; the arrows move among them, round and round', async () => {
    const user = userEvent.setup();
    const onSet = vi.fn();
    renderWithProviders(
      <ul>
        <StudentRollRow student={ana} mark={ABSENT_MARK} onSet={onSet} onJustify={() => undefined} />
      </ul>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Attendance of Ana Souza' });
    expect(toolbar).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ana Souza: absent' })).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus(); // past the row: no second stop inside it
    await user.tab({ shift: true });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Ana Souza: justified absence' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Ana Souza: present' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Ana Souza: justified absence' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Ana Souza: present' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Ana Souza: justified absence' })).toHaveFocus();
    await user.keyboard('{Home} ');
    expect(onSet).toHaveBeenCalledWith('s1', { status: 'PRESENT' });
  });
});

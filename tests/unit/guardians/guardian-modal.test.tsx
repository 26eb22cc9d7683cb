import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { GuardianModal, URL_DEBOUNCE_MS, type SearchUpdater } from '../../../src/features/guardians/guardian-modal.tsx';
import type { GuardianSearch } from '../../../src/features/guardians/guardian-search.ts';
import { renderWithProviders } from '../../support/render.tsx';

/** The modal with a URL stand-in: every write is recorded, as the router would apply it. */
function setup(initial: GuardianSearch, onSave = vi.fn(async () => undefined)) {
  const writes: GuardianSearch[] = [];
  let current = initial;
  const onClose = vi.fn();
  function Harness() {
    const [search, setSearch] = useState(initial);
    const updateSearch: SearchUpdater = (update) =>
      setSearch((previous) => {
        current = update(previous);
        writes.push(current);
        return current;
      });
    return <GuardianModal mode="create" search={search} updateSearch={updateSearch} onClose={onClose} onSave={onSave} />;
  }
  renderWithProviders(<Harness />);
  return { writes, url: () => current, onClose, onSave };
}

const open = { action: 'open-new-responsible-modal' };
const fullSearch: GuardianSearch = {
  ...open,
  text1: 'Maria Souza',
  text2: '52998224725',
  text3: '12345678901',
  text4: 'Rua A, 1',
  text5: '11987654321',
  text6: 'maria@example.com',
  select1: 'CASADO',
  select2: 'MAE',
  date1: '1980-02-29',
};

describe('guardian modal', () => {
  it('opens filled from the URL, so a reload restores a half-filled form', () => {
    setup({ ...open, text1: 'Maria', text2: '529', text4: 'Rua B', select1: 'VIUVO', date1: '1999-12-31' });
    expect(screen.getByLabelText(/^Name( \*)?$/)).toHaveValue('Maria');
    expect(screen.getByLabelText(/^CPF( \*)?$/)).toHaveValue('529');
    expect(screen.getByLabelText(/^Address( \*)?$/)).toHaveValue('Rua B');
    expect(screen.getByLabelText(/^Civil status( \*)?$/)).toHaveValue('VIUVO');
    expect(screen.getByLabelText(/^Birth date( \*)?$/)).toHaveValue('1999-12-31');
    expect(screen.getByLabelText(/^Email( \*)?$/)).toHaveValue('');
  });

  it('writes text inputs to the URL 300 ms after the last keystroke, not before', async () => {
    vi.useFakeTimers();
    try {
      const { writes, url } = setup(open);
      const name = screen.getByLabelText(/^Name( \*)?$/);
      fireEvent.change(name, { target: { value: 'M' } });
      act(() => vi.advanceTimersByTime(200));
      fireEvent.change(name, { target: { value: 'Ma' } });
      act(() => vi.advanceTimersByTime(URL_DEBOUNCE_MS - 1));
      expect(writes).toHaveLength(0);
      expect(name).toHaveValue('Ma');
      act(() => vi.advanceTimersByTime(1));
      expect(writes).toHaveLength(1);
      expect(url()).toMatchObject({ action: 'open-new-responsible-modal', text1: 'Ma' });

      fireEvent.change(screen.getByLabelText(/^NIS( \*)?$/), { target: { value: '123' } });
      fireEvent.change(screen.getByLabelText(/^Phone( \*)?$/), { target: { value: '119' } });
      fireEvent.change(screen.getByLabelText(/^Email( \*)?$/), { target: { value: 'a@b' } });
      fireEvent.change(screen.getByLabelText(/^CPF( \*)?$/), { target: { value: '5' } });
      fireEvent.change(screen.getByLabelText(/^Address( \*)?$/), { target: { value: 'Rua' } });
      act(() => vi.advanceTimersByTime(URL_DEBOUNCE_MS));
      expect(url()).toMatchObject({ text1: 'Ma', text2: '5', text3: '123', text4: 'Rua', text5: '119', text6: 'a@b' });

      fireEvent.change(name, { target: { value: '' } });
      act(() => vi.advanceTimersByTime(URL_DEBOUNCE_MS));
      expect(url().text1).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the civil status and birth date to the URL at once', () => {
    const { url } = setup(open);
    fireEvent.change(screen.getByLabelText(/^Civil status( \*)?$/), { target: { value: 'SOLTEIRO' } });
    expect(url().select1).toBe('SOLTEIRO');
    fireEvent.change(screen.getByLabelText(/^Birth date( \*)?$/), { target: { value: '2001-05-06' } });
    expect(url().date1).toBe('2001-05-06');
  });

  it("with a required field empty, saving shows 'Please fill in all fields.' and saves nothing", async () => {
    const user = userEvent.setup();
    const { onSave } = setup({ ...fullSearch, text5: undefined });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a CPF with wrong check digits and a malformed email each get their own message', async () => {
    const user = userEvent.setup();
    const { onSave } = setup({ ...fullSearch, text2: '52998224724', text6: 'maria@' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid CPF: check the digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^CPF( \*)?$/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a phone longer than the 30 characters the API takes gets its own message', async () => {
    const user = userEvent.setup();
    const { onSave } = setup({ ...fullSearch, text5: '+55 (11) 98765-4321 ramal 12345' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The phone can have at most 30 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone( \*)?$/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a complete, valid form is saved with its fields (and no extra answers when none were asked)', async () => {
    const user = userEvent.setup();
    const { onSave } = setup(fullSearch);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      {
        name: 'Maria Souza',
        cpf: '52998224725',
        nis: '12345678901',
        address: 'Rua A, 1',
        phone: '11987654321',
        email: 'maria@example.com',
        civilState: 'CASADO',
        birthDate: '1980-02-29',
        relationship: 'MAE',
        socialName: '',
      },
      {},
    );
  });

  it('Cancel closes without a late URL write', async () => {
    vi.useFakeTimers();
    try {
      const { onClose, writes } = setup(open);
      fireEvent.change(screen.getByLabelText(/^Name( \*)?$/), { target: { value: 'Late' } });
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onClose).toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(URL_DEBOUNCE_MS * 2));
      expect(writes).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks its required fields required (the others not), opens with the focus on Name, and an empty submit marks and focuses the first empty field', async () => {
    const user = userEvent.setup();
    setup({ ...open, text1: 'Maria' });
    const name = screen.getByLabelText(/^Name( \*)?$/);
    await waitFor(() => expect(name).toHaveFocus());
    for (const label of ['Name', 'CPF', 'Birth date', 'Phone', 'Relationship to the child']) {
      expect(screen.getByLabelText(new RegExp(`^${label}( \\*)?$`))).toBeRequired();
    }
    for (const label of ['Social name', 'Civil status', 'NIS', 'Email', 'Address']) {
      expect(screen.getByLabelText(new RegExp(`^${label}( \\*)?$`))).not.toBeRequired();
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('guardian-form-error')).toHaveTextContent('Please fill in all fields.');
    const cpf = screen.getByLabelText(/^CPF( \*)?$/);
    // The first empty required field is the relationship, beside the name.
    await waitFor(() => expect(screen.getByLabelText(/^Relationship to the child( \*)?$/)).toHaveFocus());
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Phone( \*)?$/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Address( \*)?$/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    // Typing in a marked field takes its mark away.
    await user.type(cpf, '5');
    expect(cpf).not.toHaveAttribute('aria-invalid', 'true');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormState } from '../../../src/features/student-registration/use-form-state.ts';

type Values = { name: string; city: string; flag: boolean };
const initialValues: Values = { name: '', city: '', flag: false };
const validate = (values: Values) => (values.name.trim() ? {} : { name: 'Name is required.' });

function Harness({ onValid, onValuesChange }: { onValid: (values: Values) => void; onValuesChange: (values: Values) => void }) {
  const form = useFormState<Values>({ initialValues, validate, onValuesChange });
  const field = (name: 'name' | 'city') => {
    const { value, error, onChange, onBlur } = form.getInputProps(name);
    return (
      <>
        <input aria-label={name} value={value} onChange={onChange} onBlur={onBlur} aria-invalid={Boolean(error)} />
        {error && <p role="alert">{error}</p>}
      </>
    );
  };
  return (
    <form onSubmit={form.onSubmit(onValid)}>
      {field('name')}
      {field('city')}
      <button type="submit">Send</button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
      <button type="button" onClick={() => form.setFieldValue('flag', !form.getValues().flag)}>
        Flag
      </button>
      <output>{String(form.values.flag)}</output>
    </form>
  );
}

function setup() {
  const onValid = vi.fn();
  const onValuesChange = vi.fn();
  render(<Harness onValid={onValid} onValuesChange={onValuesChange} />);
  return { user: userEvent.setup(), onValid, onValuesChange };
}

describe('form state of the registration page', () => {
  it('checks a field when it is left, and hides its error while it is changed', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('name'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Name is required.');
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('name'), 'A');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(screen.getByLabelText('name'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('on submit checks every field and sends only valid values', async () => {
    const { user, onValid } = setup();
    await user.type(screen.getByLabelText('city'), 'Recife');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Name is required.');
    expect(onValid).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ana', city: 'Recife', flag: false });
  });

  it('reports every change (for the draft), keeps non-text fields, and reset goes back to the start without errors', async () => {
    const { user, onValuesChange } = setup();
    await user.type(screen.getByLabelText('name'), 'Bo');
    expect(onValuesChange).toHaveBeenLastCalledWith({ name: 'Bo', city: '', flag: false });
    await user.click(screen.getByRole('button', { name: 'Flag' }));
    expect(onValuesChange).toHaveBeenLastCalledWith({ name: 'Bo', city: '', flag: true });
    expect(screen.getByRole('status').textContent).toBe('true');
    await user.clear(screen.getByLabelText('name'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('false');
  });
});

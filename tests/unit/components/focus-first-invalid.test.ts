import { describe, expect, it, vi } from 'vitest';
import { focusFirstInvalid } from '../../../src/components/focus-first-invalid.ts';

describe('after a submit with errors', () => {
  it('brings the whole first invalid field (label and message) to the middle of the screen and focuses its box', () => {
    document.body.innerHTML = `
      <form>
        <div class="mantine-InputWrapper-root" id="a"><label for="x">Name</label><input id="x" /></div>
        <div class="mantine-InputWrapper-root" id="b"><label for="y">CPF</label><input id="y" aria-invalid="true" /></div>
        <div class="mantine-InputWrapper-root" id="c"><label for="z">Email</label><input id="z" aria-invalid="true" /></div>
      </form>`;
    const wrapper = document.getElementById('b')!;
    const scroll = vi.fn();
    wrapper.scrollIntoView = scroll;
    expect(focusFirstInvalid(document.querySelector('form'))?.id).toBe('y');
    expect(document.activeElement?.id).toBe('y');
    expect(scroll).toHaveBeenCalledWith({ block: 'center', inline: 'nearest' });
  });

  it('does nothing when every field is valid', () => {
    document.body.innerHTML = '<form><input id="x" /></form>';
    expect(focusFirstInvalid(document.querySelector('form'))).toBeNull();
  });
});

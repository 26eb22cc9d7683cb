import { describe, expect, it } from 'vitest';
import { conflictValueText } from '../../../src/components/conflict-fields.ts';

describe('a value in the conflict view', () => {
  it('shows an address as its parts, a yes or no in the words given, nothing as a dash, and the rest as it is', () => {
    expect(conflictValueText({ street: 'Rua da Aurora', number: '12', complement: '', code: '50050000' })).toBe('Rua da Aurora, 12, 50050000');
    expect(conflictValueText({})).toBe('—');
    expect(conflictValueText('')).toBe('—');
    expect(conflictValueText(null)).toBe('—');
    expect(conflictValueText(3)).toBe('3');
    expect(conflictValueText(false)).toBe('no');
    expect(conflictValueText(true, { yes: 'Sim', no: 'Não' })).toBe('Sim');
  });
});

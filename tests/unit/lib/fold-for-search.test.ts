import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../src/lib/fold-for-search.ts';

const matches = (name: string, query: string) => foldForSearch(name).includes(foldForSearch(query));

describe('foldForSearch', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('  JOÃO Álvaro ')).toBe('joao alvaro');
    expect(matches('João Pedro', 'joao')).toBe(true);
    expect(matches('José Álvaro', 'ALVARO')).toBe(true);
    expect(matches('Ana', 'joão')).toBe(false);
    expect(matches('Ana', '')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { foldedNames, foldForSearch } from '../../../src/lib/fold-for-search.ts';

const matches = (name: string, query: string) => foldForSearch(name).includes(foldForSearch(query));

describe('foldForSearch', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('  JOÃO Álvaro ')).toBe('joao alvaro');
    expect(matches('João Pedro', 'joao')).toBe(true);
    expect(matches('José Álvaro', 'ALVARO')).toBe(true);
    expect(matches('Ana', 'joão')).toBe(false);
    expect(matches('Ana', '')).toBe(true);
  });

  it('folds letters outside ASCII, and leaves plain names as they are but lowercase', () => {
    expect(foldForSearch('CONCEIÇÃO Müller Ñusta')).toBe('conceicao muller nusta');
    expect(foldForSearch('Maria DA Silva')).toBe('maria da silva');
  });

  it('folds the names of a list once per list', () => {
    const list = [{ name: 'João' }, { name: 'ÁLVARO' }];
    const names = foldedNames(list);
    expect(names).toEqual(['joao', 'alvaro']);
    expect(foldedNames(list)).toBe(names);
    expect(foldedNames([...list])).not.toBe(names);
  });
});

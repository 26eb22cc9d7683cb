import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldForSearch, searchByName } from '../../../src/lib/fold-for-search.ts';

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

  it("finds the names that contain the query, in the list's order", () => {
    const list = [{ name: 'João' }, { name: 'ÁLVARO' }, { name: 'Joana' }];
    expect(searchByName(list, 'jo')).toEqual([list[0], list[2]]);
    expect(searchByName(list, 'JOÃO')).toEqual([list[0]]);
    expect(searchByName(list, ' ')).toEqual(list);
    expect(searchByName(list, 'x')).toEqual([]);
  });

  it('finds a child with a social name by it or by the civil name, never across the two (issue 52)', () => {
    const list = [{ name: 'Aline Souza', civilName: 'Alan Souza Lima' }, { name: 'Alan Pereira' }, { name: 'Bia' }];
    expect(searchByName(list, 'aline')).toEqual([list[0]]);
    expect(searchByName(list, 'Alan')).toEqual([list[0], list[1]]);
    expect(searchByName(list, 'souza lima')).toEqual([list[0]]);
    expect(searchByName(list, 'souza alan')).toEqual([]);
  });

  it('gives what a search of the whole list gives, whatever was typed or erased before (each keystroke narrows the last)', () => {
    const letters = fc.constantFrom('a', 'á', 'o', 'ã', 'n', 'J', ' ');
    const name = fc.string({ unit: letters, maxLength: 8 });
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), fc.array(name, { minLength: 1, maxLength: 10 }), (names, queries) => {
        const list = names.map((n) => ({ name: n }));
        for (const query of queries) {
          const typed = [...query].map((_, n) => query.slice(0, n + 1));
          for (const step of typed) {
            const whole = list.filter((item) => foldForSearch(item.name).includes(foldForSearch(step)));
            expect(searchByName(list, step)).toEqual(foldForSearch(step) ? whole : list);
          }
        }
      }),
    );
  });
});

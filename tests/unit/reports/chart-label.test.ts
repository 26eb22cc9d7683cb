import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wrapLabel } from '../../../src/features/reports/chart-label.ts';

describe("the chart's names (issue 56: whole, never cut)", () => {
  it('keeps a short name on one line', () => {
    expect(wrapLabel('Judô - Turma A')).toEqual(['Judô - Turma A']);
  });

  it('breaks a long name between words, every word whole', () => {
    expect(wrapLabel('Programação para Jovens - Turma da Tarde')).toEqual(['Programação para', 'Jovens - Turma da', 'Tarde']);
    expect(wrapLabel('Hidroginástica Avançada - Turma A')).toEqual(['Hidroginástica', 'Avançada - Turma A']);
  });

  it('gives a word longer than a line a line of its own, whole', () => {
    expect(wrapLabel('Eletroeletrônicaautomotivaavançada Turma B', 10)).toEqual(['Eletroeletrônicaautomotivaavançada', 'Turma B']);
  });

  it('loses no word and changes none, and no line of two words or more is longer than asked', () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ú\-–]{1,30}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 10 }), fc.integer({ min: 8, max: 30 }), (words, line) => {
        const lines = wrapLabel(words.join(' '), line);
        expect(lines.join(' ')).toBe(words.join(' '));
        for (const text of lines) if (text.includes(' ')) expect(text.length).toBeLessThanOrEqual(line);
      }),
    );
  });
});

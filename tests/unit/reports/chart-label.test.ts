import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chartLabel } from '../../../src/features/reports/chart-label.ts';

describe("the chart's axis names", () => {
  it('keeps a short name whole', () => {
    expect(chartLabel('Judô - Turma A')).toBe('Judô - Turma A');
  });

  it('keeps the first and last words whole, never cutting one in the middle', () => {
    expect(chartLabel('Futebol Society - Turma B')).toBe('Futebol … Turma B');
    expect(chartLabel('Avaliação Física - Turma A')).toBe('Avaliação … Turma A');
    expect(chartLabel('Dança de Salão Intermediário Noite')).toBe('Dança de … Noite');
  });

  it('cuts only a first word too long for its share, and says so', () => {
    expect(chartLabel('Hidroginástica Avançada - Turma A')).toBe('Hidroginá… Turma A');
  });

  it('never goes past the length asked, and keeps two names that differ at the end apart', () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ú]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom('A', 'B', 'C'), (words, letter) => {
        const label = chartLabel(`${words.join(' ')} - Turma ${letter}`);
        expect(label.length).toBeLessThanOrEqual(19);
        expect(label.endsWith(letter)).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { csvDate, csvNumber, toCsv } from '../../../src/lib/csv.ts';

describe('CSV exports', () => {
  it('writes pt-BR with a BOM, semicolons, dd/mm/aaaa dates and decimal commas', () => {
    const text = toCsv(
      [
        ['Educando', csvDate('2026-03-09', 'pt-BR'), 'Frequência'],
        ['Ana; "Aninha"', 'P', csvNumber(87.5, 'pt-BR')],
      ],
      'pt-BR',
    );
    expect(text).toBe('\uFEFFEducando;09/03/2026;Frequência\r\n"Ana; ""Aninha""";P;87,5\r\n');
  });

  it('writes en-US with commas and ISO dates, and keeps a formula-looking cell as text', () => {
    const text = toCsv(
      [
        ['Student', csvDate('2026-03-09', 'en-US')],
        ['=HYPERLINK("x")', null],
      ],
      'en-US',
    );
    expect(text).toBe('\uFEFFStudent,2026-03-09\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});

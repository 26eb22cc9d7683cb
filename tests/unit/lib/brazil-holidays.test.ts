import { describe, expect, it } from 'vitest';
import { brazilNationalHolidays, easterSunday } from '../../../src/lib/brazil-holidays.ts';

describe("Brazil's national holidays, computed", () => {
  it('finds Easter Sunday of known years', () => {
    expect(['2024', '2025', '2026', '2027', '2038', '2285'].map((year) => easterSunday(Number(year)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
      '2285-03-22',
    ]);
  });

  it("gives 2026's holidays with Carnaval, Good Friday and Corpus Christi from Easter, the optional ones marked", () => {
    expect(brazilNationalHolidays(2026).map(({ date, name, optional }) => `${date} ${name}${optional ? ' (opcional)' : ''}`)).toEqual([
      '2026-01-01 Confraternização Universal',
      '2026-02-16 Carnaval (segunda-feira) (opcional)',
      '2026-02-17 Carnaval (terça-feira) (opcional)',
      '2026-04-03 Sexta-feira Santa',
      '2026-04-21 Tiradentes',
      '2026-05-01 Dia do Trabalho',
      '2026-06-04 Corpus Christi (opcional)',
      '2026-09-07 Independência do Brasil',
      '2026-10-12 Nossa Senhora Aparecida',
      '2026-11-02 Finados',
      '2026-11-15 Proclamação da República',
      '2026-11-20 Dia Nacional de Zumbi e da Consciência Negra',
      '2026-12-25 Natal',
    ]);
  });

  it('has no 20 November before 2024 (Lei 14.759/2023)', () => {
    expect(brazilNationalHolidays(2023).some((holiday) => holiday.date === '2023-11-20')).toBe(false);
    expect(brazilNationalHolidays(2023)).toHaveLength(12);
  });
});

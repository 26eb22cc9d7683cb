/**
 * Brazil's national holidays of a year (issue 50), computed here, never fetched: the fixed dates of federal law (Lei
 * 662/1949 and 6.802/1980; 20 November, Dia Nacional de Zumbi e da Consciência Negra, since Lei 14.759/2023, from 2024)
 * and the ones that move with Easter (Sexta-feira Santa, a holiday by Lei 9.093/1995).
 *
 * Carnaval (Monday and Tuesday) and Corpus Christi are not holidays by federal law but "pontos facultativos" of the
 * federal government, kept almost everywhere. Decision: they are offered with the holidays, as `optional`, saved as
 * RECESS (the programme's own day off, not a legal holiday), and ticked like the rest: a coordinator whose programme
 * runs on one of them unticks it. Ash Wednesday (a half day) is not offered.
 */

export type NationalHoliday = { date: string; name: string; optional: boolean };

/** Easter Sunday of a Gregorian year (the anonymous algorithm, Meeus/Jones/Butcher), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

const isoDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A date `days` after (or before) a YYYY-MM-DD date, in calendar days. */
function shift(date: string, days: number): string {
  const moved = new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000);
  return isoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** The year's national holidays and optional points, in date order, with their Portuguese names (as the law has them). */
export function brazilNationalHolidays(year: number): NationalHoliday[] {
  const easter = easterSunday(year);
  const fixed: Array<[number, number, string]> = [
    [1, 1, 'Confraternização Universal'],
    [4, 21, 'Tiradentes'],
    [5, 1, 'Dia do Trabalho'],
    [9, 7, 'Independência do Brasil'],
    [10, 12, 'Nossa Senhora Aparecida'],
    [11, 2, 'Finados'],
    [11, 15, 'Proclamação da República'],
    ...(year >= 2024 ? ([[11, 20, 'Dia Nacional de Zumbi e da Consciência Negra']] as Array<[number, number, string]>) : []),
    [12, 25, 'Natal'],
  ];
  const holidays: NationalHoliday[] = [
    ...fixed.map(([month, day, name]) => ({ date: isoDate(year, month, day), name, optional: false })),
    { date: shift(easter, -48), name: 'Carnaval (segunda-feira)', optional: true },
    { date: shift(easter, -47), name: 'Carnaval (terça-feira)', optional: true },
    { date: shift(easter, -2), name: 'Sexta-feira Santa', optional: false },
    { date: shift(easter, 60), name: 'Corpus Christi', optional: true },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

/** Calendar months as the grid's URL and API have them (YYYY-MM), and the switcher's arithmetic. */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: unknown): value is string => typeof value === 'string' && MONTH.test(value);

/** The month of a day on this device's calendar (the roll call's dates are local days too). */
export function monthOf(day: Date = new Date()): string {
  return `${String(day.getFullYear()).padStart(4, '0')}-${String(day.getMonth() + 1).padStart(2, '0')}`;
}

/** The month `delta` months after (before, when negative) `month`; across years both ways. */
export function shiftMonth(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "March 2025" / "março de 2025". */
export function monthLabel(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, number - 1, 1));
}

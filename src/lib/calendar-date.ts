/** True for YYYY-MM-DD naming a day that exists on the calendar (no schema library: route code is in the first load). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** True for YYYY-MM with a month 01-12 (the reports' month; route code is in the first load: nothing else imported). */
export const isMonth = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * A screen's `month` search value (YYYY-MM), or undefined for anything else. Said as undefined, not left out: the
 * router keeps every raw value a route's search parser leaves out (`?month=abc` reached the screen).
 */
export const parseMonthSearch = (search: Record<string, unknown>): { month?: string } => ({
  month: isMonth(search.month) ? search.month : undefined,
});

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The day `when` falls on in the device's time zone, as YYYY-MM-DD (today by default). */
export function localIsoDate(when: Date | number = new Date()): string {
  const day = new Date(when);
  return `${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1, 2)}-${pad(day.getDate(), 2)}`;
}

/** Local midnight of a YYYY-MM-DD day, to format it in the user's language (not UTC midnight, the day before in Brazil). */
export function localMidnight(value: string): Date {
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  const midnight = new Date(year, month - 1, day);
  midnight.setFullYear(year); // years 0-99 would otherwise mean 1900-1999
  return midnight;
}

/** The month of a day on this device's calendar, YYYY-MM (this month by default). */
export function monthOf(day: Date = new Date()): string {
  return localIsoDate(day).slice(0, 7);
}

/** The month `delta` months after (before, when negative) `month` (YYYY-MM), across years both ways. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + delta;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
}

/** "March 2025" / "março de 2025". */
export function monthLabel(month: string, locale: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, number - 1, 1));
}

/** A YYYY-MM-DD day in words of `locale` ("Tuesday, 8 September", "08/09"), whatever the device's time zone. */
export function dayText(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

/** True for YYYY-MM-DD naming a day that exists on the calendar (no schema library: route code is in the first load). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** True for YYYY-MM with a month 01-12 (the reports' month; route code is in the first load: nothing else imported). */
export const isMonth = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

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

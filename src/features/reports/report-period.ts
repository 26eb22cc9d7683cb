/**
 * The period of the funders' report (issue 53): a month, a quarter, a half year, the year, or any two dates. The
 * address holds only its two dates (`from`, `to`); the kind of period is read back from them, so a link to a quarter
 * opens with "Quarter" chosen.
 */
export const periodKinds = ['month', 'quarter', 'half', 'year', 'dates'] as const;
export type PeriodKind = (typeof periodKinds)[number];
export type Period = { from: string; to: string };

/** How many months each kind spans (its `index` counts those spans from January, starting at 0). */
const SPAN: Record<Exclude<PeriodKind, 'dates'>, number> = { month: 1, quarter: 3, half: 6, year: 12 };

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (month 1-12). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period of `kind` number `index` (0-based) of `year`. */
export function periodOf(kind: Exclude<PeriodKind, 'dates'>, year: number, index: number): Period {
  const span = SPAN[kind];
  const first = index * span + 1;
  const last = first + span - 1;
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
}

/** Which kind and index two dates are (a whole month, quarter, half or year), else any two dates. */
export function kindOf({ from, to }: Period): { kind: PeriodKind; year: number; index: number } {
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7));
  for (const kind of ['month', 'quarter', 'half', 'year'] as const) {
    const span = SPAN[kind];
    if ((month - 1) % span !== 0) continue;
    const index = (month - 1) / span;
    const period = periodOf(kind, year, index);
    if (period.from === from && period.to === to) return { kind, year, index };
  }
  return { kind: 'dates', year, index: month - 1 };
}

/** The same kind of period that holds `today` (YYYY-MM-DD): this month, this quarter... */
export function currentPeriod(kind: Exclude<PeriodKind, 'dates'>, today: string): Period {
  const month = Number(today.slice(5, 7));
  return periodOf(kind, Number(today.slice(0, 4)), Math.floor((month - 1) / SPAN[kind]));
}

/** How many periods of a kind a year has (12 months, 4 quarters, 2 halves, 1 year). */
export const periodsInYear = (kind: Exclude<PeriodKind, 'dates'>): number => 12 / SPAN[kind];

/** The ids of a search's `activities`. */
export const activityIdsOf = (activities: string | undefined): string[] => (activities ? activities.split(',').filter(Boolean) : []);

/** A date as the user's language writes it (the answer's dates are calendar dates: read in UTC). */
export const dateText = (locale: string, date: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(Date.parse(date));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | undefined): value is string => value !== undefined && DATE.test(value) && !Number.isNaN(Date.parse(value));

/** The period an address names: its two dates when they are dates in order, else this month (`today`'s). */
export function periodOfSearch(search: { from?: string | undefined; to?: string | undefined }, today: string): Period {
  const { from, to } = search;
  return isDate(from) && isDate(to) && from <= to ? { from, to } : currentPeriod('month', today);
}

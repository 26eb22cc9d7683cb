/** The class's weekday against the date of a roll (issue 24: a gentle warning, never a refusal: classes get moved). */
import { enums } from '../../api/contract.ts';

/** Sunday first, as Date.getUTCDay counts. */
const byDayNumber = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'] as const;

/** The weekday code (filters/week-days) of a YYYY-MM-DD day. */
export function weekDayOf(date: string): (typeof byDayNumber)[number] {
  return byDayNumber[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/**
 * The weekday of `date` when it is not the class's day; null when it is, when there is no date, or when the class's
 * day is not a code Quadra knows (nothing can be said then).
 */
export function otherWeekDay(classWeekDay: string | undefined, date: string | undefined): string | null {
  if (!date || !classWeekDay || !(enums.weekDay as readonly string[]).includes(classWeekDay)) return null;
  const day = weekDayOf(date);
  return day === classWeekDay ? null : day;
}

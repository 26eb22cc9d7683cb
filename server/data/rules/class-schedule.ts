/**
 * When a class meets, in SQL (issue 52 item 4; the app's src/api/class-schedule.ts meetsOn says the same): on one of
 * its meetings' weekdays, on or after its first day and not after its last.
 */
import { enums } from '../../../src/api/contract.ts';

/** The weekday code of an SQL date expression (isodow: Monday is 1, the order the codes are listed in). */
export const weekDayCodeOf = (day: string): string =>
  `(ARRAY[${enums.weekDay.map((code) => `'${code}'`).join(', ')}])[extract(isodow FROM ${day})::int]`;

/** SQL condition: class `c` meets on `day` (an SQL date expression). */
export const meetsOnDay = (c: string, day: string): string =>
  `EXISTS (SELECT 1 FROM jsonb_array_elements(${c}.meetings) m WHERE m->>'weekDay' = ${weekDayCodeOf(day)})
   AND (${c}.starts_on IS NULL OR ${c}.starts_on <= ${day}) AND (${c}.ends_on IS NULL OR ${day} <= ${c}.ends_on)`;

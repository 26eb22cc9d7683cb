import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../../src/lib/calendar-date.ts';
import { isoDateSchema } from '../../../src/api/contract.ts';

describe('isCalendarDate', () => {
  it.each(['2026-11-21', '2024-02-29', '0001-01-01'])('accepts %s', (value) => expect(isCalendarDate(value)).toBe(true));
  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '21/11/2026', '', 20261121, null])('refuses %s', (value) =>
    expect(isCalendarDate(value)).toBe(false),
  );
  it('agrees with the contract on every day of a leap year and its neighbours', () => {
    for (const month of ['01', '02', '04', '12']) {
      for (let day = 0; day <= 32; day++) {
        const value = `2024-${month}-${String(day).padStart(2, '0')}`;
        expect(isCalendarDate(value), value).toBe(isoDateSchema.safeParse(value).success);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isCalendarDate, localIsoDate, localMidnight } from '../../../src/lib/calendar-date.ts';
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

describe('localIsoDate and localMidnight', () => {
  it('give the day in the device time zone, late at night included', () => {
    expect(localIsoDate(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
    expect(localIsoDate(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
    expect(localIsoDate(new Date(2026, 10, 21, 12).getTime())).toBe('2026-11-21');
  });

  it('round-trip every day of a leap year, and early years stay early', () => {
    for (let day = new Date(2024, 0, 1); day.getFullYear() === 2024; day.setDate(day.getDate() + 1)) {
      const value = localIsoDate(day);
      expect(isCalendarDate(value), value).toBe(true);
      expect(localIsoDate(localMidnight(value))).toBe(value);
    }
    expect(localIsoDate(localMidnight('0042-03-04'))).toBe('0042-03-04');
  });

  it('localMidnight is the start of that day where the device is', () => {
    const midnight = localMidnight('2026-11-21');
    expect([midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), midnight.getHours(), midnight.getMinutes()]).toEqual([
      2026, 10, 21, 0, 0,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { currentPeriod, kindOf, periodOf, periodOfSearch } from '../../../src/features/reports/report-period.ts';

describe("the funders' report's period", () => {
  it('makes a month, a quarter, a half year and the year, with their last days (a leap February too)', () => {
    expect(periodOf('month', 2024, 1)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodOf('month', 2025, 1)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(periodOf('quarter', 2025, 2)).toEqual({ from: '2025-07-01', to: '2025-09-30' });
    expect(periodOf('half', 2025, 0)).toEqual({ from: '2025-01-01', to: '2025-06-30' });
    expect(periodOf('year', 2025, 0)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('reads the kind back from the two dates, so a link to a quarter opens on "a quarter"', () => {
    expect(kindOf({ from: '2025-04-01', to: '2025-06-30' })).toEqual({ kind: 'quarter', year: 2025, index: 1 });
    expect(kindOf({ from: '2025-07-01', to: '2025-12-31' })).toEqual({ kind: 'half', year: 2025, index: 1 });
    expect(kindOf({ from: '2025-03-01', to: '2025-03-31' })).toEqual({ kind: 'month', year: 2025, index: 2 });
    expect(kindOf({ from: '2025-01-01', to: '2025-12-31' }).kind).toBe('year');
    expect(kindOf({ from: '2025-03-02', to: '2025-03-31' }).kind).toBe('dates');
  });

  it("takes the period that holds today, and the address's dates only when they are dates in order", () => {
    expect(currentPeriod('quarter', '2025-05-20')).toEqual({ from: '2025-04-01', to: '2025-06-30' });
    expect(periodOfSearch({ from: '2025-01-10', to: '2025-02-03' }, '2025-05-20')).toEqual({ from: '2025-01-10', to: '2025-02-03' });
    expect(periodOfSearch({ from: '2025-02-03', to: '2025-01-10' }, '2025-05-20')).toEqual({ from: '2025-05-01', to: '2025-05-31' });
    expect(periodOfSearch({ from: '2025-13-40', to: '2025-12-31' }, '2025-05-20')).toEqual({ from: '2025-05-01', to: '2025-05-31' });
    expect(periodOfSearch({}, '2025-05-20')).toEqual({ from: '2025-05-01', to: '2025-05-31' });
  });
});

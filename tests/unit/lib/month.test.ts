import { describe, expect, it } from 'vitest';
import { isMonth, monthLabel, monthOf, shiftMonth } from '../../../src/lib/calendar-date.ts';

describe('the month switcher', () => {
  it.each([
    ['2025-03', -1, '2025-02'],
    ['2025-03', 1, '2025-04'],
    ['2025-01', -1, '2024-12'],
    ['2024-12', 1, '2025-01'],
    ['2025-06', -18, '2023-12'],
    ['2025-06', 0, '2025-06'],
  ])('goes from %s by %i months to %s, across years both ways', (month, delta, expected) => {
    expect(shiftMonth(month, delta)).toBe(expected);
  });

  it('shows the current month by default (the local calendar, like the roll call)', () => {
    expect(monthOf(new Date(2026, 0, 31, 23, 59))).toBe('2026-01');
    expect(monthOf(new Date(2026, 11, 1, 0, 0))).toBe('2026-12');
  });

  it('accepts only YYYY-MM in the address', () => {
    expect(isMonth('2025-03')).toBe(true);
    for (const bad of ['2025-13', '2025-3', '2025-00', '2025-03-01', 'march', '', 202503, undefined]) expect(isMonth(bad)).toBe(false);
  });

  it('names the month in the reader language, never the previous month in a western time zone', () => {
    expect(monthLabel('2025-03', 'en-US')).toBe('March 2025');
    expect(monthLabel('2025-03', 'pt-BR')).toBe('março de 2025');
    expect(monthLabel('2025-01', 'pt-BR')).toBe('janeiro de 2025');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rowOffsets, visibleRows } from '../../../src/components/window-rows.ts';

describe('rowOffsets', () => {
  it('uses measured heights where known and the assumed height elsewhere', () => {
    expect([
      ...rowOffsets(
        4,
        new Map([
          [1, 50],
          [3, 10],
        ]),
        100,
      ),
    ]).toEqual([0, 100, 150, 250, 260]);
  });

  it('an empty list is zero tall', () => {
    expect([...rowOffsets(0, new Map(), 100)]).toEqual([0]);
  });
});

describe('visibleRows', () => {
  const tens = rowOffsets(100, new Map(), 10); // row i spans [10 i, 10 i + 10)

  it('takes the rows overlapping the viewport, plus the overscan on each side', () => {
    expect(visibleRows(tens, 0, 35, 0)).toEqual({ start: 0, end: 4 });
    expect(visibleRows(tens, 25, 55, 0)).toEqual({ start: 2, end: 6 });
    expect(visibleRows(tens, 25, 55, 2)).toEqual({ start: 0, end: 8 });
  });

  it('a row that ends exactly at the top, or starts exactly at the bottom, is not in view', () => {
    expect(visibleRows(tens, 20, 40, 0)).toEqual({ start: 2, end: 4 });
  });

  it('a list below the viewport shows its first rows; scrolled past its end, its last rows', () => {
    expect(visibleRows(tens, -500, -100, 1)).toEqual({ start: 0, end: 2 });
    expect(visibleRows(tens, 5_000, 5_500, 1)).toEqual({ start: 98, end: 100 });
  });

  it('an empty list gives an empty range', () => {
    expect(visibleRows(rowOffsets(0, new Map(), 10), 0, 100, 2)).toEqual({ start: 0, end: 0 });
  });

  it('always covers every row that overlaps the viewport, and stays inside the list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: -1_000, max: 50_000 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 0, max: 3 }),
        (heights, top, height, overscan) => {
          const offsets = rowOffsets(heights.length, new Map(heights.map((h, i) => [i, h])), 1);
          const { start, end } = visibleRows(offsets, top, top + height, overscan);
          expect(0 <= start && start < end && end <= heights.length).toBe(true);
          heights.forEach((_, i) => {
            const overlaps = offsets[i]! < top + height && offsets[i + 1]! > top;
            if (overlaps) expect(start <= i && i < end).toBe(true);
          });
        },
      ),
    );
  });
});

/**
 * The arithmetic of a long list windowed against the page's scroll: where each row starts, and which rows are near
 * the viewport. Rows the browser has laid out have their measured height; the others are assumed as tall as a
 * typical measured row (or the first estimate, before any was measured).
 */

/** `offsets[i]` is where row i starts and `offsets[count]` the list's height. */
export function rowOffsets(count: number, measured: ReadonlyMap<number, number>, assumed: number): Float64Array {
  // A search of 50,000 students gives thousands of rows and few measured ones: the measured rows' differences from the
  // assumed height are added in one pass, not looked up row by row.
  const offsets = new Float64Array(count + 1);
  for (const [index, height] of measured) if (index < count) offsets[index + 1] = height - assumed;
  let offset = 0;
  for (let i = 1; i <= count; i++) offsets[i] = offset += assumed + offsets[i]!;
  return offsets;
}

/**
 * Rows from `start` (inclusive) to `end` (exclusive) that overlap [top, bottom) in list coordinates, plus `overscan`
 * rows on each side. An empty list gives an empty range.
 */
export function visibleRows(offsets: Float64Array, top: number, bottom: number, overscan: number): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  // The first row that ends below `top`, and the first row that starts at or below `bottom`.
  const first = firstIndex(offsets, 1, (offset) => offset > top) - 1;
  const last = firstIndex(offsets, 0, (offset) => offset >= bottom);
  return { start: clamp(first - overscan, 0, count), end: clamp(Math.max(last, first + 1) + overscan, 0, count) };
}

/** The first index from `from` on whose offset passes `test`, or the last index (offsets never decrease). */
function firstIndex(offsets: Float64Array, from: number, test: (offset: number) => boolean): number {
  let low = from;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (test(offsets[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

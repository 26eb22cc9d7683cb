import { useRef } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWindowRows, type WindowRows } from '../../../src/components/use-window-rows.ts';

/** A list whose element sits `top` px down the page (jsdom lays nothing out: its place is given by hand). */
function List({ top, renders, reads = [] }: { top: number; renders: WindowRows[]; reads?: string[] }) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const rows = useWindowRows({ count: 1_000, estimate: 100, overscan: 3, listRef, resetKey: 'all' });
  renders.push(rows);
  return (
    <div
      ref={(element) => {
        listRef.current = element;
        if (element)
          element.getBoundingClientRect = () => {
            reads.push('measured');
            // Where the viewport sees it: `top` down the page, less the page's scroll.
            const y = top - window.scrollY;
            return { top: y, bottom: y, left: 0, right: 0, width: 0, height: 0, x: 0, y, toJSON: () => ({}) };
          };
      }}
    />
  );
}

describe('useWindowRows', () => {
  it("renders the screen's rows in its first render, before the list's place is measured, then trims the rows past the screen", async () => {
    window.innerHeight = 800;
    const renders: WindowRows[] = [];
    render(<List top={300} renders={renders} />);
    // As if the list started at the top: rows 0-7 cover the 800 px screen.
    expect(renders[0]).toMatchObject({ start: 0, end: 8 });
    // Measured 300 px down, the screen shows rows 0-4; the rest (and the overscan after the first paint) follow.
    await expect.poll(() => renders.some((rows) => rows.end === 5)).toBe(true);
    expect(renders.every((rows) => rows.start === 0)).toBe(true);
  });

  it('on a page not scrolled, measures the list once the first rows are painted, not in the commit that shows them', async () => {
    window.innerHeight = 800;
    const reads: string[] = [];
    const renders: WindowRows[] = [];
    render(<List top={300} renders={renders} reads={reads} />);
    // render() has committed and run the effects: a read there would have made the browser lay out the new rows.
    expect(reads).toEqual([]);
    await expect.poll(() => reads.length).toBeGreaterThan(0);
    await expect.poll(() => renders.some((rows) => rows.end === 5)).toBe(true);
  });

  it('on a page opened scrolled, measures before the paint and renders the rows the screen lacks', () => {
    window.innerHeight = 800;
    Object.defineProperty(window, 'scrollY', { value: 2_000, configurable: true });
    try {
      const reads: string[] = [];
      const renders: WindowRows[] = [];
      render(<List top={300} renders={renders} reads={reads} />);
      expect(reads.length).toBeGreaterThan(0);
      // 2,000 px down a list starting at 300 px: rows 17-25 are on screen, rendered before render() returns.
      expect(renders.at(-1)).toMatchObject({ start: 17, end: 25 });
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });
});

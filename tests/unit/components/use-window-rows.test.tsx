import { useRef } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWindowRows, type WindowRows } from '../../../src/components/use-window-rows.ts';

/** A list whose element sits `top` px down the page (jsdom lays nothing out: its place is given by hand). */
function List({ top, renders }: { top: number; renders: WindowRows[] }) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const rows = useWindowRows({ count: 1_000, estimate: 100, overscan: 3, listRef, resetKey: 'all' });
  renders.push(rows);
  return (
    <div
      ref={(element) => {
        listRef.current = element;
        if (element)
          element.getBoundingClientRect = () => ({ top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) });
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
});

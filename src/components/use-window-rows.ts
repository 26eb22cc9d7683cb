/**
 * Windowing for a long list in the page's own scroll: only the rows near the viewport are rendered, between two spacers
 * that keep the page as tall as the whole list. Rows stay in the normal flow, so they never overlap whatever their
 * height, and the browser's scroll anchoring keeps the rows in view still when a row above them is measured.
 * (TanStack Virtual did this before; this is the part the students page needs, at a quarter of its size.)
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { rowOffsets, visibleRows } from './window-rows.ts';
import { afterPaint } from '../lib/after-paint.ts';

type Options = {
  count: number;
  /** A row's height before any row was measured. */
  estimate: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number;
  /** The element that holds the rows (its position in the page is measured after each render). */
  listRef: RefObject<HTMLElement | null>;
  /** Changes when the rows are different ones (a search): heights measured before no longer apply. */
  resetKey: unknown;
};

export type WindowRows = {
  start: number;
  end: number;
  /** Heights of the spacers above and below the rendered rows. */
  before: number;
  after: number;
  /** Ref for each rendered row, with its index in `data-index`, so its height is measured while it is shown. */
  measure: (element: HTMLElement | null) => (() => void) | undefined;
};

export function useWindowRows({ count, estimate, overscan, listRef, resetKey }: Options): WindowRows {
  const measured = useRef(new Map<number, number>());
  const typical = useRef(estimate);
  const [version, setVersion] = useState(0);
  const [lastReset, setLastReset] = useState(resetKey);
  // Where the list starts in the page: null until it has been laid out once. Until then the rows are chosen as if it
  // started at the page's top. On a page not scrolled, that is every row that will be on screen, so the first render
  // holds the cards (in a render React can slice, not in the synchronous one a layout effect's update gets) and the
  // measure after it only takes off the rows past the screen's end; on a page opened scrolled, the rows it lacks are
  // added by that measure's synchronous update, before the paint. The overscan rows follow once that paint is done
  // (`painted`), and again after each new set of rows (a search), so a keystroke paints what is on screen first.
  const [placedTop, setPlacedTop] = useState<number | null>(null);
  const [painted, setPainted] = useState(false);
  if (lastReset !== resetKey) {
    measured.current = new Map();
    setLastReset(resetKey);
    setPainted(false);
  }

  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the measured heights, held in a ref
  const offsets = useMemo(() => rowOffsets(count, measured.current, typical.current), [count, version, lastReset]);

  const listTop = placedTop ?? 0;
  const [viewport, setViewport] = useState(() => ({ top: window.scrollY, height: window.innerHeight }));
  const extraRows = painted ? overscan : 0;
  const range = visibleRows(offsets, viewport.top - listTop, viewport.top - listTop + viewport.height, extraRows);

  // A banner above the list can move it, so its position is checked after each render (state only changes when the
  // position did, so this settles at once). Rows the screen lacks are rendered before the paint (a layout effect's
  // update is synchronous); when every row on screen is already there, the rows past its edge are taken off in a render
  // React can slice, in a task of its own.
  const place = () => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (placedTop !== null && Math.abs(top - placedTop) <= 1) return;
    const needed = visibleRows(offsets, window.scrollY - top, window.scrollY - top + window.innerHeight, 0);
    if (needed.start >= range.start && needed.end <= range.end) startTransition(() => setPlacedTop(top));
    else setPlacedTop(top);
  };
  // The first placement on a page not scrolled waits for the paint: the rows chosen as if the list started at the top
  // hold every row on screen, and measuring before the paint made the browser lay the new page out inside React's
  // commit (a long task on a first visit), then again for the paint.
  const placeAfterPaint = placedTop === null && window.scrollY === 0;
  useLayoutEffect(() => {
    if (!placeAfterPaint) place();
  });
  useEffect(() => (placeAfterPaint ? afterPaint(place) : undefined));
  useEffect(() => {
    if (placedTop === null || painted) return;
    return afterPaint(() => setPainted(true));
  }, [placedTop, painted]);

  // Scrolling and resizing re-render only when the rows to show change (the listener reads what the last render used).
  const rangeRef = useRef({ range, offsets, listTop, extraRows });
  useLayoutEffect(() => {
    rangeRef.current = { range, offsets, listTop, extraRows };
  });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const { range: shown, offsets: at, listTop: top, extraRows: extra } = rangeRef.current;
      const next = visibleRows(at, window.scrollY - top, window.scrollY - top + window.innerHeight, extra);
      if (next.start !== shown.start || next.end !== shown.end) setViewport({ top: window.scrollY, height: window.innerHeight });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);

  // One observer for every rendered row; a batch of new heights re-renders once.
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const index = Number((entry.target as HTMLElement).dataset.index);
              const height = entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
              if (!Number.isInteger(index) || height <= 0 || measured.current.get(index) === height) continue;
              if (measured.current.size === 0) typical.current = height;
              measured.current.set(index, height);
              changed = true;
            }
            if (changed) setVersion((v) => v + 1);
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!observer || !element) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  return {
    start: range.start,
    end: range.end,
    before: offsets[range.start] ?? 0,
    after: (offsets[count] ?? 0) - (offsets[range.end] ?? 0),
    measure,
  };
}

/**
 * Whether a box that scrolls sideways has more beyond its left and right edges, kept up to date as it scrolls and as
 * it or its content changes size. Spread `frameProps` on an element around the box (scroll-edges.module.css draws the
 * shades), and give the box `ref`.
 */
import { useEffect, useRef, useState } from 'react';
import classes from './scroll-edges.module.css';

type Edges = { left: boolean; right: boolean; start: number };
type FrameProps = { className: string; style?: React.CSSProperties; 'data-more-left'?: true; 'data-more-right'?: true };

/**
 * `stickyStart`: the box's first column stays in view (position: sticky), so the left shade goes after it, where the
 * scrolled cells disappear.
 */
export function useScrollEdges<T extends HTMLElement>({ stickyStart = false } = {}): { ref: React.RefObject<T | null>; frameProps: FrameProps } {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false, start: 0 });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      // A pixel of slack: zoomed pages scroll by fractions.
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      const start = stickyStart ? Math.round(box.querySelector('th')?.getBoundingClientRect().width ?? 0) : 0;
      setEdges((was) => (was.left === left && was.right === right && was.start === start ? was : { left, right, start }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(box);
    // And what it scrolls: rows added later (another page of the record) widen the table, not the box.
    const content = box.querySelector('table') ?? box.firstElementChild;
    if (content) resized?.observe(content);
    return () => {
      box.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [stickyStart]);
  return {
    ref,
    frameProps: {
      className: classes.frame!,
      ...(edges.start ? { style: { '--scroll-edge-start': `${edges.start}px` } as React.CSSProperties } : {}),
      ...(edges.left ? { 'data-more-left': true as const } : {}),
      ...(edges.right ? { 'data-more-right': true as const } : {}),
    },
  };
}

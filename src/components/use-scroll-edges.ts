/**
 * Whether a box that scrolls sideways has more beyond its left and right edges, kept up to date as it scrolls and as
 * it or its content changes size. Spread `frameProps` on an element around the box (scroll-edges.module.css draws the
 * shades), and give the box `ref`.
 */
import { useEffect, useRef, useState } from 'react';
import classes from './scroll-edges.module.css';

type Edges = { left: boolean; right: boolean };
type FrameProps = { className: string; 'data-more-left'?: true; 'data-more-right'?: true };

export function useScrollEdges<T extends HTMLElement>(): { ref: React.RefObject<T | null>; frameProps: FrameProps } {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      // A pixel of slack: zoomed pages scroll by fractions.
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
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
  }, []);
  return {
    ref,
    frameProps: {
      className: classes.frame!,
      ...(edges.left ? { 'data-more-left': true as const } : {}),
      ...(edges.right ? { 'data-more-right': true as const } : {}),
    },
  };
}

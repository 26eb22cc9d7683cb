/**
 * Room above a bar stuck to the bottom of the screen (the roll call's counts and Save), for the toasts and for a control
 * the keyboard brings into view: the roll call's pages use it, the toasts' placement (toast-position.ts) reads it. Apart
 * from the toast area (toasts.tsx), which is in the app's first script (issue 57).
 */
import { useEffect, type RefObject } from 'react';

/** How far below the screen's top a bar must be for a toast to fit above it, under the header (px). */
const ROOM_FOR_A_TOAST = 200;

/** How far above the screen's bottom margin the bottom toast areas are raised now (a sticky bar's room), in px. */
let raisedBy = 0;
export const bottomToastsRaisedBy = (): number => raisedBy;

/**
 * A bar stuck to the bottom of the screen (the roll call's counts and Save): toasts rise above it while it is on screen,
 * and a control the keyboard brings into view stops above it, not under it (the page's scroll-padding-bottom: a
 * student marked by Space was otherwise one the user could not see). Its height goes into rules of a style element of
 * its own, which restyle only the toast area and the root element: a CSS variable on the root, as before, restyled
 * every element of the page whenever the bar grew (the first mark of a roll call, when "not saved yet" appears: 666
 * elements, 45 ms at 4x CPU, measured in a Chrome trace).
 */
export function useRoomAboveBar(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const rule = document.createElement('style');
    document.head.append(rule);
    let bottom = '';
    let lastHeight = -1;
    let frame = 0;
    const update = () => {
      frame = 0;
      const sticky = getComputedStyle(element).position === 'sticky';
      const height = sticky ? element.offsetHeight : 0;
      // Toasts rise above the bar wherever it is on screen: stuck to the bottom, or higher on a page that ends before
      // the screen does (a short roster on a desktop, where a toast raised by the bar's height alone lay over Save).
      // A bar too high to leave a toast room above it has the bottom of the screen free below it: toasts stay there.
      const box = element.getBoundingClientRect();
      const onScreen = sticky && box.bottom > 0 && box.top < window.innerHeight;
      const room = onScreen && box.top >= ROOM_FOR_A_TOAST ? Math.max(height, Math.round(window.innerHeight - box.top)) : 0;
      raisedBy = room;
      const next =
        `.mantine-Notifications-root[data-position^='bottom'] { bottom: calc(${room}px + var(--mantine-spacing-md)); }\n` +
        `html { scroll-padding-bottom: calc(${height}px + var(--mantine-spacing-xs)); }`;
      if (next !== bottom) rule.textContent = bottom = next;
      // The bar grew with the focus that brought a control into view (the keyboard hint appears as a student's marks
      // take it): that control was placed above the bar as it was, and may be under it now.
      if (lastHeight >= 0 && height > lastHeight) keepFocusAboveBar(element);
      lastHeight = height;
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    // Scrolling moves a bar that is not stuck: the toasts follow it once a frame (the rule changes only if they move).
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      rule.remove();
      raisedBy = 0;
    };
  }, [bar]);
}

/** The focused control, when the bar covers it, brought into view again: above the bar, by the page's scroll padding. */
function keepFocusAboveBar(bar: HTMLElement): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body || bar.contains(focused)) return;
  if (focused.getBoundingClientRect().bottom > bar.getBoundingClientRect().top) focused.scrollIntoView({ block: 'nearest' });
}

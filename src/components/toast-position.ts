/**
 * Where a toast goes so that it does not cover the control that made it (issue 56: on Users, the toasts of one card's
 * change lay over the next card's controls). Toasts come at the bottom (components/toasts.tsx); a toast made by a
 * control that the bottom toast area would cover comes at the top instead, below the header.
 */

export type Box = { top: number; bottom: number; left: number; right: number };
export type ToastSide = 'top' | 'bottom';

/** The width of the toast area on a tablet or desktop (toasts.tsx's containerWidth), and its margin from the edges. */
export const TOAST_AREA_WIDTH = 360;
const EDGE = 16;
/** The room one more toast takes (a title and two lines of message, and the gap). */
export const TOAST_ROOM = 110;
/** Below Mantine's `sm` breakpoint (48em), as the app shell: toasts are centred there. */
const MOBILE_QUERY = '(max-width: 47.99em)';

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The side for a toast made by `control`: the bottom, unless the bottom toast area with one more toast in it (its toasts
 * shown now reach up to `bottomAreaTop`) would cover the control, and the top area would not.
 */
export function toastSideAwayFrom(
  control: Box,
  screen: { width: number; height: number; headerHeight: number; mobile: boolean },
  shown: { bottomAreaTop: number; topAreaBottom: number; bottomAreaBottom?: number },
): ToastSide {
  const width = screen.mobile ? screen.width : TOAST_AREA_WIDTH + EDGE;
  const left = screen.mobile ? 0 : screen.width - width;
  // The area's own lower edge: a screen may raise it above a bar at the foot (the roll call's, with Save in it).
  const bottom: Box = { left, right: screen.width, top: shown.bottomAreaTop - TOAST_ROOM, bottom: shown.bottomAreaBottom ?? screen.height };
  if (!overlaps(bottom, control)) return 'bottom';
  const top: Box = { left, right: screen.width, top: 0, bottom: Math.max(shown.topAreaBottom, screen.headerHeight) + TOAST_ROOM };
  return overlaps(top, control) ? 'bottom' : 'top';
}

/** The Mantine position of a toast made by `control` in this window, or undefined for the toast area's own (the bottom). */
type ToastPlace = 'top-right' | 'top-center' | undefined;

export function toastPositionAwayFrom(control: Element | null | undefined): ToastPlace {
  if (!control || typeof window === 'undefined') return undefined;
  const mobile = window.matchMedia?.(MOBILE_QUERY).matches ?? false;
  const areaElement = (side: ToastSide) =>
    document.querySelector(`.mantine-Notifications-root[data-position='${side}-${mobile ? 'center' : 'right'}']`);
  const bottomAreaElement = areaElement('bottom');
  const bottomArea = bottomAreaElement?.getBoundingClientRect();
  const topArea = areaElement('top')?.getBoundingClientRect();
  const header = document.querySelector('header')?.getBoundingClientRect();
  // Where the bottom area's toasts start: its lower edge, raised on a screen with a bar at its foot.
  const bottomEdge = bottomAreaElement
    ? window.innerHeight - (parseFloat(getComputedStyle(bottomAreaElement).bottom) || EDGE)
    : window.innerHeight - EDGE;
  const side = toastSideAwayFrom(
    control.getBoundingClientRect(),
    { width: window.innerWidth, height: window.innerHeight, headerHeight: header?.bottom ?? 0, mobile },
    {
      // An empty area has no height: its toasts start at its edge.
      bottomAreaTop: bottomArea && bottomArea.height > 0 ? bottomArea.top : bottomEdge,
      bottomAreaBottom: bottomEdge,
      topAreaBottom: topArea && topArea.height > 0 ? topArea.bottom : 0,
    },
  );
  if (side === 'bottom') return undefined;
  return mobile ? 'top-center' : 'top-right';
}

/**
 * Where a toast goes so that it covers neither the control that made it nor the page's title (issue 56: on Users, the
 * toasts of one card's change lay over the next card's controls; a toast sent to the top to clear the roll call's Save
 * lay over the roll call's title at 820 px). Toasts come at the toast area's own place (components/toasts.tsx: the
 * bottom, above a sticky bar at the foot; the top on a short screen). A toast whose area there, with one more toast in
 * it, would cover its control or the title's words goes to the first of the other places that covers neither: the
 * other side's bottom, then the top (below the header) on the right and on the left; on a phone, whose areas are the
 * whole width, the other end. When every place covers one of them, the control comes first: the first place clear of
 * it.
 *
 * Loaded after the first screen (main.tsx, placeToastsAwayFromTheirControl), for every toast of every screen; a screen
 * whose control is gone or elsewhere by the time it speaks (Users: the dialog's button) passes its own `position`.
 */
import { SHORT_QUERY } from './toasts.tsx';
import { bottomToastsRaisedBy } from './room-above-bar.ts';

export type Box = { top: number; bottom: number; left: number; right: number };
export type ToastPlace = 'bottom-right' | 'top-right' | 'bottom-left' | 'top-left' | 'bottom-center' | 'top-center';

/** The width of the toast area on a tablet or desktop (toasts.tsx's containerWidth), and its margin from the edges. */
export const TOAST_AREA_WIDTH = 360;
const EDGE = 16;
/** The top areas' gap below the header (app-shell.css: --mantine-spacing-xs). */
const TOP_GAP = 10;
/** The room one more toast takes (a title and two lines of message, and the gap). */
export const TOAST_ROOM = 110;
/** Below Mantine's `sm` breakpoint (48em), as the app shell: toasts are centred there. */
const MOBILE_QUERY = '(max-width: 47.99em)';

export const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A place and the box its toasts would fill with one more toast in it. */
export type PlaceBox = { place: ToastPlace; box: Box };

/**
 * The place for a toast, from the candidates in order of preference (the area's own first): the first clear of the
 * control and of the title, else the first clear of the control, else the area's own.
 */
export function placeAwayFrom(candidates: readonly PlaceBox[], control: Box | null, title: Box | null): ToastPlace {
  const clearOf = (box: Box, other: Box | null) => !other || !overlaps(box, other);
  return (
    candidates.find(({ box }) => clearOf(box, control) && clearOf(box, title))?.place ??
    candidates.find(({ box }) => clearOf(box, control))?.place ??
    candidates[0]!.place
  );
}

/** The places a toast may take on this screen, the area's own first. */
export function placesOn(mobile: boolean, own: ToastPlace): ToastPlace[] {
  // The bottom first, on either side: a page's title is at its top, and a page that follows a save (a student's edit
  // goes back to the profile) brings its own title there, which a toast placed for the page before would cover.
  const all: ToastPlace[] = mobile ? ['bottom-center', 'top-center'] : ['bottom-right', 'bottom-left', 'top-right', 'top-left'];
  return [own, ...all.filter((place) => place !== own)];
}

/** The box a place's toasts fill in this window with one more toast in it (read from the toast area when it is drawn). */
function placeBox(place: ToastPlace): Box {
  const [end, side] = place.split('-') as ['top' | 'bottom', 'left' | 'right' | 'center'];
  // Mantine's container: 360 px wide at most, with the edge's margin on a phone.
  const width = Math.min(window.innerWidth - 2 * EDGE, TOAST_AREA_WIDTH);
  const left = side === 'center' ? (window.innerWidth - width) / 2 : side === 'right' ? window.innerWidth - EDGE - width : EDGE;
  const right = left + width;
  // The toasts it shows now (none before the toast area has loaded, with the first toast).
  const drawn = document.querySelector(`.mantine-Notifications-root[data-position='${place}']`)?.getBoundingClientRect();
  if (end === 'bottom') {
    // The area's lower edge: raised above a bar at the foot (toasts.tsx useRoomAboveBar); its toasts go up from there.
    const edge = window.innerHeight - EDGE - bottomToastsRaisedBy();
    const reached = drawn && drawn.height > 0 ? drawn.top : edge;
    return { left, right, top: reached - TOAST_ROOM, bottom: edge };
  }
  // Below the header (app-shell.css: 10 px below it); its toasts go down from there.
  const edge = (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0) + TOP_GAP;
  const reached = drawn && drawn.height > 0 ? drawn.bottom : edge;
  return { left, right, top: edge, bottom: reached + TOAST_ROOM };
}

/** The box of the words of the page's title (its h1), when they are on screen: a block's box spans the whole line. */
function titleBox(): Box | null {
  const title = document.querySelector('main h1') ?? document.querySelector('h1');
  if (!title) return null;
  const range = document.createRange();
  range.selectNodeContents(title);
  // jsdom draws nothing: no box for a range there.
  const box = typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect() : title.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight ? box : null;
}

/** The place for a toast made by `control` in this window, or undefined for the toast area's own. */
export function toastPositionAwayFrom(control: Element | Box | null | undefined): ToastPlace | undefined {
  if (!control || typeof window === 'undefined') return undefined;
  const mobile = window.matchMedia?.(MOBILE_QUERY).matches ?? false;
  // The toast area's own place (toasts.tsx): the top on a short screen, else the bottom, centred on a phone.
  const own: ToastPlace = window.matchMedia?.(SHORT_QUERY).matches ? 'top-center' : mobile ? 'bottom-center' : 'bottom-right';
  const controlBox = control instanceof Element ? control.getBoundingClientRect() : control;
  const candidates = placesOn(mobile, own).map((place) => ({ place, box: placeBox(place) }));
  const place = placeAwayFrom(candidates, controlBox, titleBox());
  return place === own ? undefined : place;
}

/** A control the user pressed or keyed, and where it was then (a dialog's button is gone once the dialog closes). */
type Pressed = { element: Element; box: Box };

/**
 * From now on, a toast whose caller does not place it keeps away from its control (main.tsx, after the first screen):
 * the control last pressed or keyed (Safari on an iPad does not focus a tapped button; a save's answer comes after
 * the focus has moved on), where it is now or, once gone (a dialog closed), where it was; else the focused one.
 */
export function placeToastsAwayFromTheirControl(keep: (placement: (focused: Element | null) => ToastPlace | undefined) => void): void {
  let pressed: Pressed | null = null;
  const remember = (target: EventTarget | null) => {
    // The control, not the word or icon inside it that the finger landed on.
    const element = target instanceof Element ? (target.closest('button, a, input, select, textarea, label, [role]') ?? target) : null;
    pressed = element ? { element, box: element.getBoundingClientRect() } : null;
  };
  const options = { capture: true, passive: true };
  document.addEventListener('pointerdown', (event) => remember(event.target), options);
  document.addEventListener('keydown', (event) => (event.key === 'Enter' || event.key === ' ' ? remember(event.target) : undefined), options);
  keep((focused) => {
    if (pressed) return toastPositionAwayFrom(pressed.element.isConnected ? pressed.element : pressed.box);
    return toastPositionAwayFrom(focused);
  });
}

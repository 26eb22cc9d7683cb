/**
 * A toast covers neither the control that made it nor the page's title (issue 56), and one action shows one toast.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { keepToastsAwayFromTheirControl, notify } from '../../../src/components/notify.ts';
import {
  placeAwayFrom,
  placesOn,
  placeToastsAwayFromTheirControl,
  TOAST_AREA_WIDTH,
  TOAST_ROOM,
  type Box,
  type ToastPlace,
} from '../../../src/components/toast-position.ts';

const box = (left: number, top: number, width = 120, height = 44): Box => ({ left, top, right: left + width, bottom: top + height });

/** The places of an 820 × 1180 tablet with empty areas: the bottom's toasts go up from 1164, the top's down from 74. */
const right = 820 - 16 - TOAST_AREA_WIDTH;
const tablet = (bottomEdge = 1164): { place: ToastPlace; box: Box }[] =>
  placesOn(false, 'bottom-right').map((place) => ({
    place,
    box: place.startsWith('bottom')
      ? box(place.endsWith('right') ? right : 16, bottomEdge - TOAST_ROOM, TOAST_AREA_WIDTH, TOAST_ROOM)
      : box(place.endsWith('right') ? right : 16, 74, TOAST_AREA_WIDTH, TOAST_ROOM),
  }));

describe('where a toast goes', () => {
  it('at its own place (the bottom right) when that covers neither the control nor the title', () => {
    expect(placeAwayFrom(tablet(), box(20, 1100), box(106, 90, 600, 40))).toBe('bottom-right');
  });

  it('at the bottom left when the bottom right would cover the control: the title is at the top (the roll call at 820 px)', () => {
    expect(placeAwayFrom(tablet(), box(600, 1100), box(106, 90, 600, 40))).toBe('bottom-left');
  });

  it('at the top right when the control spans the bottom and the title leaves the top right free', () => {
    expect(placeAwayFrom(tablet(), box(20, 1100, 780), box(106, 90, 300, 40))).toBe('top-right');
    // Every place covers one of them: the first clear of the control.
    expect(placeAwayFrom(tablet(), box(20, 1100, 780), box(106, 90, 600, 40))).toBe('top-right');
  });

  it('at its own place when the area is raised above a bar at the foot and the control is in the bar', () => {
    // The roll call's bar holds Save (1104-1152); its toasts start above the bar, at 1066.
    expect(placeAwayFrom(tablet(1066), box(600, 1104), box(106, 90, 600, 40))).toBe('bottom-right');
  });

  it('clear of the control before the title when every place covers one of them', () => {
    const short = placesOn(false, 'bottom-right').map((place) => ({ place, box: box(0, 0, 820, 300) }));
    short[1] = { place: 'bottom-left', box: box(16, 200, TOAST_AREA_WIDTH, 100) };
    expect(placeAwayFrom(short, box(600, 120), box(20, 220, 700, 40))).toBe('bottom-left');
  });

  it('on a phone at the other end: the areas are the whole width', () => {
    expect(placesOn(true, 'bottom-center')).toEqual(['bottom-center', 'top-center']);
    const phone = [
      { place: 'bottom-center' as const, box: box(16, 674, 358, TOAST_ROOM) },
      { place: 'top-center' as const, box: box(16, 74, 358, TOAST_ROOM) },
    ];
    expect(placeAwayFrom(phone, box(0, 740), null)).toBe('top-center');
  });
});

describe('a toast and the control that made it, on every screen', () => {
  const positions = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.position);
  /** A button drawn at `top`, `left` (80 × 44 px) in the test's window (jsdom's: 1024 × 768). */
  function buttonAt(top: number, left: number): HTMLButtonElement {
    const button = document.createElement('button');
    button.textContent = 'Save';
    document.body.append(button);
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(new DOMRect(left, top, 80, 44));
    return button;
  }
  beforeAll(() => placeToastsAwayFromTheirControl(keepToastsAwayFromTheirControl));
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('keeps clear of the button pressed, even once it is gone (a dialog closed), and keeps its own place otherwise', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const low = buttonAt(window.innerHeight - 60, window.innerWidth - 100);
    low.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    notify({ message: 'Saved at the bottom right', severity: 'success' });
    low.remove();
    notify({ message: 'Saved by a dialog now closed', severity: 'success' });
    buttonAt(100, 20).dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    notify({ message: 'Saved at the top left', severity: 'success' });
    expect(positions()).toEqual(['bottom-left', 'bottom-left', undefined]);
  });

  it('keeps clear of a button keyed with Enter, and the place its caller chose wins', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const low = buttonAt(window.innerHeight - 60, window.innerWidth - 100);
    low.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    notify({ message: 'Saved by the keyboard', severity: 'success' });
    notify({ message: 'Chosen by the screen', position: 'top-right' });
    expect(positions()).toEqual(['bottom-left', 'top-right']);
  });
});

describe('one toast per action', () => {
  afterEach(() => notifications.clean());
  it('the same toast shown twice while on screen (a double tap on Save) is one toast', () => {
    notify({ message: 'Saved.', severity: 'success' });
    notify({ message: 'Saved.', severity: 'success' });
    notify({ message: 'Something else.', severity: 'success' });
    const { notifications: shown, queue } = notificationsStore.getState();
    expect([...shown, ...queue].map((toast) => toast.message)).toEqual(['Saved.', 'Something else.']);
  });
});

/**
 * A toast never covers the control that made it (issue 56), and one action shows one toast.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { notify } from '../../../src/components/notify.ts';
import { toastSideAwayFrom, TOAST_AREA_WIDTH } from '../../../src/components/toast-position.ts';

const tablet = { width: 820, height: 1180, headerHeight: 64, mobile: false };
const empty = { bottomAreaTop: 1180 - 16, topAreaBottom: 0 };
const box = (left: number, top: number, width = 120, height = 44) => ({ left, top, right: left + width, bottom: top + height });

afterEach(() => notifications.clean());

describe('where a toast goes', () => {
  it('at the bottom when the control is clear of the bottom toast area', () => {
    expect(toastSideAwayFrom(box(20, 1100), tablet, empty)).toBe('bottom'); // bottom left: the area is on the right
    expect(toastSideAwayFrom(box(600, 300), tablet, empty)).toBe('bottom'); // right, high up
  });

  it('at the top when the bottom area would cover the control that made it', () => {
    expect(toastSideAwayFrom(box(820 - TOAST_AREA_WIDTH, 1100), tablet, empty)).toBe('top');
    // The toasts already shown raise the area: a control higher up is covered by the next one.
    expect(toastSideAwayFrom(box(600, 820), tablet, empty)).toBe('bottom');
    expect(toastSideAwayFrom(box(600, 820), tablet, { bottomAreaTop: 900, topAreaBottom: 0 })).toBe('top');
  });

  it('at the bottom when the area is raised above a bar at the foot and the control is in the bar (the roll call)', () => {
    // The roll call's bar holds Save (1104-1152); its toasts start above the bar, at 1176 - 110 = 1066 from the top.
    const raised = { bottomAreaTop: 1066, topAreaBottom: 0, bottomAreaBottom: 1066 };
    expect(toastSideAwayFrom(box(820 - TOAST_AREA_WIDTH, 1104), tablet, raised)).toBe('bottom');
    expect(toastSideAwayFrom(box(820 - TOAST_AREA_WIDTH, 1000), tablet, raised)).toBe('top');
  });

  it('on a phone the area is the whole width', () => {
    const phone = { width: 390, height: 800, headerHeight: 56, mobile: true };
    expect(toastSideAwayFrom(box(0, 740), phone, { bottomAreaTop: 784, topAreaBottom: 0 })).toBe('top');
  });

  it('stays at the bottom when the top would cover the control too', () => {
    const short = { width: 820, height: 300, headerHeight: 64, mobile: false };
    expect(toastSideAwayFrom(box(600, 120), short, { bottomAreaTop: 284, topAreaBottom: 0 })).toBe('bottom');
  });
});

describe('one toast per action', () => {
  it('the same toast shown twice while on screen (a double tap on Save) is one toast', () => {
    notify({ message: 'Saved.', severity: 'success' });
    notify({ message: 'Saved.', severity: 'success' });
    notify({ message: 'Something else.', severity: 'success' });
    const { notifications: shown, queue } = notificationsStore.getState();
    expect([...shown, ...queue].map((toast) => toast.message)).toEqual(['Saved.', 'Something else.']);
  });
});

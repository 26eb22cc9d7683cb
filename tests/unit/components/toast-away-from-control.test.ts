/**
 * A toast keeps away from the control that made it on every screen, not only where the screen says so (issue 56 item 8:
 * "toasts never cover the control that made them"): once the placement has loaded, a toast made by a focused button
 * that the bottom toast area would cover comes at the top; a button elsewhere, or no focused control, keeps the bottom.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { keepToastsAwayFromTheirControl, notify } from '../../../src/components/notify.ts';
import { placeToastsAwayFromTheirControl } from '../../../src/components/toast-position.ts';

const positions = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.position);

/** A focused button drawn at `top`, `left` (80 × 44 px) in the test's window. */
function focusedButtonAt(top: number, left: number): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'Save';
  document.body.append(button);
  vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(new DOMRect(left, top, 80, 44));
  button.focus();
  return button;
}

beforeAll(() => placeToastsAwayFromTheirControl(keepToastsAwayFromTheirControl));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('a toast and the control that made it', () => {
  it('comes at the top when the bottom toast area would cover the focused button, and stays at the bottom otherwise', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    focusedButtonAt(window.innerHeight - 60, window.innerWidth - 100);
    notify({ message: 'Saved at the bottom right', severity: 'success' });
    focusedButtonAt(100, 20);
    notify({ message: 'Saved at the top left', severity: 'success' });
    expect(positions()).toEqual(['top-right', undefined]);
  });

  it('keeps away from the button last pressed when a tap does not focus it (Safari on an iPad)', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const save = focusedButtonAt(window.innerHeight - 60, window.innerWidth - 100);
    save.blur();
    save.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    notify({ message: 'Saved by a tap', severity: 'success' });
    expect(positions()).toEqual(['top-right']);
  });

  it('keeps the bottom with no focused control, and the place its caller chose', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    notify({ message: 'A change arrived' });
    focusedButtonAt(window.innerHeight - 60, window.innerWidth - 100);
    notify({ message: 'Chosen by the screen', position: 'top-center' });
    expect(positions()).toEqual([undefined, 'top-center']);
  });
});

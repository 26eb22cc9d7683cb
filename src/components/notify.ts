/** Toasts (SPEC §3, §4, §8, §9): four severities, a translated prefix, optional close button, auto-hide after 5 s. */
import { notifications } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../lib/i18n.ts';
import { serverState } from '../lib/server-status.ts';

export type Severity = 'success' | 'error' | 'info' | 'warning';
export const TOAST_AUTO_HIDE_MS = 5000;

const prefixes: Record<Severity, MessageDescriptor> = {
  success: msg`Success:`,
  error: msg`Error:`,
  info: msg`Info:`,
  warning: msg`Warning:`,
};
const colors: Record<Severity, string> = { success: 'green.9', error: 'red.9', info: 'blue.9', warning: 'orange.9' };
const closeLabel = msg`Close notification`;

export type ToastInput = {
  message: string;
  severity?: Severity;
  closable?: boolean;
  /**
   * Where the toast goes instead of the toast area's own place, for a screen whose control is gone by the time it
   * speaks (toastPositionAwayFrom in toast-position.ts). Without it, the toast keeps away from its control.
   */
  position?: ToastPlace;
};

type ToastPlace = 'bottom-right' | 'top-right' | 'bottom-left' | 'top-left' | 'bottom-center' | 'top-center';
type Placement = (focused: Element | null) => ToastPlace | undefined;

/**
 * How a toast keeps away from the control that made it and the page's title, when its caller does not say (issue 56:
 * "toasts never cover the control that made them"). The placement (toast-position.ts) loads after the first screen
 * (main.tsx), so it costs the first script nothing; a toast before that keeps the toast area's own place.
 */
let placeAway: Placement | undefined;
export function keepToastsAwayFromTheirControl(placement: Placement): void {
  placeAway = placement;
}

function focusedControl(): Element | null {
  const focused = typeof document === 'undefined' ? null : document.activeElement;
  return focused && focused !== document.body ? focused : null;
}

/**
 * Show a toast; the message must already be translated. Severity defaults to info. One toast per action: the same
 * toast shown again while it is still on screen (a double tap on Save) is not shown twice; its id is its severity and
 * message, and Mantine's store keeps one notification per id.
 */
/** A toast's id from its severity and message (a short hash: the id is an HTML id too, and a message has spaces). */
function toastId(severity: Severity, message: string): string {
  let hash = 0;
  for (let i = 0; i < message.length; i += 1) hash = (Math.imul(hash, 31) + message.charCodeAt(i)) | 0;
  return `toast-${severity}-${(hash >>> 0).toString(36)}-${message.length}`;
}

export function notify({ message, severity = 'info', closable = false, position = placeAway?.(focusedControl()) }: ToastInput): string {
  return notifications.show({
    id: toastId(severity, message),
    ...(position ? { position } : {}),
    title: i18n._(prefixes[severity]),
    message,
    color: colors[severity],
    autoClose: TOAST_AUTO_HIDE_MS,
    withCloseButton: closable,
    // The close button is an icon: give it a name. The message under the prefix is dimmed grey by default (3.3:1),
    // below AA on white: use the darker grey the lists use for secondary text.
    closeButtonProps: { 'aria-label': i18n._(closeLabel), size: 'xl' },
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    // Slides in and out without fading: a fading toast's words fall below AA contrast while it goes (issue 56: axe
    // caught a toast hiding as it audited a page with a dialog open).
    style: { opacity: 1 },
    role: severity === 'error' ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0]);
}

const keptHere = msg`Kept on this device: it is sent as soon as the server can be reached.`;

/**
 * The success toast of a write the outbox now holds. While the browser is offline or the server does not answer, it
 * also says the write is on this device, not on the server yet (the header's Pending counter says when it leaves).
 */
export function notifySaved(message: string): string {
  const away = globalThis.navigator?.onLine === false || serverState() === 'unavailable';
  if (!away) return notify({ message, severity: 'success' });
  // Two sentences: the SPEC's own success texts end without a full stop ("Attendance recorded successfully").
  return notify({ message: `${/[.!?]$/.test(message) ? message : `${message}.`} ${i18n._(keptHere)}`, severity: 'success' });
}

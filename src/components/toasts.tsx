/**
 * The toast area (SPEC §3). Toasts are shown through Mantine's notifications store (components/notify.ts), which is
 * small; the container that draws them, with its transitions, is downloaded when the first toast is waiting, so pages
 * that show none never load it. A toast is never dropped while the container loads: it waits in the store. If the
 * download fails (offline, before the service worker has the app), the next toast tries again.
 *
 * Where (issue 24: a toast never covers a page title, a date field or a save bar): bottom-centre on phones (SPEC), and
 * bottom-right, 360 px wide, on tablets and desktops, instead of SPEC's top-right: at the top right, below the header,
 * a toast lay over the page's first rows (the roll call's title, date and back link: at 820 px the page is barely wider
 * than a toast), which is where every screen keeps its title and its first controls. Above a sticky save bar
 * (room-above-bar.ts), never over it, whether the bar is stuck to the bottom or ends a page shorter than the screen.
 * On a short screen (under 40em high: 200% zoom, a phone held sideways) the save bar is not sticky, it ends the page,
 * and a toast at the bottom lay over the counts just saved: there toasts come at the top, just below the header.
 */
import { useEffect } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { useOnDemand } from './use-on-demand.ts';

const loadToastArea = () => import('./toast-area.tsx');

/** Where roll-call.module.css stops keeping its save bar on screen (and toasts come at the top: toast-position.ts). */
export const SHORT_QUERY = '(max-height: 39.99em)';
const belowHeader = { top: 'calc(var(--quadra-header-height) + var(--mantine-spacing-xs))' };
export function Toasts({ mobile }: { mobile: boolean }) {
  const short = useMediaQuery(SHORT_QUERY, window.matchMedia(SHORT_QUERY).matches, { getInitialValueInEffect: false }) ?? false;
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  const [ToastArea, loadToasts] = useOnDemand(loadToastArea);
  useEffect(() => {
    if (waiting > 0 && !ToastArea) loadToasts();
  }, [waiting, ToastArea, loadToasts]);
  if (!ToastArea) return null;
  if (short) return <ToastArea position="top-center" style={belowHeader} containerWidth={360} zIndex={1000} />;
  return <ToastArea position={mobile ? 'bottom-center' : 'bottom-right'} containerWidth={360} zIndex={1000} />;
}

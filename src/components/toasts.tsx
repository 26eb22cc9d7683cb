/**
 * The toast area (SPEC §3). Toasts are shown through Mantine's notifications store (components/notify.ts), which is
 * small; the container that draws them, with its transitions, is downloaded when the first toast is waiting, so pages
 * that show none never load it. A toast is never dropped while the container loads: it waits in the store. If the
 * download fails (offline, before the service worker has the app), the next toast tries again.
 */
import { useEffect } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useOnDemand } from './use-on-demand.ts';

const loadToastArea = () => import('./toast-area.tsx');

export function Toasts({ mobile }: { mobile: boolean }) {
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  const [ToastArea, loadToasts] = useOnDemand(loadToastArea);
  useEffect(() => {
    if (waiting > 0 && !ToastArea) loadToasts();
  }, [waiting, ToastArea, loadToasts]);
  return ToastArea ? <ToastArea position={mobile ? 'bottom-center' : 'top-right'} zIndex={1000} /> : null;
}

/** The toast area (SPEC §4): bottom-centre on mobile, top-right on desktop. Loaded with the first toast. */
import { Notifications } from '@mantine/notifications';

export default function ToastArea({ mobile }: { mobile: boolean }) {
  return <Notifications position={mobile ? 'bottom-center' : 'top-right'} zIndex={1000} />;
}

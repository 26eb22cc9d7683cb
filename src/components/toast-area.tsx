/** Mantine's toast container, in its own chunk: see toasts.tsx. */
export { Notifications as default } from '@mantine/notifications';

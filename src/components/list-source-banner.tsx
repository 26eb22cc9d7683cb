import { Alert } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListSource } from '../offline/list-source.ts';

/**
 * Says plainly when a list is not fresh from the server: the device's last copy (as of when it came from the server),
 * or the built-in sample data.
 */
export function ListSourceBanner({ source, savedAt }: { source: ListSource; savedAt?: number | undefined }) {
  const { i18n } = useLingui();
  const when = savedAt ? asOf(i18n.locale, savedAt) : '';
  if (source === 'sample') {
    return (
      <Alert color="orange" c="orange.9" variant="light" mb="md" role="status" data-testid="sample-banner">
        <Trans>
          Showing sample data: the server could not be reached and nothing is saved on this device yet. Nothing can be saved for sample records.
        </Trans>
      </Alert>
    );
  }
  if (source === 'device') {
    return (
      <Alert color="gray" c="gray.9" variant="light" mb="md" role="status" data-testid="device-banner">
        {savedAt ? (
          <Trans>The server could not be reached: showing the copy saved on this device, as of {when}.</Trans>
        ) : (
          <Trans>The server could not be reached: showing the copy saved on this device.</Trans>
        )}
      </Alert>
    );
  }
  return null;
}

/** "10:42" today, with the date on another day. */
function asOf(locale: string, at: number): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(locale, today ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

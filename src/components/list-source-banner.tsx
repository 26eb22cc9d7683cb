import { Alert } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListSource } from '../offline/list-source.ts';
import { momentText } from './moment-text.ts';
import { AccessRecordFailure } from './access-record-failure.tsx';

/**
 * Says plainly when a list is not fresh from the server: the device's last copy (as of when it came from the server),
 * or the built-in sample data, or nothing because the server could not record the reading.
 */
export function ListSourceBanner({ source, savedAt }: { source: ListSource; savedAt?: number | undefined }) {
  const { i18n } = useLingui();
  const when = savedAt ? momentText(i18n.locale, savedAt) : '';
  if (source === 'unrecorded') return <AccessRecordFailure />;
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

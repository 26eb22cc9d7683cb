import { memo } from 'react';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PRESENT_GREEN } from './colors.ts';
import type { SavedRoll } from './use-roll-call.ts';
import { useAuthorName } from '../../components/author-name.ts';
import { useRefusalText } from '../../components/refusal-text.ts';

/** Where the roll of this class and date stands: waiting on the device, refused, on the server, or not taken yet. */
export const RollSyncStatus = memo(function RollSyncStatus({ saved, date }: { saved: SavedRoll; date: string | undefined }) {
  const { t, i18n } = useLingui();
  const authorName = useAuthorName();
  const refusalText = useRefusalText();
  if (!date) {
    return (
      <Alert color="quadra.8" variant="outline" mb="md">
        <Trans>Choose the date of the class to take the roll.</Trans>
      </Alert>
    );
  }
  const when = saved.takenAt ? i18n.date(new Date(saved.takenAt), { dateStyle: 'short', timeStyle: 'short' }) : '';
  const who = authorName(saved.takenBy);
  const badge = {
    pending: { color: 'orange.9', label: t`Pending: saved on this device, waiting to be sent` },
    failed: { color: 'red.9', label: t`Refused by the server` },
    synced: { color: PRESENT_GREEN, label: t`Synced: the server has this roll` },
    none: { color: 'gray.8', label: t`No roll saved for this date yet` },
    unknown: { color: 'gray.8', label: t`No roll saved on this device for this date` },
  }[saved.state];
  return (
    <Group gap="sm" mb="md" role="status" data-testid="roll-sync" data-state={saved.state}>
      <Badge
        color={badge.color}
        variant="outline"
        size="lg"
        radius="sm"
        // The longer statuses wrap on a phone instead of ending in "…".
        styles={{
          root: { textTransform: 'none', height: 'auto', minHeight: 28, maxWidth: '100%', paddingBlock: 4 },
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
        }}
      >
        {badge.label}
      </Badge>
      {saved.takenAt && (
        <Text size="sm" c="gray.8">
          <Trans>
            Taken by {who} on {when}
          </Trans>
        </Text>
      )}
      {saved.state === 'failed' && refusalText(saved) && (
        <Text size="sm" c="red.9">
          {refusalText(saved)}
        </Text>
      )}
      {saved.state === 'failed' && saved.reasonCode === 'stale-version' && (
        // Where it is settled: the roll shown is this device's, and the day's roll on the server is someone else's.
        <Text size="sm" c="gray.9" data-testid="roll-conflict-hint">
          <Trans>Compare both rolls under Failed, at the top of the screen, then keep yours or take theirs.</Trans>
        </Text>
      )}
    </Group>
  );
});

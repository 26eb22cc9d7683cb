import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCloudCheck, IconCloudOff, IconDeviceTablet, IconRefresh } from '@tabler/icons-react';
import { requestSync, useSyncStatus, type SyncFailure } from '../offline/sync-status.ts';
import { useOnDemand } from './use-on-demand.ts';
import { momentText } from './moment-text.ts';
import { loadShellPartsMessages } from '../lib/i18n.ts';

const loadDevicePanel = () =>
  Promise.all([import('./device-panel.tsx'), loadShellPartsMessages()]).then(([module]) => ({ default: module.DevicePanel }));

function FailureReason({ failure }: { failure: SyncFailure }) {
  if (failure.kind === 'offline') return <Trans>this device is offline</Trans>;
  if (failure.kind === 'unreachable') return <Trans>the server could not be reached</Trans>;
  return <>{failure.message}</>;
}

/**
 * Whether this device holds its user's data for offline use, and since when: "Available offline · synced 10:42",
 * "Never synced", "Syncing…" or "Sync failed: reason"; with "Sync now" and the "On this device" panel.
 */
export function SyncStatus() {
  const { t, i18n } = useLingui();
  const status = useSyncStatus();
  const [panelOpen, setPanelOpen] = useState(false);
  const [DevicePanel, loadPanel] = useOnDemand(loadDevicePanel);
  const syncedAt = status.syncedAt === undefined ? '' : momentText(i18n.locale, status.syncedAt);
  let line;
  if (status.phase === 'syncing') line = <Trans>Syncing…</Trans>;
  else if (status.phase === 'failed') {
    line = (
      <>
        <Trans>Sync failed:</Trans> <FailureReason failure={status.failure} />
      </>
    );
  } else if (status.syncedAt === undefined) line = <Trans>Never synced</Trans>;
  else line = <Trans>Available offline · synced {syncedAt}</Trans>;
  const Icon = status.phase === 'failed' || status.syncedAt === undefined ? IconCloudOff : IconCloudCheck;
  return (
    <Paper withBorder p="sm" mb="lg" data-testid="sync-status">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Icon size={22} aria-hidden color="var(--mantine-color-quadra-7)" />
          <Text role="status" data-testid="sync-status-text">
            {line}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            mih={44}
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={status.phase === 'syncing'}
            onClick={() => void requestSync()}
          >
            <Trans>Sync now</Trans>
          </Button>
          <Button
            variant="default"
            mih={44}
            leftSection={<IconDeviceTablet size={18} aria-hidden />}
            onClick={() => {
              loadPanel();
              setPanelOpen(true);
            }}
          >
            <Trans>On this device</Trans>
          </Button>
        </Group>
      </Group>
      {panelOpen && DevicePanel ? <DevicePanel onClose={() => setPanelOpen(false)} title={t`On this device`} /> : null}
    </Paper>
  );
}

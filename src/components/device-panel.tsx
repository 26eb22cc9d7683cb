import { useEffect, useState } from 'react';
import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconTrash } from '@tabler/icons-react';
import { useSyncStatus } from '../offline/sync-status.ts';
import { useOutboxCounts } from '../offline/use-outbox.ts';
import { useAuth } from './auth-provider.tsx';
import { momentText } from './moment-text.ts';

type Kept = { students: number; classes: number; rolls: number; users: number };

/** What the device's query cache holds, counted from the cache itself. */
function useKept(): Kept {
  const queryClient = useQueryClient();
  const length = (key: string) => (queryClient.getQueryData<unknown[]>([key]) ?? []).length;
  const rolls = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['classes'] })
    .filter((query) => query.queryKey[2] === 'attendance' && query.state.data).length;
  return { students: length('students'), classes: length('classes'), rolls, users: length('users') };
}

function useStorageEstimate(): { usage: number; quota: number } | null {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then(({ usage = 0, quota = 0 }) => setEstimate({ usage, quota }))
      .catch(() => undefined);
  }, []);
  return estimate;
}

/**
 * "On this device": what is kept for offline use and how much room it takes, the last sync, the unsent work, and a way
 * to remove this device's data, which does what sign-out does (the unsent work stays, and the user is told so first).
 */
export function DevicePanel({ onClose, title }: { onClose: () => void; title: string }) {
  const { t, i18n } = useLingui();
  const kept = useKept();
  const estimate = useStorageEstimate();
  const { syncedAt } = useSyncStatus();
  const { pending, failed } = useOutboxCounts();
  const { signOut } = useAuth();
  const unsent = pending + failed;
  const megabytes = (bytes: number) => new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(bytes / 1_000_000);
  const used = estimate ? megabytes(estimate.usage) : '';
  const quota = estimate ? megabytes(estimate.quota) : '';
  const lastSync = syncedAt === undefined ? '' : momentText(i18n.locale, syncedAt);
  const { students, classes, rolls, users } = kept;

  const remove = () => {
    const warning =
      unsent > 0
        ? t`Remove the data kept on this device and sign out? ${unsent} change(s) have not reached the server yet: they stay on this device and will be sent later.`
        : t`Remove the data kept on this device and sign out?`;
    if (!window.confirm(warning)) return;
    void signOut().then(onClose);
  };

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Close` }} size="lg">
      <Stack gap="sm" data-testid="device-panel">
        <Text fw={700}>
          <Trans>Kept for offline use</Trans>
        </Text>
        <List spacing={4}>
          <List.Item>
            <Trans>Students: {students}</Trans>
          </List.Item>
          <List.Item>
            <Trans>Classes and their rosters: {classes}</Trans>
          </List.Item>
          <List.Item>
            <Trans>Saved rolls: {rolls}</Trans>
          </List.Item>
          <List.Item>
            <Trans>Users: {users}</Trans>
          </List.Item>
        </List>
        <Text>
          {estimate ? (
            <Trans>
              Storage used: {used} MB of {quota} MB this browser allows.
            </Trans>
          ) : (
            <Trans>Storage used: unknown.</Trans>
          )}
        </Text>
        <Text>{syncedAt === undefined ? <Trans>Never synced</Trans> : <Trans>Last sync: {lastSync}</Trans>}</Text>
        <Text data-testid="device-unsent">
          {unsent > 0 ? (
            <Trans>Unsent changes: {unsent}. They are sent as soon as the server can be reached.</Trans>
          ) : (
            <Trans>No unsent changes.</Trans>
          )}
        </Text>
        <Text size="sm" c="gray.7">
          <Trans>
            Removing this device's data does what signing out does: the lists, rolls and records kept here are removed, and unsent changes stay until
            they reach the server.
          </Trans>
        </Text>
        <Button color="red" c="red.9" variant="light" mih={44} w="fit-content" leftSection={<IconTrash size={18} aria-hidden />} onClick={remove}>
          <Trans>Remove this device's data</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}

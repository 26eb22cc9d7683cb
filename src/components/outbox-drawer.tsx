/** The outbox drawer: what is waiting or failed, with retry and discard. Loaded on the first open (keeps the modal
 * machinery out of the first screen's JavaScript). */
import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OutboxRow } from '../lib/db.ts';
import { discardItem, retryItem } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';

const kindLabels: Record<string, MessageDescriptor> = {
  [outboxKinds.studentCreate]: msg`Student registration`,
  [outboxKinds.studentDocument]: msg`Student document`,
  [outboxKinds.guardianCreate]: msg`New guardian`,
  [outboxKinds.guardianUpdate]: msg`Guardian change`,
  [outboxKinds.attendanceRoll]: msg`Attendance roll`,
  [outboxKinds.userCreate]: msg`New user`,
  [outboxKinds.userUpdate]: msg`User change`,
};

type Props = { opened: boolean; onClose: () => void; items: OutboxRow[]; pending: number };

export default function OutboxDrawer({ opened, onClose, items, pending }: Props) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t`Changes saved on this device`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack gap="sm">
        {items.length === 0 && (
          <Text>
            <Trans>Everything has been sent to the server.</Trans>
          </Text>
        )}
        {pending > 0 && (
          <Text>
            <Plural value={pending} one="# change waiting to be sent" other="# changes waiting to be sent" />
          </Text>
        )}
        {items.map((item) => (
          <Stack key={item.id} gap={4} p="sm" bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 8 }} data-testid="outbox-item">
            <Group justify="space-between">
              <Text fw={600}>{kindLabels[item.kind] ? i18n._(kindLabels[item.kind]!) : item.kind}</Text>
              <Badge color={item.state === 'failed' ? 'red.9' : 'blue.9'}>
                {item.state === 'failed' ? <Trans>Failed</Trans> : <Trans>Pending</Trans>}
              </Badge>
            </Group>
            <Text size="sm">{i18n.date(new Date(item.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</Text>
            {item.state === 'failed' && (
              <>
                <Text size="sm" c="red.9" data-testid="outbox-reason">
                  {item.reason}
                </Text>
                <Group>
                  <Button size="xs" mih={36} onClick={() => void retryItem(item.id)}>
                    <Trans>Retry</Trans>
                  </Button>
                  <Button size="xs" mih={36} variant="default" onClick={() => void discardItem(item.id)}>
                    <Trans>Discard</Trans>
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}

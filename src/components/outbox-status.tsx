/** The outbox in the header: how much is waiting or failed; a drawer (loaded on first open) to retry or discard. */
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCloudUpload } from '@tabler/icons-react';
import { useAllOutboxItems } from '../offline/use-outbox.ts';
import { useOnDemand } from './use-on-demand.ts';
import { useSentNotice } from './use-sent-notice.ts';
import { loadShellPartsMessages } from '../lib/i18n.ts';

const loadDrawer = () => Promise.all([import('./outbox-drawer.tsx'), loadShellPartsMessages()]).then(([module]) => module);
/** A count not known yet (the button's name says so in words). */
const unknown = '–';

/** `compact` (phones): one badge with everything unsent, red when something failed; the name still tells both counts. */
export function OutboxStatus({ compact = false }: { compact?: boolean }) {
  const items = useAllOutboxItems();
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const [OutboxDrawer, loadOutboxDrawer] = useOnDemand(loadDrawer);
  useSentNotice();
  // Until the device's outbox has been read, the counts are not known: no number, not a "0" that may be false.
  const known = items !== undefined;
  const failed = (items ?? []).filter((item) => item.state === 'failed');
  const pending = (items?.length ?? 0) - failed.length;

  return (
    <>
      <UnstyledButton
        onClick={() => {
          loadOutboxDrawer();
          open();
        }}
        aria-label={known ? t`Unsent changes: ${pending} pending, ${failed.length} failed` : t`Unsent changes: still being counted`}
        mih={44}
        data-testid="outbox-status"
      >
        <Group gap={6} wrap="nowrap">
          <IconCloudUpload size={20} aria-hidden />
          {compact ? (
            <Badge
              color={failed.length ? 'red.9' : pending ? 'blue.9' : 'gray.8'}
              variant={items?.length ? 'filled' : 'outline'}
              data-testid="outbox-unsent"
            >
              {known ? items.length : unknown}
            </Badge>
          ) : (
            <>
              {/* Short visible words, so the two numbers are not a riddle ("0 0"). */}
              <Text span size="xs" fw={600} c="gray.8" style={{ whiteSpace: 'nowrap' }}>
                <Trans context="outbox counter">Pending</Trans>
              </Text>
              <Badge color={pending ? 'blue.9' : 'gray.8'} variant={pending ? 'filled' : 'outline'} data-testid="outbox-pending">
                {known ? pending : unknown}
              </Badge>
              <Text span size="xs" fw={600} c="gray.8" style={{ whiteSpace: 'nowrap' }}>
                <Trans context="outbox counter">Failed</Trans>
              </Text>
              <Badge color={failed.length ? 'red.9' : 'gray.8'} variant={failed.length ? 'filled' : 'outline'} data-testid="outbox-failed">
                {known ? failed.length : unknown}
              </Badge>
            </>
          )}
        </Group>
      </UnstyledButton>
      {OutboxDrawer && known && <OutboxDrawer opened={opened} onClose={close} items={items} pending={pending} />}
    </>
  );
}

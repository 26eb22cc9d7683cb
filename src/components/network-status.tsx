import { Badge, VisuallyHidden } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Trans } from '@lingui/react/macro';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';

/** Online or offline, in the header. `compact` (phones): the icon only; the word stays for screen readers. */
export function NetworkStatus({ compact = false }: { compact?: boolean }) {
  const { online } = useNetwork();
  const icon = online ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />;
  const text = online ? <Trans>Online</Trans> : <Trans>Offline</Trans>;
  return (
    <Badge
      role="status"
      size="lg"
      variant="filled"
      color={online ? 'teal.9' : 'red.9'}
      leftSection={compact ? undefined : icon}
      px={compact ? 8 : undefined}
      data-testid="network-status"
    >
      {compact ? (
        <>
          {icon}
          <VisuallyHidden>{text}</VisuallyHidden>
        </>
      ) : (
        text
      )}
    </Badge>
  );
}

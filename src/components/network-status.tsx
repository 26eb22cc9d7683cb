import { Badge } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Trans } from '@lingui/react/macro';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';

export function NetworkStatus() {
  const { online } = useNetwork();
  return (
    <Badge
      role="status"
      size="lg"
      variant="filled"
      color={online ? 'teal.9' : 'red.9'}
      leftSection={online ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />}
      data-testid="network-status"
    >
      {online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}
    </Badge>
  );
}

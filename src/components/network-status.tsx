import { Badge, VisuallyHidden } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Trans } from '@lingui/react/macro';
import { IconCloudOff, IconLoader2, IconWifi, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useServerState } from '../lib/server-status.ts';

export type ConnectionState = 'connected' | 'server-unavailable' | 'offline' | 'checking';

/** What the header says: the browser's own state first (offline), then whether the server answers. */
export function connectionState(online: boolean, server: ReturnType<typeof useServerState>): ConnectionState {
  if (!online) return 'offline';
  if (server === 'unavailable') return 'server-unavailable';
  return server === 'answering' ? 'connected' : 'checking';
}

const looks: Record<ConnectionState, { icon: ReactNode; text: ReactNode; color: string; textColor?: string }> = {
  connected: { icon: <IconWifi size={14} aria-hidden />, text: <Trans>Online</Trans>, color: 'teal.9' },
  // Yellow with dark text: white on Mantine's orange is below 4.5:1.
  'server-unavailable': {
    icon: <IconCloudOff size={14} aria-hidden />,
    text: <Trans>Server unavailable</Trans>,
    color: 'yellow.4',
    textColor: 'dark.9',
  },
  offline: { icon: <IconWifiOff size={14} aria-hidden />, text: <Trans>Offline</Trans>, color: 'red.9' },
  checking: { icon: <IconLoader2 size={14} aria-hidden />, text: <Trans>Connecting…</Trans>, color: 'gray.8' },
};

/**
 * Connected, server unavailable or offline, in the header (issue 24: not only whether the browser is online).
 * `compact` (phones): the icon only; the words stay for screen readers.
 */
export function NetworkStatus({ compact = false }: { compact?: boolean }) {
  const { online } = useNetwork();
  const state = connectionState(online, useServerState());
  const { icon, text, color, textColor } = looks[state];
  return (
    <Badge
      role="status"
      size="lg"
      variant="filled"
      color={color}
      c={textColor}
      leftSection={compact ? undefined : icon}
      px={compact ? 8 : undefined}
      // Sentence case, not Mantine's capitals: "Servidor indisponível" must fit a tablet's header beside the rest.
      tt="none"
      style={{ flexShrink: 0 }}
      data-testid="network-status"
      data-state={state}
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

/**
 * A change made on this device that the server does not have yet, as every screen marks it: waiting to be sent, a
 * removal waiting, or refused by the server (the reason in its title).
 */
import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export type PendingState = 'pending' | 'removing' | 'failed';

export function PendingBadge({ state, reason, className }: { state: PendingState | undefined; reason?: string; className?: string }) {
  if (!state) return null;
  if (state === 'failed') {
    return (
      <Badge color="red" c="red.9" variant="light" className={className} style={{ flexShrink: 0 }} title={reason}>
        <Trans>Not saved</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="orange" c="orange.9" variant="light" className={className} style={{ flexShrink: 0 }} data-testid="pending-badge">
      {state === 'removing' ? <Trans>Removal waiting to sync</Trans> : <Trans>Waiting to sync</Trans>}
    </Badge>
  );
}

import { Alert, Button, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';

/**
 * What a screen shows when it cannot be opened (the router's own text is not translated). The usual cause is a part
 * of the app that could not be downloaded: offline on the very first visit, before the app is saved on the device.
 * Saved work is not affected: it is in the outbox.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  console.error('Quadra: a screen failed to open', error);
  return (
    <Alert color="red" c="red.9" variant="light" role="alert" data-testid="route-error" title={<Trans>This screen could not be opened</Trans>}>
      <Text size="sm" mb="sm">
        <Trans>Part of the app may not be on this device yet. Connect to the internet and try again. Your saved changes are kept.</Trans>
      </Text>
      <Button
        mih={44}
        color="red.9"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}

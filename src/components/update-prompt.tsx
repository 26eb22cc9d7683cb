import { Button, Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { afterFirstScreen } from '../lib/first-screen.ts';

/** "Update available": shown when a new service worker waits; applies it only when the user says so. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker((applyUpdate) => setApply(() => applyUpdate), afterFirstScreen), []);
  if (!apply) return null;
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="update-title"
      shadow="md"
      p="md"
      withBorder
      pos="fixed"
      bottom={16}
      left={16}
      style={{ zIndex: 400, maxWidth: 360 }}
      data-testid="update-prompt"
    >
      <Text id="update-title" fw={600}>
        <Trans>An update of Quadra is available.</Trans>
      </Text>
      <Text size="sm" mb="sm">
        <Trans>Nothing you saved will be lost.</Trans>
      </Text>
      <Group>
        <Button onClick={apply}>
          <Trans>Update now</Trans>
        </Button>
        <Button variant="default" onClick={() => setApply(null)}>
          <Trans>Later</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

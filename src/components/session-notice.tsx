import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconLogin } from '@tabler/icons-react';
import { useAuth } from './auth-provider.tsx';

/**
 * Shown when the server refused the outbox's work even with a fresh token (signed out, session ended, account
 * changed): the work is kept and is sent once someone signs in.
 */
export function SessionNotice() {
  const { needsSignIn, available, signIn } = useAuth();
  if (!needsSignIn) return null;
  return (
    // Sticky under the header: it must be seen wherever the user is on a long form.
    <Alert
      color="orange"
      c="orange.9"
      variant="light"
      mb="md"
      role="alert"
      data-testid="session-notice"
      style={{
        position: 'sticky',
        top: 'calc(var(--quadra-header-height) + 8px)',
        zIndex: 150,
        backgroundColor: 'var(--mantine-color-orange-0)',
        boxShadow: 'var(--mantine-shadow-sm)',
      }}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="orange.9">
          <Trans>The server asks you to sign in again. Your unsent changes are kept on this device and will be sent after you sign in.</Trans>
        </Text>
        {available && (
          <Button size="sm" mih={44} color="orange.9" leftSection={<IconLogin size={18} aria-hidden />} onClick={() => void signIn()}>
            <Trans>Sign in again</Trans>
          </Button>
        )}
      </Group>
    </Alert>
  );
}

import { Button } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useAuth } from './auth-provider.tsx';

/** Sign in with Google (popup) or sign out. Disabled while auth is loading or when no provider is configured. */
export function AuthButton() {
  const { user, isLoadingAuth, available, signIn, signOut } = useAuth();
  if (user) {
    return (
      <Button variant="default" size="sm" mih={44} leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
        <Trans>Sign out</Trans>
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      mih={44}
      leftSection={<IconLogin size={18} aria-hidden />}
      onClick={() => void signIn()}
      disabled={isLoadingAuth || !available}
      loading={isLoadingAuth}
    >
      <Trans>Sign in</Trans>
    </Button>
  );
}

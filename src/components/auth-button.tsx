import { Button } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useAuth } from './auth-provider.tsx';
import { useOutboxCounts } from '../offline/use-outbox.ts';

/**
 * Sign in with Google (popup) or sign out. On a shared tablet, sign-out removes the data cached on the device;
 * unsent work stays in the outbox (it is the user's, not cached data), and the user is told so before leaving.
 */
export function AuthButton() {
  const { t } = useLingui();
  const { user, isLoadingAuth, available, signIn, signOut } = useAuth();
  const { pending, failed } = useOutboxCounts();

  const confirmAndSignOut = async () => {
    const unsent = pending + failed;
    if (unsent > 0 && !window.confirm(t`${unsent} change(s) have not reached the server yet. They stay on this device and will be sent later. Sign out?`)) return;
    await signOut();
  };

  if (user) {
    return (
      <Button variant="default" size="sm" mih={44} leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void confirmAndSignOut()}>
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

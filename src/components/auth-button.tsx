import { Button } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useAuth } from './auth-provider.tsx';
import { useOutboxCounts } from '../offline/use-outbox.ts';

/**
 * Sign in with Google (popup) or sign out. On a shared tablet, sign-out removes the data cached on the device;
 * unsent work stays in the outbox (it is the user's, not cached data), and the user is told so before leaving.
 */
/** `compact` (phones): the icon only, named by its label. */
export function AuthButton({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const { user, isLoadingAuth, available, signIn, signOut } = useAuth();
  const { pending, failed } = useOutboxCounts();

  const confirmAndSignOut = async () => {
    const unsent = pending + failed;
    if (
      unsent > 0 &&
      !window.confirm(t`${unsent} change(s) have not reached the server yet. They stay on this device and will be sent later. Sign out?`)
    )
      return;
    await signOut();
  };

  const iconOnly = compact ? { px: 0, miw: 44, 'aria-label': user ? t`Sign out` : t`Sign in`, title: user ? t`Sign out` : t`Sign in` } : {};
  if (user) {
    const icon = <IconLogout size={18} aria-hidden />;
    return (
      <Button variant="default" size="sm" mih={44} leftSection={compact ? undefined : icon} onClick={() => void confirmAndSignOut()} {...iconOnly}>
        {compact ? icon : <Trans>Sign out</Trans>}
      </Button>
    );
  }
  const icon = <IconLogin size={18} aria-hidden />;
  return (
    <Button
      size="sm"
      mih={44}
      leftSection={compact ? undefined : icon}
      onClick={() => void signIn()}
      disabled={isLoadingAuth || !available}
      loading={isLoadingAuth}
      {...iconOnly}
    >
      {compact ? icon : <Trans>Sign in</Trans>}
    </Button>
  );
}

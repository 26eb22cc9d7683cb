import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useMatches } from '@tanstack/react-router';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { useAuth } from './auth-provider.tsx';
import { PageTitle } from './page-title.tsx';
import { usePermissions } from './use-permissions.ts';
import { PUBLIC } from '../api/permissions.ts';

/**
 * What the page area shows: the screen, unless the server refused the account (not registered, e-mail not verified)
 * or the screen's permission (its route's staticData) is not in the user's role. Never an error: a page that says so.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { refusal } = useAuth();
  const { can } = usePermissions();
  const permission = useMatches({ select: (matches) => matches.at(-1)?.staticData.permission });
  // A PUBLIC screen (the privacy page) is for anyone, signed in or not, whatever the account.
  if (permission === PUBLIC) return children;
  if (refusal) return <AccountRefusedPage code={refusal.code} message={refusal.message} />;
  if (permission && !can(permission)) return <ForbiddenPage />;
  return children;
}

function ForbiddenPage() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" data-testid="forbidden-page">
      <PageTitle>{t`You do not have access to this screen`}</PageTitle>
      <Text>
        <Trans>Your access level in Quadra does not include this screen. If you need it for your work, ask a coordinator or an administrator.</Trans>
      </Text>
      <Button mih={44} w="fit-content" leftSection={<IconHome size={18} aria-hidden />} renderRoot={(props) => <Link to="/" {...props} />}>
        <Trans>Go to the home page</Trans>
      </Button>
    </Stack>
  );
}

function AccountRefusedPage({ code, message }: { code: string; message: string }) {
  const { t } = useLingui();
  const { signOut } = useAuth();
  const title = code === 'email-unverified' ? t`Your e-mail address is not verified` : t`This account is not registered in Quadra`;
  return (
    <Stack gap="sm" data-testid="account-refused-page">
      <PageTitle>{title}</PageTitle>
      <Text>
        {code === 'email-unverified' ? (
          <Trans>Quadra only lets in accounts whose e-mail address is verified. Verify it with your sign-in provider, then sign in again.</Trans>
        ) : (
          <Trans>Only the program's staff can use Quadra. Ask an administrator to add your e-mail address, or sign in with another account.</Trans>
        )}
      </Text>
      <Alert color="gray" variant="light" title={t`The server said`}>
        {message}
      </Alert>
      <Button mih={44} w="fit-content" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
        <Trans>Sign out</Trans>
      </Button>
    </Stack>
  );
}

import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { IconHome } from '@tabler/icons-react';
import { navItems } from './nav-items.ts';
import { PageTitle } from './page-title.tsx';

/** The sidebar section whose first path segment the unknown address shares (`/alunos/x/y` -> Students), if any. */
export function sectionOf(pathname: string): (typeof navItems)[number] | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  if (!first) return undefined;
  return navItems.find(({ to }) => to !== '/' && to.split('/').filter(Boolean)[0] === first);
}

/**
 * An address no screen answers (an old bookmark, a typo): said in the user's language inside the shell, with the
 * address as asked and a way home (and to the section it starts like). Its texts are the shell's, loaded at start; its
 * code loads when asked for (src/app.tsx), from the service worker's copy offline.
 */
export function NotFoundPage() {
  const { t, i18n } = useLingui();
  // The address as the browser has it, base path included: what the user typed or followed.
  const asked = useRouterState({ select: (s) => s.location.pathname });
  const shown = typeof window === 'undefined' ? asked : `${window.location.pathname}${window.location.search}`;
  const section = sectionOf(asked);
  const sectionName = section ? i18n._(section.label) : '';
  return (
    <Stack gap="sm" data-testid="not-found-page">
      <PageTitle>{t`This page does not exist`}</PageTitle>
      <Text>
        <Trans>No screen of Quadra answers this address:</Trans>
      </Text>
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {shown}
      </Code>
      <Text>
        <Trans>It may come from an old bookmark or a mistyped link.</Trans>
      </Text>
      <Group gap="sm">
        <Button mih={44} leftSection={<IconHome size={18} aria-hidden />} renderRoot={(props) => <Link to="/" {...props} />}>
          <Trans>Go to the home page</Trans>
        </Button>
        {section && (
          <Button mih={44} variant="light" renderRoot={(props) => <Link to={section.to} {...props} />}>
            {t`Go to ${sectionName}`}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

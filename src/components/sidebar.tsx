import { Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { navItems } from './nav-items.ts';
import { PUBLIC } from '../api/permissions.ts';
import { isOpenish, sidebarName, type SidebarState } from './sidebar-machine.ts';
import { useAuth } from './auth-provider.tsx';
import { usePermissions } from './use-permissions.ts';
import classes from './sidebar.module.css';

type Props = { state: SidebarState; mobile: boolean; onNavigate: () => void };

export function Sidebar({ state, mobile, onNavigate }: Props) {
  const { i18n } = useLingui();
  const { user } = useAuth();
  const { can } = usePermissions();
  // The entries the address is under, not the address: a navigation within a section (a profile to its anamnese)
  // renders no sidebar.
  const active = useRouterState({ select: (s) => activeEntries(s.location.pathname) });
  const compact = !mobile && !isOpenish(state);
  const name = user?.displayName || user?.email || '';

  return (
    // A plain scrolling box, not Mantine's ScrollArea: that one brings floating-ui into the first load.
    <div className={classes.root}>
      {name && (
        <Text
          key={user?.uid}
          className={classes.name}
          data-state={state}
          fw={600}
          size="sm"
          mb="sm"
          aria-label={name}
          data-testid="sidebar-user-name"
        >
          {sidebarName(name, state)}
        </Text>
      )}
      <Stack gap={4} component="ul" className={classes.list}>
        {navItems
          .filter((item) => item.permission === PUBLIC || can(item.permission))
          .map(({ to, label, icon: Icon }) => {
            const text = i18n._(label);
            // A plain link, not Mantine's NavLink: that one brings its collapse animation into the first load.
            // A native title, not Mantine's Tooltip: it keeps floating-ui out of the first load.
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-label={text}
                  title={compact ? text : undefined}
                  data-active={active.split('|').includes(to) || undefined}
                  onClick={() => mobile && onNavigate()}
                  className={classes.link}
                >
                  <Icon size={22} stroke={1.7} aria-hidden className={classes.icon} />
                  {!compact && <span className={classes.label}>{text}</span>}
                </Link>
              </li>
            );
          })}
      </Stack>
    </div>
  );
}

/** The entries the address is under, as one string (a selector's answer is compared by value): home only at '/'. */
const activeEntries = (pathname: string): string =>
  navItems
    .filter(({ to }) => (to === '/' ? pathname === '/' || pathname === '' : pathname.startsWith(to)))
    .map(({ to }) => to)
    .join('|');

/** The shell (SPEC §2): sidebar, header, toast area, sign-in/out, language toggle, network and outbox status. */
import { Burger, Group, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useSidebar, isOpenish, SIDEBAR_ANIMATION_MS } from './sidebar-machine.ts';
import { Sidebar } from './sidebar.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { AuthButton } from './auth-button.tsx';
import { NetworkStatus } from './network-status.tsx';
import { OutboxStatus } from './outbox-status.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { SessionNotice } from './session-notice.tsx';
import { HomeAfterSignOut } from './home-after-sign-out.tsx';
import { Toasts } from './toasts.tsx';
import { AccessGate } from './access-gate.tsx';
import { KeepFocus } from './use-keep-focus.ts';
import { BackgroundSync } from './background-sync.tsx';
import './app-shell.css';

const MAIN_ID = 'quadra-main';

/** Below Mantine's `sm` breakpoint (48em) is mobile. */
export const MOBILE_QUERY = '(max-width: 47.99em)';
/** Tablets (below `md`, 62em): the header's status and counters need the room, so sign-in shows its icon only. */
const TABLET_QUERY = '(max-width: 61.99em)';

/** Below 1024 px (a tablet in portrait) the roll call gets the width: the sidebar starts as its 90 px of icons. */
const PORTRAIT_TABLET_QUERY = '(max-width: 1023.98px)';
/** The user's own choice of an open or closed sidebar on a tablet or desktop, remembered on this device. */
const SIDEBAR_CHOICE_KEY = 'quadra.sidebar';

function sidebarChoice(): 'opened' | 'closed' | null {
  try {
    const choice = localStorage.getItem(SIDEBAR_CHOICE_KEY);
    return choice === 'opened' || choice === 'closed' ? choice : null;
  } catch {
    return null; // storage blocked: the default for the width
  }
}

function initialSidebarState(): 'opened' | 'closed' {
  if (window.matchMedia(MOBILE_QUERY).matches) return 'closed';
  return sidebarChoice() ?? (window.matchMedia(PORTRAIT_TABLET_QUERY).matches ? 'closed' : 'opened');
}

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, { getInitialValueInEffect: false }) ?? false;
  const narrow = useMediaQuery(TABLET_QUERY, window.matchMedia(TABLET_QUERY).matches, { getInitialValueInEffect: false }) ?? false;
  const portrait =
    useMediaQuery(PORTRAIT_TABLET_QUERY, window.matchMedia(PORTRAIT_TABLET_QUERY).matches, { getInitialValueInEffect: false }) ?? false;
  const sidebar = useSidebar(initialSidebarState());
  const open = isOpenish(sidebar.state);
  // A tablet turned while the app is open: the default for the new width (icons in portrait), unless the user chose.
  const turnedFrom = useRef(portrait);
  const { state: sidebarState, toggle: toggleState } = sidebar;
  useEffect(() => {
    if (turnedFrom.current === portrait) return;
    turnedFrom.current = portrait;
    if (mobile || sidebarChoice()) return;
    if (portrait === isOpenish(sidebarState)) toggleState();
  }, [portrait, mobile, sidebarState, toggleState]);
  const toggleSidebar = () => {
    sidebar.toggle();
    // On a phone the sidebar is a menu that closes after each choice: nothing to remember there.
    if (mobile) return;
    try {
      localStorage.setItem(SIDEBAR_CHOICE_KEY, open ? 'closed' : 'opened');
    } catch {
      // storage blocked: the choice lasts for this visit
    }
  };
  const desktopWidth = sidebar.getWidth(false) as number;
  // On a phone the sidebar is a menu: Escape closes it, and a choice in it leaves focus on the page it opened.
  const toggle = sidebar.toggle;
  useEffect(() => {
    if (!mobile || !open) return;
    const onKey = (event: KeyboardEvent) => {
      // A dialog open over it takes its own Escape.
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobile, open, toggle]);
  const afterMenuChoice = () => {
    sidebar.toggle();
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  };

  return (
    <div
      className="quadra-shell"
      style={{ '--quadra-navbar-width': `${desktopWidth}px`, '--quadra-shell-transition': `${SIDEBAR_ANIMATION_MS}ms ease` } as CSSProperties}
    >
      {/* The first Tab stop: straight to the page, past the header and the sidebar. */}
      <a
        href={`#${MAIN_ID}`}
        className="quadra-skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t`Skip to content`}
      </a>
      <header className="quadra-shell-header">
        <Group h="100%" px={mobile ? 'sm' : 'md'} justify="space-between" wrap="nowrap">
          <Group gap={mobile ? 6 : 'sm'} wrap="nowrap">
            <Burger
              opened={open}
              onClick={toggleSidebar}
              aria-label={t`Toggle navigation`}
              aria-expanded={open}
              aria-controls="quadra-sidebar"
              size="md"
              style={{ minWidth: 44, minHeight: 44 }}
            />
            <Title order={2} size={mobile ? 'h4' : 'h3'} c="quadra.8">
              Quadra
            </Title>
          </Group>
          {/* On phones the header must hold all four at 360 px: icons instead of words where a name is enough. */}
          <Group gap={mobile ? 4 : 'xs'} wrap="nowrap">
            <NetworkStatus compact={mobile} />
            <OutboxStatus compact={mobile} />
            <LanguageToggle />
            <AuthButton compact={mobile || narrow} />
          </Group>
        </Group>
      </header>
      <nav
        className="quadra-shell-navbar"
        id="quadra-sidebar"
        aria-label={t`Main navigation`}
        data-state={sidebar.state}
        data-collapsed={open ? undefined : true}
        // Closed on mobile, the sidebar is off-screen: hide it from keyboard and screen readers too.
        style={mobile && sidebar.state === 'closed' ? { visibility: 'hidden' } : undefined}
      >
        <Sidebar state={sidebar.state} mobile={mobile} onNavigate={afterMenuChoice} />
      </nav>
      <main className="quadra-shell-main" id={MAIN_ID} tabIndex={-1}>
        <SessionNotice />
        <AccessGate>{children}</AccessGate>
      </main>
      <KeepFocus mainId={MAIN_ID} />
      <Toasts mobile={mobile} />
      <UpdatePrompt />
      <BackgroundSync />
      <HomeAfterSignOut />
    </div>
  );
}

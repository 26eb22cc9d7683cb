import { useEffect } from 'react';
import { Anchor, Card, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendarCheck, IconRun, IconSchool, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { SyncStatus } from '../../components/sync-status.tsx';
import { useAuth } from '../../components/auth-provider.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import type { Permission } from '../../api/permissions.ts';
import type { FollowUpDialogLoader } from '../../api/cases.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import { afterShown } from '../../lib/after-paint.ts';
import { holdFirstScreen } from '../../lib/first-screen.ts';

// The alerts' code (and, with their answer, the contract) loads after home shows, for the roles that read them.
const loadAlerts = () => import('./attendance-alerts.tsx');
// A role that corrects rolls but reads no alerts (the instructor) gets its rolls to complete on their own (issue 56).
const loadRollsToComplete = () => import('./rolls-to-complete.tsx');
/** Home's introduction, the largest text of its first screen, marked for Element Timing (lib/after-paint.ts afterShown). */
const SHOWN = 'home-introduction';

/** Home (SPEC §2): welcome message with the signed-in user's name, five cards (those the user's role may open). */
/** loadFollowUp: the follow-up dialog an alert opens (issue 50), which the route hands in. */
export function HomePage({ loadFollowUp }: { loadFollowUp?: FollowUpDialogLoader } = {}) {
  const { t } = useLingui();
  const { user } = useAuth();
  const { me, can } = usePermissions();
  // Only once the server (or the device's copy) has said the role: not every role may read the alerts.
  const showAlerts = me !== undefined && can('reports:read');
  const showRollsToComplete = me !== undefined && !showAlerts && can('attendance:write');
  const [Alerts, loadAlertsNow] = useOnDemand(loadAlerts);
  const [RollsToComplete, loadRollsToCompleteNow] = useOnDemand(loadRollsToComplete);
  useEffect(() => {
    if (!showAlerts && !showRollsToComplete) return undefined;
    // Once home's text is on screen (its introduction's Element Timing), not before: asked for between the render and
    // the frame's presentation, that code counted in home's LCP under Lighthouse's simulated slow link (issue 57).
    // Until then the first screen is held: the parts it asks for are part of it (lib/first-screen.ts).
    let asked = () => {};
    void holdFirstScreen(new Promise<void>((resolve) => (asked = resolve)));
    const cancel = afterShown(SHOWN, () => {
      if (showAlerts) loadAlertsNow();
      if (showRollsToComplete) loadRollsToCompleteNow();
      asked();
    });
    return () => {
      cancel();
      asked();
    };
  }, [showAlerts, loadAlertsNow, showRollsToComplete, loadRollsToCompleteNow]);
  const name = user?.displayName;
  const cards: { to: string; title: string; text: string; icon: typeof IconUsers; permission: Permission }[] = [
    {
      to: '/frequencias/atividades',
      title: t`Take attendance`,
      text: t`Pick an activity and a class, then mark who came.`,
      icon: IconCalendarCheck,
      permission: 'attendance:read',
    },
    {
      to: '/alunos',
      title: t`Manage students`,
      text: t`Register students, their documents and guardians.`,
      icon: IconSchool,
      permission: 'students:list',
    },
    {
      to: '/atividades',
      title: t`Manage activities`,
      text: t`See the program's activities by area and frequency.`,
      icon: IconRun,
      permission: 'activities:read',
    },
    {
      to: '/turmas',
      title: t`Manage classes`,
      text: t`See classes by activity, weekday and level.`,
      icon: IconUsersGroup,
      permission: 'classes:read',
    },
    { to: '/usuarios', title: t`Manage users`, text: t`See the staff who use Quadra.`, icon: IconUsers, permission: 'users:read' },
  ];
  return (
    <>
      <PageTitle>{name ? t`Welcome, ${name}!` : t`Welcome to Quadra!`}</PageTitle>
      <Text mb="lg" {...{ elementtiming: SHOWN }}>
        <Trans>The back office of the program: attendance, students, activities and classes, on any device, even offline.</Trans>
      </Text>
      {/* Where a guardian or a new member of staff lands before signing in: the privacy page (issue 51). */}
      <Text mb="lg">
        <Anchor renderRoot={(props) => <Link to="/privacidade" {...props} />} data-testid="privacy-link">
          <Trans>How the programme treats children's data (privacy)</Trans>
        </Anchor>
      </Text>
      <SyncStatus />
      <CardGrid>
        {cards
          .filter((card) => can(card.permission))
          .map(({ to, title, text, icon: Icon }) => (
            <div key={to} role="listitem">
              <Card component={Link} to={to} withBorder padding="lg" h="100%" className="quadra-card-link">
                <Icon size={32} stroke={1.6} aria-hidden color="var(--mantine-color-quadra-7)" />
                <Text fw={700} size="lg" mt="sm">
                  {title}
                </Text>
                <Text size="sm" c="gray.7">
                  {text}
                </Text>
              </Card>
            </div>
          ))}
      </CardGrid>
      {/* Below the cards: the alerts arrive after home paints, and must not push its content down (layout shift). */}
      {showAlerts && Alerts && <Alerts loadFollowUp={loadFollowUp} />}
      {showRollsToComplete && RollsToComplete && <RollsToComplete />}
    </>
  );
}

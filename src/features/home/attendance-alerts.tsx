/**
 * Home's attendance alerts (issue 17), for the roles with 'reports:read': students below ATTENDANCE_MIN_PERCENT this
 * month (with 3 marked roll days at least), absences in a row in a class, classes with no roll in the last 7 days, and
 * for those who may correct them, rolls that leave students not marked (issue 56), each with a link. Loaded on demand by
 * home-page.tsx (its code and the contract stay out of home's first load); the answer is kept on the device, so it
 * shows offline, saying from when.
 */
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ALERTS_SHOWN, attendanceAlertsFirstQueryOptions, attendanceAlertsQueryOptions } from '../../api/reports.ts';
import { answerState } from '../../offline/list-source.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { localMidnight } from '../../lib/calendar-date.ts';
import { percentText } from '../../lib/percent-text.ts';
import type { AttendanceAlerts } from '../../api/contract.ts';
import { BELOW_THRESHOLD_MIN_ROLL_DAYS } from '../../api/alert-rules.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import type { CaseChild, FollowUpDialogLoader } from '../../api/cases.ts';
import { afterFirstScreen } from '../../lib/first-screen.ts';
import type { CaseOrigin } from '../../api/cases-contract.ts';
import { RollCallLink, RollsToCompleteNote, RollToCompleteItem } from './rolls-to-complete.tsx';

/** Without a follow-up dialog (a screen that shows the alerts without one): no button. */
const noDialog: FollowUpDialogLoader = () => Promise.reject(new Error('no follow-up dialog here'));

// The follow-up buttons (the cases' code and their read) come after the first screen: not part of it.
const loadFollowUpButton = () => afterFirstScreen().then(() => import('./alert-follow-up.tsx'));

export default function AttendanceAlerts({ loadFollowUp }: { loadFollowUp?: FollowUpDialogLoader }) {
  const { t } = useLingui();
  // The first few of each list; the whole lists once the user opens one ("Show all"), then kept like any answer.
  const [wantAll, setWantAll] = useState(false);
  const first = answerState(useQuery(attendanceAlertsFirstQueryOptions()));
  const whole = useQuery({ ...attendanceAlertsQueryOptions(), enabled: wantAll });
  const { source, savedAt } = first;
  // The lists render in a deferred pass, in slices: the query's own update is synchronous, and with the lists in it, it
  // was one long task after home's first screen (issue 57). The loader stays until they are rendered.
  const alerts = useDeferredValue(first.data);
  const rendering = first.data !== undefined && alerts === undefined;
  const heading = t`Attendance alerts`;
  return (
    <Card component="section" aria-label={heading} withBorder padding="lg" mt="lg" data-testid="attendance-alerts">
      <Title order={2} size="h3" mb="sm">
        {heading}
      </Title>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {(source === 'loading' || rendering) && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t`Loading the alerts`}</Text>
        </Group>
      )}
      {source === 'error' && (
        <Text c="red.8">
          <Trans>The alerts could not be loaded. They will show when the server can be reached.</Trans>
        </Text>
      )}
      {alerts && (
        <AlertLists
          alerts={alerts}
          whole={wantAll ? whole.data : undefined}
          // Offline (the request waits), or the server failed: the button stays, says so, and asks again when pressed.
          wholeFailed={wantAll && !whole.data && (whole.isError || whole.fetchStatus === 'paused')}
          loadWhole={() => (wantAll ? void whole.refetch() : setWantAll(true))}
          loadFollowUp={loadFollowUp}
        />
      )}
    </Card>
  );
}

type ListName = 'belowThreshold' | 'absenceStreaks' | 'missingRolls' | 'rollsToComplete';

/**
 * `alerts` holds the first few of each list, `whole` (once loaded) all of them. A list's "Show all" asks for the whole
 * lists; it shows them when they are here.
 */
function AlertLists({
  alerts,
  whole,
  wholeFailed,
  loadWhole,
  loadFollowUp,
}: {
  alerts: AttendanceAlerts;
  whole: AttendanceAlerts | undefined;
  wholeFailed: boolean;
  loadWhole: () => void;
  loadFollowUp: FollowUpDialogLoader | undefined;
}) {
  const { i18n } = useLingui();
  const { can } = usePermissions();
  const [open, setOpen] = useState<ReadonlySet<ListName>>(new Set());
  // Who already has an open follow-up case (issue 50), for the roles that follow children up.
  const followsUp = can('cases:read') && loadFollowUp !== undefined;
  const [FollowUpButton, loadFollowUpButtonNow] = useOnDemand(loadFollowUpButton, { partOfFirstScreen: false });
  const writesCases = can('cases:write');
  useEffect(() => {
    if (writesCases) loadFollowUpButtonNow();
  }, [writesCases, loadFollowUpButtonNow]);
  const [FollowUpDialog, loadFollowUpDialog] = useOnDemand(loadFollowUp ?? noDialog);
  const [followed, setFollowed] = useState<{ child: CaseChild; origin: CaseOrigin } | null>(null);
  const follow = (child: CaseChild, origin: CaseOrigin) =>
    FollowUpButton && (
      <FollowUpButton
        child={child}
        origin={origin}
        readsCases={followsUp}
        onShow={() => {
          loadFollowUpDialog();
          setFollowed({ child, origin });
        }}
      />
    );
  // A copy kept from before issue 56 has no rolls to complete.
  const itemsOf = <K extends ListName>(from: AttendanceAlerts, name: K) => (from[name] ?? []) as NonNullable<AttendanceAlerts[K]>;
  const listOf = <K extends ListName>(name: K) => ({
    items: (open.has(name) && whole ? itemsOf(whole, name) : itemsOf(alerts, name).slice(0, ALERTS_SHOWN)) as NonNullable<AttendanceAlerts[K]>,
    total: alerts.totals?.[name] ?? itemsOf(alerts, name).length,
    open: open.has(name) && !!whole,
    loading: open.has(name) && !whole && !wholeFailed,
    failed: open.has(name) && !whole && wholeFailed,
    onToggle: () => {
      const next = new Set(open);
      if (next.has(name) && whole) next.delete(name);
      else {
        next.add(name);
        loadWhole();
      }
      setOpen(next);
    },
  });
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'short' });
  const minimum = percentText(i18n.locale, alerts.minPercent);
  const minDays = BELOW_THRESHOLD_MIN_ROLL_DAYS;
  // Rolls to complete are for whoever may correct them (issue 56).
  const rollsToComplete = can('attendance:write') ? itemsOf(alerts, 'rollsToComplete') : [];
  const rollsToCompleteTotal = rollsToComplete.length > 0 ? listOf('rollsToComplete').total : 0;
  return listOf('belowThreshold').total + listOf('absenceStreaks').total + listOf('missingRolls').total + rollsToCompleteTotal === 0 ? (
    <Text>
      <Trans>No alerts: no student is below {minimum} this month, none has 3 absences in a row and every class has its rolls.</Trans>
    </Text>
  ) : (
    <Stack gap="md">
      {alerts.belowThreshold.length > 0 && (
        <div>
          <Title order={3} size="h5" mb={4}>
            <Trans>Below {minimum} this month</Trans>
          </Title>
          <Text size="sm" c="gray.8" mb={4} data-testid="below-threshold-rule">
            <Trans>Only students with at least {minDays} marked roll days this month are listed.</Trans>
          </Text>
          <ShortList
            {...listOf('belowThreshold')}
            render={(student) => {
              const frequency = percentText(i18n.locale, student.frequencyPercent);
              const rollDays = student.rollDays;
              return (
                <List.Item key={student.studentId}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/alunos/$id" params={{ id: student.studentId }} />}>
                    {student.studentName}
                  </Anchor>{' '}
                  <Plural value={rollDays} one={`— ${frequency} this month, over # roll day`} other={`— ${frequency} this month, over # roll days`} />
                  {followsUp && can('cases:write') && follow({ studentId: student.studentId, studentName: student.studentName }, 'BELOW_THRESHOLD')}
                </List.Item>
              );
            }}
          />
        </div>
      )}
      {alerts.absenceStreaks.length > 0 && (
        <div>
          <Title order={3} size="h5" mb={4}>
            <Trans>Absences in a row</Trans>
          </Title>
          <ShortList
            {...listOf('absenceStreaks')}
            render={(streak) => {
              const since = day(streak.since);
              const { absences, className } = streak;
              return (
                <List.Item key={`${streak.studentId}/${streak.classId}`}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/alunos/$id" params={{ id: streak.studentId }} />}>{streak.studentName}</Anchor>{' '}
                  <Trans>
                    — {absences} absences in a row in{' '}
                    <Anchor renderRoot={(props) => <Link {...props} to="/turmas/$classId/frequencia" params={{ classId: streak.classId }} />}>
                      {className}
                    </Anchor>
                    , since {since}
                  </Trans>
                  {can('cases:write') &&
                    follow({ studentId: streak.studentId, studentName: streak.studentName, classNames: [className] }, 'ABSENT_STREAK')}
                </List.Item>
              );
            }}
          />
        </div>
      )}
      {alerts.missingRolls.length > 0 && (
        <div>
          <Title order={3} size="h5" mb={4}>
            <Trans>No roll in the last 7 days</Trans>
          </Title>
          <ShortList
            {...listOf('missingRolls')}
            render={(missing) => (
              <List.Item key={`${missing.classId}/${missing.date}`}>
                <RollCallLink roll={missing} />
              </List.Item>
            )}
          />
        </div>
      )}
      {rollsToComplete.length > 0 && (
        <div data-testid="rolls-to-complete">
          <Title order={3} size="h5" mb={4}>
            <Trans>Rolls to complete</Trans>
          </Title>
          <RollsToCompleteNote />
          <ShortList {...listOf('rollsToComplete')} render={(roll) => <RollToCompleteItem key={`${roll.classId}/${roll.date}`} roll={roll} />} />
        </div>
      )}
      {followed && FollowUpDialog && <FollowUpDialog child={followed.child} origin={followed.origin} onClose={() => setFollowed(null)} />}
    </Stack>
  );
}

/** The first items of a list, with a button for the rest: home stays short when many classes miss a roll. */
function ShortList<T>({
  items,
  total,
  open,
  loading,
  failed,
  onToggle,
  render,
}: {
  items: readonly T[];
  total: number;
  open: boolean;
  loading: boolean;
  /** The whole list was asked for and could not come (offline, or the server failed). */
  failed: boolean;
  onToggle: () => void;
  render: (item: T) => ReactNode;
}) {
  return (
    <>
      <List spacing={4} size="sm">
        {items.map(render)}
      </List>
      {total > ALERTS_SHOWN && (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={onToggle} aria-expanded={open} loading={loading}>
          {open ? <Trans>Show fewer</Trans> : <Trans>Show all ({total})</Trans>}
        </Button>
      )}
      {failed && (
        <Text size="sm" c="gray.8" role="status">
          <Trans>The whole list could not be loaded: it needs the server. Try again when the connection returns.</Trans>
        </Text>
      )}
    </>
  );
}

/**
 * turmas/$classId/frequencia (issue 17): a class's month of rolls as a grid (students x dates with a roll, P / A / J,
 * totals per student and per date), who saved and who corrected each roll, a month switcher, CSV export and a print
 * sheet (one A4 landscape page, with a line to sign). Each date opens that day's roll call to correct it (through the
 * outbox); the grid is asked again once the correction is sent (api/attendance.ts). The grid is in the persisted
 * query cache: offline, a month seen before shows with its "as of".
 */
import { useId, useMemo } from 'react';
import { Alert, Button, Group, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight, IconDownload, IconPencil, IconPrinter } from '@tabler/icons-react';
import { rollKeys, rollPayloadOf } from '../../api/attendance.ts';
import { gridQueryOptions } from '../../api/attendance-grid.ts';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import type { AttendanceGrid, Roll, StudentSummary } from '../../api/contract.ts';
import { rosterKeys } from '../../api/rosters.ts';
import { studentKeys } from '../../api/students.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { listState } from '../../offline/list-source.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { gridCsvFileName, gridCsvRows } from './grid-csv.ts';
import { dayText, localIsoDate, monthLabel, shiftMonth } from '../../lib/calendar-date.ts';
import { percentText } from '../../lib/percent-text.ts';
import { deviceGrid } from './device-grid.ts';
import { notHeldLabels } from './not-held-labels.ts';
import { useAuthorName } from '../../components/author-name.ts';
import { useScrollEdges } from '../../components/use-scroll-edges.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import classes from './class-history.module.css';

type Props = { classId: string; month: string; onMonthChange: (month: string) => void };
type Mark = 'P' | 'A' | 'J' | 'N';
type GridRoll = AttendanceGrid['rolls'][number];

/** A date that was no roll day, and why (issue 50): a class not held (its reason, a note), a calendar day off (its name). */
function useNotHeldText(): (roll: GridRoll | undefined) => string | undefined {
  const { t, i18n } = useLingui();
  return (roll) => {
    if (roll?.notHeld) {
      const reason = i18n._(notHeldLabels[roll.notHeld.reason]);
      return roll.notHeld.note ? t`not held: ${reason}, ${roll.notHeld.note}` : t`not held: ${reason}`;
    }
    if (roll?.dayOff) return t`day off: ${roll.dayOff}`;
    return undefined;
  };
}

const instantText = (at: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));

export function ClassHistoryPage({ classId, month, onMonthChange }: Props) {
  const notHeldText = useNotHeldText();
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const locale = i18n.locale as Locale;
  const query = useQuery(gridQueryOptions(classId, month));
  const classesQuery = useQuery(classesQueryOptions());
  const group = classesQuery.data?.find((item) => item.id === classId);
  const activity = useQuery(activitiesQueryOptions()).data?.find((item) => item.id === group?.activityId);
  // The grid as a list of one: the same rules as every list for "server", "device copy (as of)", "not found".
  const { items, source, savedAt } = listState({ ...query, data: query.data && [query.data] }, [], false);
  // Neither the server nor a saved copy of this month: the rolls the device holds (the sync's last 60 days).
  const fromDevice = useDeviceGrid(classId, month, source === 'error');
  const grid = items[0] ?? fromDevice ?? undefined;
  // The name the rest of the app gives a class it does not know (the roll call, the classes list): one message, one
  // translation. While the class list is still loading, the title waits for it rather than flash it.
  const classLoading = !group && classesQuery.isPending && classesQuery.fetchStatus === 'fetching';
  const className = group?.title.trim() ? group.title : t`Unknown class`;
  const shownMonth = monthLabel(month, locale);
  const pendingDates = usePendingRollDates(classId, month);
  const pendingText = pendingDates.map((date) => dayText(date, locale, { day: '2-digit', month: '2-digit' })).join(', ');
  const activityName = activity?.name ?? '—';

  const backToClass = (
    <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/turmas/$classId" params={{ classId }} />}>
      <Trans>Back to the class</Trans>
    </BackButton>
  );
  if (source === 'not-found') {
    return (
      <RecordNotFound
        record="class"
        back={
          <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/turmas" />}>
            <Trans>Back to classes</Trans>
          </BackButton>
        }
      />
    );
  }

  // Nothing to export or print for a month without a roll (or not loaded).
  const hasRolls = Boolean(grid && grid.dates.length > 0);
  const exportCsv = () => {
    if (!grid) return;
    const labels = {
      student: t`Student`,
      present: t({ message: 'Present', context: 'count' }),
      absent: t({ message: 'Absent', context: 'count' }),
      justified: t({ message: 'Justified', context: 'count' }),
      notMarked: t({ message: 'Not marked', context: 'count' }),
      frequency: t`Frequency in the month (%)`,
      totalPresent: t`Total present`,
      totalAbsent: t`Total absent`,
      totalJustified: t`Total justified`,
      totalNotMarked: t`Total not marked`,
      notHeld: notHeldText,
    };
    downloadCsv(gridCsvFileName(t`attendance`, className, month), gridCsvRows(grid, labels, locale), locale);
  };

  return (
    <div className={classes.sheet} data-testid="class-history">
      <PageTitle>{classLoading ? t`Attendance history` : t`Attendance history: ${className}`}</PageTitle>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="md" className={classes.noPrint}>
        {/* Wraps: three links do not fit one line of a phone. */}
        <Group gap="xs" wrap="wrap">
          {backToClass}
          {group && (
            <Button
              variant="subtle"
              px="xs"
              mih={44}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/frequencias/atividades/$activityId/turmas/$classId/chamada"
                  params={{ activityId: group.activityId, classId }}
                  search={{ date1: localIsoDate() }}
                />
              )}
            >
              <Trans>Roll call</Trans>
            </Button>
          )}
          {can('general-roll:read') && (
            // Issue 52: the month grid's general view, every child's arrivals at the centre.
            <Button variant="subtle" px="xs" mih={44} renderRoot={(props) => <Link {...props} to="/frequencias/geral/mes" search={{ month }} />}>
              <Trans>All children's arrivals</Trans>
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" mih={44} leftSection={<IconDownload size={18} aria-hidden />} onClick={exportCsv} disabled={!hasRolls}>
            <Trans>Export CSV</Trans>
          </Button>
          <Button variant="default" mih={44} leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={!hasRolls}>
            <Trans>Print</Trans>
          </Button>
        </Group>
      </Group>

      <Group gap="xs" mb="sm" wrap="nowrap" className={classes.monthSwitcher}>
        <Button
          variant="default"
          mih={44}
          miw={44}
          px="xs"
          className={classes.noPrint}
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          aria-label={t`Previous month`}
        >
          <IconChevronLeft size={20} aria-hidden />
        </Button>
        <Title order={2} size="h3" miw="12rem" ta="center" aria-live="polite" data-testid="history-month">
          {shownMonth}
        </Title>
        <Button
          variant="default"
          mih={44}
          miw={44}
          px="xs"
          className={classes.noPrint}
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          aria-label={t`Next month`}
        >
          <IconChevronRight size={20} aria-hidden />
        </Button>
      </Group>

      <ListSourceBanner source={source} savedAt={savedAt} />
      {pendingDates.length > 0 && (
        <Alert color="orange" c="orange.9" variant="light" mb="md" role="status" data-testid="history-pending" className={classes.noPrint}>
          <Trans>Rolls of {pendingText} are waiting to be sent: the grid shows them once the server has them.</Trans>
        </Alert>
      )}
      {source === 'loading' && (
        <Group gap="sm" my="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            <Trans>Loading the month…</Trans>
          </Text>
        </Group>
      )}
      {fromDevice && (
        <Alert color="blue" c="blue.9" variant="light" mb="md" role="status" data-testid="history-from-device">
          <Trans>
            The server cannot be reached: this grid is built from the rolls kept on this device (the last 60 days). Its totals count the marks only; a
            day a student was on the roster but left off the roll is not known here.
          </Trans>
        </Alert>
      )}
      {source === 'error' && !fromDevice && (
        <Alert color="red.9" variant="filled" role="alert" mb="md">
          <Trans>Error loading the attendance of this month. It has not been saved on this device; try again with a connection.</Trans>
        </Alert>
      )}
      {grid && grid.dates.length === 0 && (
        <Text my="md" data-testid="history-empty">
          <Trans>No roll was taken in this class in {shownMonth}.</Trans>
        </Text>
      )}
      {grid && grid.dates.length > 0 && (
        <>
          <GridTable grid={grid} className={className} monthText={shownMonth} activityId={group?.activityId} />
          <Text size="sm" mt="xs" c="gray.8" className={classes.legend}>
            <Trans>P: present · A: absent · J: justified absence. Frequency: present ÷ (rolls − justified).</Trans>
          </Text>
          <RollAuthors grid={grid} />
        </>
      )}
      <div className={classes.printOnly}>
        <Text mt="lg">
          <Trans>
            Class: {className} · Activity: {activityName} · Month: {shownMonth}
          </Trans>
        </Text>
        <Text mt="xl">
          <Trans>Signature: ________________________________ Date: ____/____/________</Trans>
        </Text>
      </div>
    </div>
  );
}

/** The month's grid from the rolls in the device's cache (device-grid.ts), when `wanted`; null when it has none. */
function useDeviceGrid(classId: string, month: string, wanted: boolean): AttendanceGrid | null {
  const client = useQueryClient();
  return useMemo(() => {
    if (!wanted) return null;
    const rolls = client
      .getQueriesData<Roll | null>({ queryKey: rollKeys.ofClass(classId) })
      .flatMap(([, data]) => (data && typeof data === 'object' && 'entries' in data ? [data] : []));
    const names = [
      ...(client.getQueryData<StudentSummary[]>(rosterKeys.one(classId)) ?? []),
      ...(client.getQueryData<StudentSummary[]>(studentKeys.all) ?? []),
    ];
    return deviceGrid(classId, month, rolls, names);
  }, [client, classId, month, wanted]);
}

/** Days of this class and month whose roll waits in the outbox (taken or corrected on this device, not yet sent). */
function usePendingRollDates(classId: string, month: string): string[] {
  const rows = useOutboxItems(outboxKinds.attendanceRoll);
  const dates = rows
    .map(rollPayloadOf)
    .flatMap((payload) => (payload?.classId === classId && payload.date.startsWith(`${month}-`) ? [payload.date] : []));
  return [...new Set(dates)].sort();
}

function GridTable({
  grid,
  className,
  monthText,
  activityId,
}: {
  grid: AttendanceGrid;
  className: string;
  monthText: string;
  activityId: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const captionId = useId();
  const { ref, frameProps } = useScrollEdges<HTMLDivElement>({ stickyStart: true });
  const markText: Record<Mark, string> = { P: t`present`, A: t`absent`, J: t`justified absence`, N: t`not marked on this roll` };
  // The server's grid counts the children on a date's roster whom its roll does not list (issue 56); the device's does not know them.
  const hasNotMarked = grid.students.some((student) => student.notMarked !== undefined);
  const rollOf = (date: string) => grid.rolls.find((roll) => roll.date === date);
  const notHeldText = useNotHeldText();
  const totalOf = (date: string) => grid.totals.find((total) => total.date === date);
  const totalRows: [string, 'present' | 'absent' | 'justified' | 'notMarked'][] = [
    [t({ message: 'Present', context: 'count' }), 'present'],
    [t({ message: 'Absent', context: 'count' }), 'absent'],
    [t({ message: 'Justified', context: 'count' }), 'justified'],
    ...(hasNotMarked ? [[t({ message: 'Not marked', context: 'count' }), 'notMarked'] as [string, 'notMarked']] : []),
  ];
  return (
    <div {...frameProps}>
      <div ref={ref} className={classes.scroll} role="region" aria-labelledby={captionId} tabIndex={0} data-testid="history-grid">
        <table className={classes.grid}>
          <caption id={captionId} className={classes.caption}>
            <Trans>
              Attendance of {className} in {monthText}
            </Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" className={classes.nameCell}>
                <Trans>Student</Trans>
              </th>
              {grid.dates.map((date) => {
                const roll = rollOf(date);
                const day = dayText(date, i18n.locale, { day: '2-digit', month: '2-digit' });
                const long = dayText(date, i18n.locale, { weekday: 'long', day: 'numeric', month: 'long' });
                return (
                  <th key={date} scope="col" className={classes.dateCell} data-date={date}>
                    {activityId ? (
                      <Link
                        to="/frequencias/atividades/$activityId/turmas/$classId/chamada"
                        params={{ activityId, classId: grid.classId }}
                        search={{ date1: date }}
                        className={classes.dateLink}
                        title={t`Open the roll call of ${long} to correct it`}
                      >
                        {day}
                      </Link>
                    ) : (
                      day
                    )}
                    {notHeldText(roll) && (
                      <span className={classes.notHeld} data-testid="history-not-held">
                        {notHeldText(roll)}
                      </span>
                    )}
                    {roll?.correctedAt && (
                      <>
                        <IconPencil size={12} aria-hidden className={classes.correctedIcon} />
                        <VisuallyHidden>
                          <Trans>(corrected)</Trans>
                        </VisuallyHidden>
                      </>
                    )}
                  </th>
                );
              })}
              <th scope="col" className={classes.totalCell}>
                <Trans context="count">Present</Trans>
              </th>
              <th scope="col" className={classes.totalCell}>
                <Trans context="count">Absent</Trans>
              </th>
              <th scope="col" className={classes.totalCell}>
                <Trans context="count">Justified</Trans>
              </th>
              {hasNotMarked && (
                <th scope="col" className={classes.totalCell}>
                  <Trans context="count">Not marked</Trans>
                </th>
              )}
              <th scope="col" className={`${classes.totalCell} ${classes.figureCell}`}>
                <Trans>Frequency in the month</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {grid.students.map((student) => (
              <tr key={student.id}>
                <th scope="row" className={classes.nameCell}>
                  {student.name}
                </th>
                {grid.dates.map((date, i) => {
                  const mark = student.cells[i] ?? null;
                  const off = notHeldText(rollOf(date));
                  if (off) {
                    return (
                      <td key={date} className={classes.markCell} data-date={date} data-mark="">
                        <span aria-hidden>·</span>
                        <VisuallyHidden>{off}</VisuallyHidden>
                      </td>
                    );
                  }
                  return (
                    <td key={date} className={classes.markCell} data-date={date} data-mark={mark ?? ''}>
                      {mark ? (
                        <>
                          <span aria-hidden>{mark}</span>
                          <VisuallyHidden>{markText[mark]}</VisuallyHidden>
                        </>
                      ) : (
                        <>
                          <span aria-hidden>–</span>
                          <VisuallyHidden>
                            <Trans>not on this roll</Trans>
                          </VisuallyHidden>
                        </>
                      )}
                    </td>
                  );
                })}
                <td className={classes.totalCell}>{student.present}</td>
                <td className={classes.totalCell}>{student.absent}</td>
                <td className={classes.totalCell}>{student.justified}</td>
                {hasNotMarked && <td className={classes.totalCell}>{student.notMarked ?? 0}</td>}
                <td className={`${classes.totalCell} ${classes.figureCell}`}>{percentText(i18n.locale, student.frequencyPercent)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {totalRows.map(([label, key]) => (
              <tr key={key}>
                <th scope="row" className={classes.nameCell}>
                  {label}
                </th>
                {grid.dates.map((date) => (
                  <td key={date} className={classes.markCell}>
                    {totalOf(date)?.[key] ?? ''}
                  </td>
                ))}
                <td colSpan={hasNotMarked ? 5 : 4} />
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </div>
  );
}

/** Who saved each roll of the month first, and who corrected it last: on screen and on paper. */
function RollAuthors({ grid }: { grid: AttendanceGrid }) {
  const { i18n } = useLingui();
  const authorName = useAuthorName();
  const notHeldText = useNotHeldText();
  return (
    <section aria-labelledby="roll-authors" className={classes.authors}>
      <Title order={2} size="h5" mt="md" mb={4} id="roll-authors">
        <Trans>Who took and who corrected each roll</Trans>
      </Title>
      <ul className={classes.authorList} data-testid="roll-authors">
        {grid.rolls.map((roll) => {
          const day = dayText(roll.date, i18n.locale, { weekday: 'short', day: '2-digit', month: '2-digit' });
          const takenBy = authorName(roll.firstTakenBy);
          const takenAt = instantText(roll.firstTakenAt, i18n.locale);
          const correctedBy = authorName(roll.correctedBy);
          const correctedAt = roll.correctedAt ? instantText(roll.correctedAt, i18n.locale) : '';
          return (
            <li key={roll.date} data-date={roll.date}>
              {notHeldText(roll) && `${day}: ${notHeldText(roll)}. `}
              {roll.correctedAt ? (
                <Trans>
                  {day}: taken by {takenBy} on {takenAt}; corrected by {correctedBy} on {correctedAt}
                </Trans>
              ) : (
                <Trans>
                  {day}: taken by {takenBy} on {takenAt}
                </Trans>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

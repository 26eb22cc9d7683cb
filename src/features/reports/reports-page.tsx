/**
 * Reports (issue 17, /relatorios, 'reports:read'): a month's frequency per activity and per class (chart and table),
 * its arrivals per day (issue 52, arrivals-report.tsx), the students below ATTENDANCE_MIN_PERCENT this month, and
 * their CSV exports. The answers are kept on the device: offline, the last ones show, saying from when.
 */
import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight, IconDownload, IconReportAnalytics } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { attendanceAlertsQueryOptions, frequencyReportQueryOptions } from '../../api/reports.ts';
import { BELOW_THRESHOLD_MIN_ROLL_DAYS, type AttendanceAlerts, type FrequencyReport } from '../../api/contract.ts';
import { answerState, type AnswerState } from '../../offline/list-source.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { monthLabel as nameOfMonth, monthOf, shiftMonth } from '../../lib/calendar-date.ts';
import { downloadCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { percentText } from '../../lib/percent-text.ts';
import { ArrivalsReport } from './arrivals-report.tsx';
import { FrequencyChart } from './frequency-chart.tsx';
import { belowThresholdRows, classRows } from './report-csv.ts';
import classes from './reports.module.css';
import { WideTable } from '../../components/wide-table.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import type { CaseOrigin } from '../../api/cases-contract.ts';
import type { CaseChild } from '../../api/cases.ts';

/** The follow-up (issue 50), which the route composes in: the month's figures, and "Open follow-up" on the list. */
export type ReportsFollowUp = { report: ReactNode; button: (child: CaseChild, origin: CaseOrigin) => ReactNode; dialog: ReactNode };

export function ReportsPage({
  month,
  onMonthChange,
  followUp,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  followUp?: ReportsFollowUp | undefined;
}) {
  const { t, i18n } = useLingui();
  const report = answerState(useQuery(frequencyReportQueryOptions(month)));
  const alerts = answerState(useQuery(attendanceAlertsQueryOptions()));
  const monthLabel = nameOfMonth(month, i18n.locale);
  const thisMonth = monthOf();
  const minPercent = alerts.data?.minPercent;
  return (
    <>
      <PageTitle>{t`Reports`}</PageTitle>
      <Group gap="sm" mb="md" className={classes.noPrint}>
        <Button component={Link} to="/relatorios/prestacao-de-contas" variant="light" leftSection={<IconReportAnalytics size={16} aria-hidden />}>
          <Trans>Period report for funders</Trans>
        </Button>
        <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <Trans>Previous month</Trans>
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          disabled={month >= thisMonth}
        >
          <Trans>Next month</Trans>
        </Button>
      </Group>
      <Title order={2} size="h3" mb="sm" aria-live="polite" data-testid="report-month">
        <Trans>Frequency in {monthLabel}</Trans>
      </Title>
      <ListSourceBanner source={report.source} savedAt={report.savedAt} />
      {report.source === 'loading' && <Loader size="sm" aria-label={t`Loading the report`} />}
      {report.source === 'error' && (
        <Text c="red.8" mb="md">
          <Trans>The report could not be loaded. It will show when the server can be reached.</Trans>
        </Text>
      )}
      {report.data && <MonthReport report={report.data} minPercent={minPercent} monthLabel={monthLabel} />}
      <Stack mb="xl">
        <ArrivalsReport month={month} monthLabel={monthLabel} />
      </Stack>
      <BelowThreshold alerts={alerts} followUp={followUp} />
      {followUp?.report}
    </>
  );
}

function MonthReport({ report, minPercent, monthLabel }: { report: FrequencyReport; minPercent?: number | undefined; monthLabel: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const activityBars = useMemo(() => report.activities.map((a) => ({ label: a.activityName, value: a.frequencyPercent })), [report]);
  const classBars = useMemo(() => report.classes.map((c) => ({ label: c.className, value: c.frequencyPercent })), [report]);
  if (report.classes.length === 0) {
    return (
      <Text mb="lg">
        <Trans>No roll was taken in {monthLabel}.</Trans>
      </Text>
    );
  }
  const figures = (bars: { label: string; value: number }[]) => bars.map((bar) => `${bar.label} ${percentText(locale, bar.value)}`).join('; ');
  const activityFigures = figures(activityBars);
  const classFigures = figures(classBars);
  const reportMonth = report.month;
  const exportClasses = () =>
    downloadCsv(
      t`class-frequency-${reportMonth}.csv`,
      classRows(report, locale, {
        activity: t`Activity`,
        class: t`Class`,
        present: t({ message: 'Present', context: 'count' }),
        absent: t({ message: 'Absent', context: 'count' }),
        justified: t({ message: 'Justified', context: 'count' }),
        rolls: t`Rolls`,
        rollDays: t`Roll days`,
        frequency: t`Frequency (%)`,
      }),
      locale,
    );
  return (
    <Stack gap="xl" mb="xl">
      <section aria-labelledby="report-activities">
        <Title order={3} size="h4" mb="xs" id="report-activities">
          <Trans>By activity</Trans>
        </Title>
        <FrequencyChart
          bars={activityBars}
          minPercent={minPercent}
          label={t`Chart of the frequency by activity in ${monthLabel}: ${activityFigures}`}
        />
        <WideTable minWidth={560} mt="sm" label={t`Frequency by activity`}>
          <Table striped withTableBorder data-testid="activity-table">
            <Table.Caption>
              <Trans>Frequency by activity in {monthLabel}: present ÷ (roll days − justified)</Trans>
            </Table.Caption>
            <FiguresHead first={t`Activity`} monthLabel={monthLabel} />
            <Table.Tbody>
              {report.activities.map((row) => (
                <FiguresRow key={row.activityId} name={row.activityName} row={row} minPercent={minPercent} />
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      </section>
      <section aria-labelledby="report-classes">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h4" id="report-classes">
            <Trans>By class</Trans>
          </Title>
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportClasses} className={classes.noPrint}>
            <Trans>Export classes CSV</Trans>
          </Button>
        </Group>
        <FrequencyChart bars={classBars} minPercent={minPercent} label={t`Chart of the frequency by class in ${monthLabel}: ${classFigures}`} />
        <WideTable minWidth={640} mt="sm" label={t`Frequency by class`}>
          <Table striped withTableBorder data-testid="class-table">
            <Table.Caption>
              <Trans>Frequency by class in {monthLabel}</Trans>
            </Table.Caption>
            <FiguresHead first={t`Class`} second={t`Activity`} monthLabel={monthLabel} />
            <Table.Tbody>
              {report.classes.map((row) => (
                <FiguresRow key={row.classId} name={row.className} second={row.activityName} row={row} minPercent={minPercent} />
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      </section>
    </Stack>
  );
}

/** The frequency's column names its month (issue 56: every percentage says its period). */
function FiguresHead({ first, second, monthLabel }: { first: string; second?: string; monthLabel: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{first}</Table.Th>
        {second !== undefined && <Table.Th scope="col">{second}</Table.Th>}
        <Table.Th scope="col" ta="right">
          <Trans>Frequency in {monthLabel}</Trans>
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <Trans context="count">Present</Trans>
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <Trans context="count">Absent</Trans>
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <Trans context="count">Justified</Trans>
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <Trans>Rolls</Trans>
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <Trans>Roll days</Trans>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function FiguresRow({
  name,
  second,
  row,
  minPercent,
}: {
  name: string;
  second?: string;
  row: FrequencyReport['activities'][number];
  minPercent?: number | undefined;
}) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const below = minPercent !== undefined && row.frequencyPercent < minPercent;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {name}
      </Table.Th>
      {second !== undefined && <Table.Td>{second}</Table.Td>}
      <Table.Td ta="right" fw={700} c={below ? 'red.9' : undefined}>
        {percentText(locale, row.frequencyPercent)}
      </Table.Td>
      <Table.Td ta="right">{row.present}</Table.Td>
      <Table.Td ta="right">{row.absent}</Table.Td>
      <Table.Td ta="right">{row.justified}</Table.Td>
      <Table.Td ta="right">{row.rolls}</Table.Td>
      <Table.Td ta="right">{row.rollDays}</Table.Td>
    </Table.Tr>
  );
}

function BelowThreshold({ alerts, followUp }: { alerts: AnswerState<AttendanceAlerts>; followUp: ReportsFollowUp | undefined }) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const followsUp = followUp !== undefined && can('cases:write');
  const locale = i18n.locale as Locale;
  const data = alerts.data;
  const exportStudents = () => {
    if (!data) return;
    const alertsMonthCode = data.month;
    downloadCsv(
      t`students-below-threshold-${alertsMonthCode}.csv`,
      belowThresholdRows(data, locale, { student: t`Student`, frequency: t`Frequency (%)`, rollDays: t`Roll days` }),
      locale,
    );
  };
  const minimum = data ? percentText(locale, data.minPercent) : '';
  const minDays = BELOW_THRESHOLD_MIN_ROLL_DAYS;
  const alertsMonth = data ? nameOfMonth(data.month, locale) : '';
  return (
    <section aria-labelledby="report-below">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="report-below">
          {data ? (
            <Trans>
              Students below {minimum} in {alertsMonth}
            </Trans>
          ) : (
            <Trans>Students below the minimum this month</Trans>
          )}
        </Title>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportStudents}
          disabled={!data || data.belowThreshold.length === 0}
          className={classes.noPrint}
        >
          <Trans>Export students CSV</Trans>
        </Button>
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        <Trans>This list is always the current month&apos;s, whatever month the report above shows.</Trans>{' '}
        <Trans>Only students with at least {minDays} marked roll days this month are listed.</Trans>
      </Text>
      <ListSourceBanner source={alerts.source} savedAt={alerts.savedAt} />
      {alerts.source === 'loading' && <Loader size="sm" aria-label={t`Loading the students below the minimum`} />}
      {alerts.source === 'error' && (
        <Alert color="red" variant="light">
          <Trans>The list could not be loaded. It will show when the server can be reached.</Trans>
        </Alert>
      )}
      {data &&
        (data.belowThreshold.length === 0 ? (
          <Text>
            <Trans>No student is below {minimum} this month.</Trans>
          </Text>
        ) : (
          <WideTable minWidth={400} label={t`Students below the minimum`}>
            <Table striped withTableBorder data-testid="below-threshold-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Trans>Student</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans>Frequency this month</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans>Roll days</Trans>
                  </Table.Th>
                  {followsUp && (
                    <Table.Th scope="col">
                      <Trans>Follow-up</Trans>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.belowThreshold.map((student) => (
                  <Table.Tr key={student.studentId}>
                    <Table.Th scope="row" fw={500}>
                      {student.studentName}
                    </Table.Th>
                    <Table.Td ta="right">{percentText(locale, student.frequencyPercent)}</Table.Td>
                    <Table.Td ta="right">{student.rollDays}</Table.Td>
                    {followsUp && (
                      <Table.Td>{followUp?.button({ studentId: student.studentId, studentName: student.studentName }, 'BELOW_THRESHOLD')}</Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        ))}
      {followUp?.dialog}
    </section>
  );
}

/**
 * /relatorios' arrivals per day (issue 52): how many children arrived at the centre on each day of the month (marked at
 * the general roll or present in a class roll: the general roll's one rule, GET /reports/arrivals), as a chart, a
 * table and a CSV. Counts only. Kept on the device like the rest of the reports: offline, the last answer shows, as of.
 */
import { useMemo } from 'react';
import { Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { arrivalsReportQueryOptions } from '../../api/reports.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { WideTable } from '../../components/wide-table.tsx';
import { dayText } from '../../lib/calendar-date.ts';
import { downloadCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { answerState } from '../../offline/list-source.ts';
import { FrequencyChart } from './frequency-chart.tsx';
import { arrivalsRows } from './report-csv.ts';
import classes from './reports.module.css';

export function ArrivalsReport({ month, monthLabel }: { month: string; monthLabel: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { data, source, savedAt } = answerState(useQuery(arrivalsReportQueryOptions(month)));
  const days = useMemo(() => data?.days ?? [], [data]);
  const bars = useMemo(
    () => days.map((day) => ({ label: dayText(day.date, locale, { weekday: 'short', day: '2-digit', month: '2-digit' }), value: day.arrived })),
    [days, locale],
  );
  const figures = bars.map((bar) => `${bar.label} ${bar.value}`).join('; ');
  const exportArrivals = () => {
    if (!data) return;
    const reportMonth = data.month;
    downloadCsv(
      t`arrivals-${reportMonth}.csv`,
      arrivalsRows(data, locale, {
        date: t`Day`,
        arrived: t({ message: 'Arrived', context: 'count' }),
        atGeneralRoll: t`Marked at the general roll`,
        classOnly: t`Through a class roll only`,
      }),
      locale,
    );
  };
  return (
    <section aria-labelledby="report-arrivals" data-testid="arrivals-report">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id="report-arrivals">
          <Trans>Arrivals per day</Trans>
        </Title>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportArrivals}
          disabled={days.length === 0}
          className={classes.noPrint}
        >
          <Trans>Export arrivals CSV</Trans>
        </Button>
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        <Trans>A child has arrived when marked at the general roll or present in a class roll of that day.</Trans>
      </Text>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {source === 'loading' && <Loader size="sm" aria-label={t`Loading the arrivals`} />}
      {source === 'error' && (
        <Text c="red.8">
          <Trans>The arrivals could not be loaded. They will show when the server can be reached.</Trans>
        </Text>
      )}
      {data && days.length === 0 && (
        <Text>
          <Trans>No arrival was recorded in {monthLabel}.</Trans>
        </Text>
      )}
      {days.length > 0 && (
        <>
          <FrequencyChart bars={bars} counts label={t`Chart of the arrivals per day in ${monthLabel}: ${figures}`} />
          <WideTable minWidth={480} mt="sm" label={t`Table of the arrivals per day`}>
            <Table striped withTableBorder data-testid="arrivals-table">
              <Table.Caption>
                <Trans>Arrivals per day in {monthLabel}</Trans>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Trans>Day</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans context="count">Arrived</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans>Marked at the general roll</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans>Through a class roll only</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((day) => (
                  <Table.Tr key={day.date}>
                    <Table.Th scope="row" fw={500}>
                      {dayText(day.date, locale, { weekday: 'long', day: 'numeric', month: 'long' })}
                    </Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {day.arrived}
                    </Table.Td>
                    <Table.Td ta="right">{day.atGeneralRoll}</Table.Td>
                    <Table.Td ta="right">{day.arrived - day.atGeneralRoll}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        </>
      )}
    </section>
  );
}

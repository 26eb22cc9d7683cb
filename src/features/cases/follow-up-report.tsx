/**
 * The month's follow-up on /relatorios (issue 50): cases opened and closed, the outcomes, the causes heard, the median
 * days from the alert to the first contact, the share of alerted children with a case within 7 days, and the
 * frequency of the children closed as "came back" in the 30 days before and after; a CSV like the other tables.
 * Counts only: no child is named. Kept on the device: offline, the last answer shows, saying from when.
 */
import { Button, Group, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { CASE_WITHIN_DAYS, RETURNED_FOLLOW_DAYS, type FollowUpReport as Report } from '../../api/cases-contract.ts';
import { followUpReportQueryOptions } from '../../api/cases.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { WideTable } from '../../components/wide-table.tsx';
import { monthLabel as nameOfMonth } from '../../lib/calendar-date.ts';
import { csvNumber, downloadCsv, type CsvCell } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { percentText } from '../../lib/percent-text.ts';
import { answerState } from '../../offline/list-source.ts';
import { causeLabels, closeOutcomeLabels } from './case-labels.ts';

export function FollowUpReport({ month }: { month: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { data, source, savedAt } = answerState(useQuery(followUpReportQueryOptions(month)));
  const monthName = nameOfMonth(month, locale);
  const percent = (value: number | null) => (value === null ? '—' : percentText(locale, value));
  const days = (value: number | null) => (value === null ? '—' : i18n.number(value, { maximumFractionDigits: 1 }));
  const rows = (report: Report): Array<[string, string | number, CsvCell]> => [
    [t`Cases opened`, report.opened, report.opened],
    [t`Cases closed`, report.closed, report.closed],
    [
      t`Median days from the alert to the first contact`,
      days(report.medianDaysToFirstContact),
      report.medianDaysToFirstContact === null ? '' : csvNumber(report.medianDaysToFirstContact, locale),
    ],
    [t`Children alerted in ${monthName}`, report.alerted, report.alerted],
    [
      t`Children alerted in ${monthName} with a case within ${CASE_WITHIN_DAYS} days`,
      `${report.alertedWithCase} (${percent(report.alertedWithCasePercent)})`,
      report.alertedWithCasePercent === null ? '' : csvNumber(report.alertedWithCasePercent, locale),
    ],
    [t`Children closed as "came back"`, report.returned.children, report.returned.children],
    [
      t`Their frequency in the ${RETURNED_FOLLOW_DAYS} days before the close`,
      `${percent(report.returned.before.frequencyPercent)} (${report.returned.before.rollDays})`,
      csvNumber(report.returned.before.frequencyPercent, locale),
    ],
    [
      t`Their frequency in the ${RETURNED_FOLLOW_DAYS} days after the close`,
      `${percent(report.returned.after.frequencyPercent)} (${report.returned.after.rollDays})`,
      csvNumber(report.returned.after.frequencyPercent, locale),
    ],
    ...report.outcomes.map((row): [string, number, CsvCell] => [t`Closed: ${i18n._(closeOutcomeLabels[row.code])}`, row.count, row.count]),
    ...report.causes.map((row): [string, number, CsvCell] => [t`Cause heard: ${i18n._(causeLabels[row.code])}`, row.count, row.count]),
  ];
  const exportCsv = () => {
    if (!data) return;
    downloadCsv(t`follow-up-${month}.csv`, [[t`Figure`, t`Value`], ...rows(data).map(([label, , value]) => [label, value])], locale);
  };
  return (
    <section aria-labelledby="report-follow-up">
      <Group justify="space-between" mt="xl" mb="xs">
        <Title order={2} size="h3" id="report-follow-up">
          <Trans>Follow-up in {monthName}</Trans>
        </Title>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} disabled={!data} data-testid="follow-up-csv">
          <Trans>Export follow-up CSV</Trans>
        </Button>
      </Group>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {source === 'loading' && <Loader size="sm" aria-label={t`Loading the follow-up`} />}
      {source === 'error' && (
        <Text c="red.8">
          <Trans>The follow-up could not be loaded. It will show when the server can be reached.</Trans>
        </Text>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <WideTable minWidth={320} label={t`Follow-up figures`}>
            <Table striped withTableBorder data-testid="follow-up-report">
              <Table.Tbody>
                {rows(data)
                  .slice(0, 8)
                  .map(([label, shown]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" fw={500}>
                        {label}
                      </Table.Th>
                      <Table.Td ta="right">{shown}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <WideTable minWidth={320} label={t`Outcomes and causes`}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t`Outcome or cause`}</Table.Th>
                  <Table.Th scope="col" ta="right">{t`Cases`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows(data)
                  .slice(8)
                  .map(([label, shown]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" fw={500}>
                        {label}
                      </Table.Th>
                      <Table.Td ta="right">{shown}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        </SimpleGrid>
      )}
    </section>
  );
}

/**
 * The period report for funders (issue 53, /relatorios/prestacao-de-contas, 'reports:read'): for a period and the
 * whole programme or some activities, the beneficiaries served and those who came, with the rule written out, each
 * breakdown as a chart and a table, and the nominal list. The figures come first, without the list (which names every
 * child, so each reading of it is in their access records); the list is asked for when it is shown. Both answers are
 * kept on the device like the other reports: offline, the last one of that period shows, saying from when.
 */
import { useState } from 'react';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconChevronLeft } from '@tabler/icons-react';
import { beneficiariesQueryOptions } from '../../api/beneficiaries.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { answerState, type AnswerState } from '../../offline/list-source.ts';
import type { BeneficiariesReport } from '../../api/beneficiaries-contract.ts';
import { ActivityCalendarTable } from './activity-calendar-table.tsx';
import { AttendanceTable, Breakdowns, NominalList } from './beneficiary-tables.tsx';
import { FunderPackButton } from './funder-pack-button.tsx';
import { PeriodChooser } from './period-chooser.tsx';
import { activityIdsOf, dateText, periodOfSearch } from './report-period.ts';

type Search = { from?: string | undefined; to?: string | undefined; activities?: string | undefined };

export function FunderReportPage({ search, onSearchChange }: { search: Search; onSearchChange: (search: Search) => void }) {
  const { t, i18n } = useLingui();
  const period = periodOfSearch(search, localIsoDate());
  const activityIds = activityIdsOf(search.activities);
  const report = answerState(useQuery(beneficiariesQueryOptions({ ...period, activityIds }, 'figures')));
  const [listShown, setListShown] = useState(false);
  const listed = answerState(useQuery({ ...beneficiariesQueryOptions({ ...period, activityIds }, 'list'), enabled: listShown }));
  const fromText = dateText(i18n.locale, period.from);
  const toText = dateText(i18n.locale, period.to);
  const data = report.data;
  return (
    <>
      <PageTitle>{t`Period report for funders`}</PageTitle>
      <Button component={Link} to="/relatorios" variant="subtle" leftSection={<IconChevronLeft size={16} aria-hidden />} mb="md" mih={44}>
        <Trans>Back to reports</Trans>
      </Button>
      <PeriodChooser
        period={period}
        activityIds={activityIds}
        onChange={(next, ids) => onSearchChange({ ...next, activities: ids.length ? ids.join(',') : undefined })}
      />
      <Title order={2} size="h3" mb="sm" aria-live="polite" data-testid="funder-report-period">
        <Trans>
          Beneficiaries from {fromText} to {toText}
        </Trans>
      </Title>
      <ListSourceBanner source={report.source} savedAt={report.savedAt} />
      <FunderPackButton period={{ ...period, activityIds }} />
      {report.source === 'loading' && <Loader size="sm" aria-label={t`Loading the report`} />}
      {report.source === 'error' && (
        <Text c="red.8" mb="md">
          <Trans>The report could not be loaded. It will show when the server can be reached.</Trans>
        </Text>
      )}
      {data && (
        <Stack gap="xl" mb="xl">
          <section aria-labelledby="funder-counts">
            <Title order={3} size="h4" mb="xs" id="funder-counts">
              <Trans>Beneficiaries</Trans>
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
              <Paper withBorder p="md">
                <Text size="sm" c="gray.7">
                  <Trans>Beneficiaries served</Trans>
                </Text>
                <Text fz={32} fw={700} data-testid="served-count">
                  {data.served}
                </Text>
              </Paper>
              <Paper withBorder p="md">
                <Text size="sm" c="gray.7">
                  <Trans>Of them, came at least once</Trans>
                </Text>
                <Text fz={32} fw={700} data-testid="attended-count">
                  {data.attended}
                </Text>
              </Paper>
            </SimpleGrid>
            <Text size="sm" data-testid="funder-rule">
              <Trans>
                Served: children enrolled in a class on at least one day of the period and active then. Came at least once: of them, those with at
                least one presence on a roll of a class held in the period (a class not held and a day off count for no one). Frequency = present ÷
                (roll days − justified absences).
              </Trans>
            </Text>
          </section>
          <Breakdowns report={data} />
          <section aria-labelledby="funder-attendance">
            <Title order={3} size="h4" mb="xs" id="funder-attendance">
              <Trans>Attendance by activity and class</Trans>
            </Title>
            <AttendanceTable report={data} />
          </section>
          <section aria-labelledby="funder-calendar">
            <Title order={3} size="h4" mb="xs" id="funder-calendar">
              <Trans>Activity calendar</Trans>
            </Title>
            <ActivityCalendarTable calendar={data.calendar} />
          </section>
          <section aria-labelledby="funder-list">
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h4" id="funder-list">
                <Trans>Nominal list</Trans>
              </Title>
              <Button variant="default" mih={44} onClick={() => setListShown((shown) => !shown)} aria-expanded={listShown}>
                {listShown ? <Trans>Hide the list</Trans> : <Trans>Show the list</Trans>}
              </Button>
            </Group>
            <Text size="sm" c="gray.7" mb="sm">
              <Trans>Each showing of the list is in the access record of every child it names.</Trans>
            </Text>
            {listShown && <ListPart listed={listed} />}
          </section>
        </Stack>
      )}
    </>
  );
}

/** The nominal list once asked for: its own answer (and its device copy, with its date), loading or unreachable. */
function ListPart({ listed }: { listed: AnswerState<BeneficiariesReport> }) {
  const { t } = useLingui();
  const students = listed.data?.students;
  if (students) {
    return (
      <>
        <ListSourceBanner source={listed.source} savedAt={listed.savedAt} />
        <NominalList students={students} />
      </>
    );
  }
  if (listed.source === 'loading') return <Loader size="sm" aria-label={t`Loading the list`} />;
  return (
    <Text c="red.8">
      <Trans>The list could not be loaded. It will show when the server can be reached.</Trans>
    </Text>
  );
}

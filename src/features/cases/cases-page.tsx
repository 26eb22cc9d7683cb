/**
 * Follow-up cases (issue 50, /acompanhamentos, 'cases:read'): open, closed or all (in the URL), each with the child,
 * their classes, who opened it, days open, the next step and whether it is late. Kept on the device: offline, the last
 * list shows, saying from when.
 */
import { Anchor, Badge, Group, Loader, Radio, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CaseStatusFilter } from '../../api/cases-contract.ts';
import { casesQueryOptions } from '../../api/cases.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { WideTable } from '../../components/wide-table.tsx';
import { localMidnight } from '../../lib/calendar-date.ts';
import { answerState } from '../../offline/list-source.ts';
import { closeOutcomeLabels } from './case-labels.ts';

export function CasesPage({ status, onStatusChange }: { status: CaseStatusFilter; onStatusChange: (status: CaseStatusFilter) => void }) {
  const { t, i18n } = useLingui();
  const { data, source, savedAt } = answerState(useQuery(casesQueryOptions(status)));
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'short' });
  return (
    <>
      <PageTitle>{t`Follow-ups`}</PageTitle>
      <Radio.Group
        mb="md"
        label={t`Which follow-ups`}
        value={status}
        onChange={(value) => onStatusChange(value as CaseStatusFilter)}
        data-testid="case-status"
      >
        <Group gap="lg" mt="xs">
          <Radio value="open" label={t`Open`} />
          <Radio value="closed" label={t`Closed`} />
          <Radio value="all" label={t`All`} />
        </Group>
      </Radio.Group>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {source === 'loading' && <Loader size="sm" aria-label={t`Loading the follow-ups`} />}
      {source === 'error' && (
        <Text c="red.8">
          <Trans>The follow-ups could not be loaded. They will show when the server can be reached.</Trans>
        </Text>
      )}
      {data && data.length === 0 && (
        <Text>
          <Trans>No follow-up here.</Trans>
        </Text>
      )}
      {data && data.length > 0 && (
        <WideTable minWidth={640} label={t`Follow-ups`}>
          <Table striped data-testid="cases-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Student`}</Table.Th>
                <Table.Th>{t`Classes`}</Table.Th>
                <Table.Th>{t`Opened by`}</Table.Th>
                <Table.Th>{t`Days open`}</Table.Th>
                <Table.Th>{t`Next step`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={row.id} data-testid="case-row">
                  <Table.Td>
                    <Anchor renderRoot={(props) => <Link {...props} to="/alunos/$id" params={{ id: row.studentId }} />}>{row.studentName}</Anchor>
                  </Table.Td>
                  <Table.Td>{row.classNames.join(', ')}</Table.Td>
                  <Table.Td>{row.openedBy}</Table.Td>
                  <Table.Td>{row.daysOpen}</Table.Td>
                  <Table.Td>
                    {row.status === 'OPEN' && row.nextStepOn ? day(row.nextStepOn) : row.outcome ? i18n._(closeOutcomeLabels[row.outcome]) : ''}{' '}
                    {row.late && (
                      <Badge color="red.8" data-testid="case-late">
                        <Trans>Late</Trans>
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </>
  );
}

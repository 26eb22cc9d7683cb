/**
 * Every row of a class list as it will be stored (the child, the class, the first day), with its problems and the
 * child Quadra has, and the counts. A page of PAGE_SIZE rows at a time, as the students preview.
 */
import { useState } from 'react';
import { Badge, Chip, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { WideTable } from '../../components/wide-table.tsx';
import { formatBirthDate } from '../../components/person-card.tsx';
import { problemsOf, statusOf, type EnrolmentCounts, type Plan } from './enrolment-plan.ts';
import { enrolmentProblemText, enrolmentStatusLabels, type EnrolmentStatus } from './enrolment-texts.ts';
import { PAGE_SIZE } from './preview-table.tsx';

const statusColor: Record<EnrolmentStatus, string> = { enrol: 'green', 'new-child': 'teal', skip: 'gray', wrong: 'red' };

type Props = { plan: Plan; counts: EnrolmentCounts; defaultFrom: string; previewMs: number | null };

export function EnrolmentPreview({ plan, counts, defaultFrom, previewMs }: Props) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<'all' | 'wrong'>('all');
  const [page, setPage] = useState(1);
  const rows = plan.read.rows;
  const shown = filter === 'wrong' ? rows.filter((row) => statusOf(plan, row) === 'wrong') : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const date = (iso: string | undefined) => (iso ? formatBirthDate(iso, i18n.locale) : '');
  return (
    <Stack gap="xs">
      <Text fw={600}>{t`Preview`}</Text>
      <Group gap="xs" data-testid="import-counts" data-preview-ms={previewMs ?? undefined} aria-live="polite">
        <Badge color="green" c="dark.9" size="lg" variant="light" data-testid="count-enrol">{t`To enrol: ${counts.enrol}`}</Badge>
        <Badge color="teal" c="dark.9" size="lg" variant="light" data-testid="count-new-child">{t`New children: ${counts['new-child']}`}</Badge>
        <Badge color="gray" c="dark.9" size="lg" variant="light" data-testid="count-skip">{t`Already in the class: ${counts.skip}`}</Badge>
        <Badge color="red" c="dark.9" size="lg" variant="light" data-testid="count-wrong">{t`Wrong: ${counts.wrong}`}</Badge>
      </Group>
      <Chip.Group
        value={filter}
        onChange={(value) => {
          setFilter(value as 'all' | 'wrong');
          setPage(1);
        }}
      >
        <Group gap="xs">
          <Chip value="all" styles={{ label: { minHeight: 44 } }}>{t`All rows`}</Chip>
          <Chip value="wrong" styles={{ label: { minHeight: 44 } }}>{t`Only rows with problems`}</Chip>
        </Group>
      </Chip.Group>
      <WideTable label={t`Rows of the file`} minWidth={900}>
        <Table striped data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Row`}</Table.Th>
              <Table.Th>{t`What happens`}</Table.Th>
              <Table.Th>{t`Name`}</Table.Th>
              <Table.Th>{t`Date of birth`}</Table.Th>
              <Table.Th>{t`CPF`}</Table.Th>
              <Table.Th>{t`Class`}</Table.Th>
              <Table.Th>{t`Enrolled from`}</Table.Th>
              <Table.Th>{t`Problems`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slice.map((row) => {
              const status = statusOf(plan, row);
              const match = plan.matches.get(row.row);
              const problems = problemsOf(plan, row);
              return (
                <Table.Tr key={row.row} data-status={status}>
                  <Table.Td>{row.where}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[status]} c="dark.9" variant="light">
                      {i18n._(enrolmentStatusLabels[status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.student.fullName}</Table.Td>
                  <Table.Td>{date(row.student.dateOfBirth)}</Table.Td>
                  <Table.Td>{row.student.registrationNumber ?? ''}</Table.Td>
                  <Table.Td>
                    {[row.activityName, row.className].filter(Boolean).join(' · ')}
                    {row.classKey?.startsWith('new:') ? ` ${t`(new)`}` : ''}
                  </Table.Td>
                  <Table.Td>{date(row.from ?? defaultFrom)}</Table.Td>
                  <Table.Td>
                    {problems.map((problem) => enrolmentProblemText(i18n, problem)).join('; ')}
                    {match && problems.length === 0 ? t`Already in Quadra: ${match.name}` : ''}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </WideTable>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : control === 'previous' ? t`Previous page` : control })}
          getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
          size="lg"
        />
      )}
    </Stack>
  );
}

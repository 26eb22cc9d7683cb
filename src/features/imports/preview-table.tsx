/**
 * Every row as it will be stored, with its problems and the child it matches, and the counts of new, updated,
 * skipped and wrong rows. A page of PAGE_SIZE rows at a time: a file of 10,000 rows renders as fast as one of 100.
 */
import { useState } from 'react';
import { Badge, Chip, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ImportMatch, ImportMatchAction } from '../../api/imports-contract.ts';
import { WideTable } from '../../components/wide-table.tsx';
import { formatBirthDate } from '../../components/person-card.tsx';
import { problemText, statusLabels } from './import-texts.ts';
import { statusOf, type Counts, type ReadRow, type RowStatus } from './read-rows.ts';

export const PAGE_SIZE = 50;
const statusColor: Record<RowStatus, string> = { new: 'green', update: 'blue', skip: 'gray', wrong: 'red' };

type Props = { rows: ReadRow[]; matches: Map<number, ImportMatch>; onMatch: ImportMatchAction; counts: Counts; previewMs: number | null };

export function PreviewTable({ rows, matches, onMatch, counts, previewMs }: Props) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<'all' | 'wrong'>('all');
  const [page, setPage] = useState(1);
  const shown = filter === 'wrong' ? rows.filter((row) => row.problems.length > 0) : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Text fw={600}>{t`Preview`}</Text>
      <Group gap="xs" data-testid="import-counts" data-preview-ms={previewMs ?? undefined} aria-live="polite">
        <Badge color="green" c="dark.9" size="lg" variant="light" data-testid="count-new">{t`New: ${counts.new}`}</Badge>
        <Badge color="blue" c="dark.9" size="lg" variant="light" data-testid="count-update">{t`To update: ${counts.update}`}</Badge>
        <Badge color="gray" c="dark.9" size="lg" variant="light" data-testid="count-skip">{t`To skip: ${counts.skip}`}</Badge>
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
              <Table.Th>{t`Classes`}</Table.Th>
              <Table.Th>{t`Guardian`}</Table.Th>
              <Table.Th>{t`Problems`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slice.map((row) => {
              const match = matches.get(row.row);
              const status = statusOf(row, match, onMatch);
              return (
                <Table.Tr key={row.row} data-status={status}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[status]} c="dark.9" variant="light">
                      {i18n._(statusLabels[status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.student.fullName}</Table.Td>
                  <Table.Td>{row.student.dateOfBirth ? formatBirthDate(row.student.dateOfBirth, i18n.locale) : ''}</Table.Td>
                  <Table.Td>{row.student.registrationNumber ?? ''}</Table.Td>
                  <Table.Td>{row.classNames.join(', ')}</Table.Td>
                  <Table.Td>{[row.guardian?.name, row.guardian?.phone].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td>
                    {row.problems.map((problem) => problemText(i18n, problem)).join('; ')}
                    {match && row.problems.length === 0 ? t`Already in Quadra: ${match.name}` : ''}
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

/**
 * An import's preview as both imports show it (the students' and a class list's): the counts, a filter to the rows
 * with problems, the page of rows the worker cut (preview-page.ts) and the pages. Each import gives its columns.
 */
import type { ReactNode } from 'react';
import { Badge, Chip, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { WideTable } from '../../components/wide-table.tsx';
import type { ImportFlow, View } from './use-import-flow.ts';

export type CountBadge = { testId: string; color: string; label: string };
/** A row of the preview: where it is in the file, what happens to it, and its cells in the import's columns. */
export type FrameRow = { key: number; where: string; status: string; statusColor: string; statusLabel: string; cells: ReactNode[] };

type Props = {
  counts: readonly CountBadge[];
  /** The columns after "Row" and "What happens". */
  columns: readonly string[];
  rows: readonly FrameRow[];
  /** The flow's filter and page (use-import-flow.ts), and the page the worker answered. */
  flow: Pick<ImportFlow, 'previewMs' | 'wrongOnly' | 'setWrongOnly' | 'setPage'>;
  view: Pick<View, 'page' | 'pages'>;
};

/** A row's problems in words, or the child Quadra has when it has none. */
export function ProblemsCell({ problems, matchName }: { problems: readonly string[]; matchName: string | undefined }) {
  const { t } = useLingui();
  return <>{problems.length > 0 ? problems.join('; ') : matchName ? t`Already in Quadra: ${matchName}` : ''}</>;
}

/** The counts as badges, one line each where they do not fit (a badge is never cut). */
export function CountBadges({
  counts,
  ...rest
}: {
  counts: readonly CountBadge[];
  'data-testid'?: string;
  'data-preview-ms'?: number;
  'aria-live'?: 'polite';
}) {
  return (
    <Group gap="xs" {...rest}>
      {counts.map(({ testId, color, label }) => (
        <Badge key={testId} color={color} c="dark.9" size="lg" variant="light" data-testid={testId} h="auto" mih={32} py={4} styles={wrap}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}
/** A badge's label wraps rather than being cut with an ellipsis. */
const wrap = { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } } as const;

export function PreviewFrame({ counts, columns, rows, flow, view }: Props) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t`Preview`}</Text>
      <CountBadges counts={counts} data-testid="import-counts" data-preview-ms={flow.previewMs ?? undefined} aria-live="polite" />
      <Chip.Group value={flow.wrongOnly ? 'wrong' : 'all'} onChange={(value) => flow.setWrongOnly(value === 'wrong')}>
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
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-status={row.status}>
                <Table.Td>{row.where}</Table.Td>
                <Table.Td>
                  <Badge color={row.statusColor} c="dark.9" variant="light" h="auto" mih={22} styles={wrap}>
                    {row.statusLabel}
                  </Badge>
                </Table.Td>
                {row.cells.map((cell, index) => (
                  <Table.Td key={index}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      {view.pages > 1 && (
        <Pagination
          total={view.pages}
          value={view.page}
          onChange={flow.setPage}
          getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : control === 'previous' ? t`Previous page` : control })}
          getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
          size="lg"
        />
      )}
    </Stack>
  );
}

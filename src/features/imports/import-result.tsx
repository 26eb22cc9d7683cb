/** What the import did, and the rows it refused (the preview's wrong rows and the server's refusals) as a CSV to fix. */
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import type { ImportRowResult } from '../../api/imports-contract.ts';
import { downloadCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { problemText, refusalText } from './import-texts.ts';
import type { ReadRow } from './read-rows.ts';

type Props = { fileName: string; headers: string[]; rows: ReadRow[]; results: ImportRowResult[]; onAnother: () => void };

export function ImportResult({ fileName, headers, rows, results, onAnother }: Props) {
  const { t, i18n } = useLingui();
  const byRow = new Map(results.map((result) => [result.row, result]));
  const count = (outcome: ImportRowResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  // The rows not sent (a problem, or a match skipped on the preview) have no result: only the wrong ones are refused.
  const refused = rows.flatMap((row) => {
    const result = byRow.get(row.row);
    if (row.problems.length > 0) return [{ row, reasons: row.problems.map((problem) => problemText(i18n, problem)) }];
    if (result?.outcome === 'refused') return [{ row, reasons: [refusalText(i18n, result.reason)] }];
    return [];
  });
  const skipped = rows.filter((row) => row.problems.length === 0 && !byRow.has(row.row)).length + count('skipped');
  const download = () =>
    downloadCsv(
      `${fileName.replace(/\.[^.]*$/, '')}-${t`refused`}.csv`,
      [[t`Row`, ...headers, t`Reasons`], ...refused.map(({ row, reasons }) => [row.row, ...row.cells, reasons.join('; ')])],
      i18n.locale as Locale,
    );
  return (
    <Stack gap="md" data-testid="import-result">
      <Alert color={refused.length ? 'yellow' : 'green'} role="status">
        {t`The import of ${fileName} is done.`}
      </Alert>
      <Group gap="xs">
        <Badge color="green" c="dark.9" size="lg" variant="light" data-testid="result-created">{t`Registered: ${count('created')}`}</Badge>
        <Badge color="blue" c="dark.9" size="lg" variant="light" data-testid="result-updated">{t`Updated: ${count('updated')}`}</Badge>
        <Badge color="gray" c="dark.9" size="lg" variant="light" data-testid="result-skipped">{t`Skipped: ${skipped}`}</Badge>
        <Badge color="red" c="dark.9" size="lg" variant="light" data-testid="result-refused">{t`Refused: ${refused.length}`}</Badge>
      </Group>
      {refused.length > 0 && (
        <Stack gap="xs">
          <Text>{t`The refused rows, with their reasons, can be downloaded, corrected and imported again.`}</Text>
          <Button
            mih={44}
            w="fit-content"
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={download}
            data-testid="download-refused"
          >
            {t`Download the refused rows (CSV)`}
          </Button>
        </Stack>
      )}
      <Button mih={44} w="fit-content" variant="subtle" onClick={onAnother}>
        {t`Import another file`}
      </Button>
    </Stack>
  );
}

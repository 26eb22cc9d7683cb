/** What an import did (both imports): done, its counts, the refused rows to download as a CSV, and another file. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { downloadCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { CountBadges, type CountBadge } from './preview-frame.tsx';

/** A refused row as the CSV has it: where it was, its cells, and the reasons in the user's language. */
export type RefusedLine = { where: string; cells: readonly string[]; reasons: readonly string[] };

type Props = {
  fileName: string;
  counts: readonly CountBadge[];
  /** The CSV's columns between "Row" and "Reasons". */
  columns: readonly string[];
  refused: readonly RefusedLine[];
  onAnother: () => void;
};

export function ResultFrame({ fileName, counts, columns, refused, onAnother }: Props) {
  const { t, i18n } = useLingui();
  const download = () =>
    downloadCsv(
      `${fileName.replace(/\.[^.]*$/, '')}-${t`refused`}.csv`,
      [[t`Row`, ...columns, t`Reasons`], ...refused.map(({ where, cells, reasons }) => [where, ...cells, reasons.join('; ')])],
      i18n.locale as Locale,
    );
  return (
    <Stack gap="md" data-testid="import-result">
      <Alert color={refused.length ? 'yellow' : 'green'} role="status">
        {t`The import of ${fileName} is done.`}
      </Alert>
      <CountBadges counts={counts} />
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

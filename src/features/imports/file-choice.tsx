/**
 * Choosing the file, as both imports do: what the file should hold, the file input, "Reading the file…", and why a
 * file could not be read. Then, once read, whether the server could say which children Quadra has.
 */
import type { ReactNode } from 'react';
import { Alert, Button, FileInput, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ImportFlow } from './use-import-flow.ts';

type Props = { intro: ReactNode; label: string; flow: Pick<ImportFlow, 'file' | 'chooseFile' | 'loaded' | 'failure' | 'sending'> };

export function FileChoice({ intro, label, flow }: Props) {
  const { t } = useLingui();
  const { file, failure, sending } = flow;
  return (
    <>
      <Text>{intro}</Text>
      <FileInput
        label={label}
        placeholder={t`Choose a file`}
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        value={file}
        onChange={flow.chooseFile}
        // Once the write started, the file stays (but where it stopped: another file may be chosen).
        disabled={sending !== null && !sending.stopped}
        styles={{ input: { minHeight: 44 } }}
        data-testid="import-file"
      />
      {file && !flow.loaded && !failure && <Text c="gray.7">{t`Reading the file…`}</Text>}
      {failure && (
        <Alert color="red" role="alert">
          {failure === 'empty' ? t`The file has no rows.` : t`This file could not be read: choose a CSV or an Excel (.xlsx) file.`}
        </Alert>
      )}
    </>
  );
}

/** The server could not say which children Quadra has: the preview waits for Try again. */
export function MatchesFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs">
        <Text>{t`Quadra could not check which children are registered already: the server could not be reached.`}</Text>
        <Button variant="light" mih={44} w="fit-content" onClick={onRetry}>
          {t`Try again`}
        </Button>
      </Stack>
    </Alert>
  );
}

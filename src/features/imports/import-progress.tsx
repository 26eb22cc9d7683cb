/** An import's write as both imports show it: the Import button, then the progress, and where it stopped, Try again. */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ImportStopped, SendProgress } from './send-import.ts';

export type Sending = { progress: SendProgress; stopped?: ImportStopped };

type Props = { sending: Sending | null; toSend: number; onStart: () => void; onResume: (stopped: ImportStopped) => void };

export function ImportProgress({ sending, toSend, onStart, onResume }: Props) {
  const { t } = useLingui();
  if (!sending)
    return (
      <Group>
        <Button mih={44} disabled={toSend === 0} onClick={onStart} data-testid="import-start">
          {t`Import ${toSend} rows`}
        </Button>
      </Group>
    );
  const { progress, stopped } = sending;
  return (
    <Stack gap="xs" data-testid="import-progress">
      <Text>{t`Imported ${progress.sent} of ${progress.total} rows`}</Text>
      <Progress value={(100 * progress.sent) / Math.max(1, progress.total)} aria-label={t`Import progress`} />
      {stopped && (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>
              {stopped.rejected
                ? t`The server refused the import. The rows before row ${progress.sent + 1} are saved.`
                : t`The connection failed. The rows before row ${progress.sent + 1} are saved; Try again goes on from there, and creates nothing twice.`}
            </Text>
            <Button mih={44} w="fit-content" onClick={() => onResume(stopped)}>
              {t`Try again`}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

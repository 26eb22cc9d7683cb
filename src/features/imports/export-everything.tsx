/**
 * "Export everything" (issue 54, the admin's): the whole programme as one XLSX (a sheet per entity) or the same as CSV
 * files in a ZIP, from GET /export. The way to leave Quadra with one's data, or to analyse it in a spreadsheet.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '../../api/export-contract.ts';
import { downloadExport } from '../../api/export.ts';
import { notify } from '../../components/notify.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { failureMessage } from '../../lib/http.ts';

export function ExportEverything() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      downloadFile(await downloadExport(format), `quadra-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (error) {
      notify({ message: t`The export failed: ${await failureMessage(error)}`, severity: 'error', closable: true });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xs" mt="xl" data-testid="export-everything">
      <Text fw={600} component="h2" size="lg">
        {t`Export everything`}
      </Text>
      <Text>
        {t`All of the programme's data in Quadra: students, guardians, documents (their list), activities, classes, enrolments, rolls with their marks, and users (without their sign-in links). The export is recorded in the access record.`}
      </Text>
      <Group gap="xs">
        <Button
          mih={44}
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => void run('xlsx')}
        >
          {t`Excel file (.xlsx)`}
        </Button>
        <Button
          mih={44}
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy === 'zip'}
          disabled={busy !== null}
          onClick={() => void run('zip')}
        >
          {t`CSV files (.zip)`}
        </Button>
      </Group>
    </Stack>
  );
}

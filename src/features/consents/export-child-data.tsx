/**
 * "Export this child's data" on the profile (issue 51, LGPD art. 18 II and V): a guardian's copy of everything as one
 * ZIP (a readable page in Portuguese, data.json and the documents' files), made by the server when asked, for admins
 * and coordinators. It needs the server: offline, or with the server not answering, the button waits and says so.
 */
import { useState } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconFileZip } from '@tabler/icons-react';
import { downloadStudentExport, studentExportFileName } from '../../api/student-export.ts';
import { notify } from '../../components/notify.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { failureMessage } from '../../lib/http.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { useServerState } from '../../lib/server-status.ts';

export function ExportChildData({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const { online } = useNetwork();
  const server = useServerState();
  const reachable = online && server !== 'unavailable';
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadFile(await downloadStudentExport(studentId), studentExportFileName(studentId, localIsoDate(new Date())));
    } catch (error) {
      notify({ message: t`The export failed: ${await failureMessage(error)}`, severity: 'error', closable: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="export-child-data">
      <Title order={2} size="h4" mb="xs">
        <Trans>A guardian's copy</Trans>
      </Title>
      <Text size="sm" mb="sm" id={`export-child-data-${studentId}`}>
        <Trans>
          Everything Quadra holds about this child, for a guardian who asks for it: a page to read (in Portuguese), the same data as data.json, and
          the documents' files, in one ZIP. The export is recorded in the access record.
        </Trans>
      </Text>
      <Group gap="sm">
        <Button
          mih={44}
          variant="default"
          leftSection={<IconFileZip size={18} aria-hidden />}
          loading={busy}
          disabled={!reachable}
          aria-describedby={`export-child-data-${studentId}`}
          onClick={() => void run()}
        >
          <Trans>Export this child's data</Trans>
        </Button>
        {!reachable && (
          <Text size="sm" c="orange.9" role="status">
            <Trans>The export is made by the server: connect to the internet to export.</Trans>
          </Text>
        )}
      </Group>
    </Paper>
  );
}

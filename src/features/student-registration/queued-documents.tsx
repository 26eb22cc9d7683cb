/** The documents waiting in the registration form: name, type, size and date, each with a remove button. */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconFile, IconTrash } from '@tabler/icons-react';
import { useEnumLabel } from '../../components/use-enum.ts';
import { localMidnight } from '../../lib/calendar-date.ts';
import { formatFileSize } from './document-checks.ts';
import type { QueuedDocument } from './document-uploader.tsx';

export default function QueuedDocuments({ documents, onRemove }: { documents: QueuedDocument[]; onRemove: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const typeLabel = useEnumLabel('documentType');
  return (
    <Stack gap="xs" component="ul" aria-label={t`Documents to send`} p={0} m={0} style={{ listStyle: 'none' }}>
      {documents.map((doc) => (
        <Paper key={doc.id} component="li" withBorder p="sm" data-testid="queued-document">
          <Group justify="space-between" wrap="nowrap" align="center">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFile size={24} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {doc.file.name}
                </Text>
                <Group gap="xs">
                  <Text size="sm" fw={600} c="quadra.8">
                    {typeLabel(doc.fileType)}
                  </Text>
                  <Text size="sm">{formatFileSize(doc.file.size, i18n.locale)}</Text>
                  <Text size="sm" c="dimmed">
                    {i18n.date(localMidnight(doc.date), { dateStyle: 'short' })}
                  </Text>
                </Group>
              </Stack>
            </Group>
            {/* A square Button rather than an ActionIcon: the registration form's first load has no room for ActionIcon's code. */}
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              w={44}
              h={44}
              p={0}
              style={{ flexShrink: 0 }}
              onClick={() => onRemove(doc.id)}
              aria-label={t`Remove ${doc.file.name}`}
              title={t`Remove ${doc.file.name}`}
            >
              <IconTrash size={20} aria-hidden />
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

import { useId, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Input, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronUp, IconFile, IconPlus, IconTrash } from '@tabler/icons-react';
import type { EnumCode } from '../../api/contract.ts';
import type { FileKind } from '../../lib/file-kind.ts';
import { useEnumLabel, useEnumOptions } from '../../components/use-enum.ts';
import { checkDocumentFile, formatFileSize } from './document-checks.ts';
import { localIsoDate, localMidnight } from '../../lib/calendar-date.ts';

/** A document waiting in the form (its File stays in React state until submit puts it in the outbox). */
export type QueuedDocument = {
  id: string;
  file: File;
  kind: FileKind;
  fileType: EnumCode<'documentType'>;
  origin: string;
  description: string;
  /** The file's modification date, YYYY-MM-DD (SPEC §3). */
  date: string;
};

type Props = {
  documents: QueuedDocument[];
  onAdd: (document: QueuedDocument) => void;
  onRemove: (id: string) => void;
};

const touch = { input: { minHeight: 44 } };

/** SPEC §4: the uploader toggles shown / hidden; adding needs a chosen file and then clears the uploader. */
export function DocumentUploader({ documents, onAdd, onRemove }: Props) {
  const { t, i18n } = useLingui();
  const panelId = useId();
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  const typeLabel = useEnumLabel('documentType');

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          <Trans>Documents</Trans>
        </Title>
        <Button
          variant="light"
          mih={44}
          onClick={() => setOpened((value) => !value)}
          aria-expanded={opened}
          aria-controls={panelId}
          leftSection={opened ? <IconChevronUp size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
        >
          {opened ? t`Hide document uploader` : t`Add document`}
        </Button>
      </Group>
      {opened && <UploaderForm id={panelId} onAdd={onAdd} />}
      {documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No documents added yet.</Trans>
        </Text>
      ) : (
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
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size={44}
                  onClick={() => onRemove(doc.id)}
                  aria-label={t`Remove ${doc.file.name}`}
                  title={t`Remove ${doc.file.name}`}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type UploaderErrors = { file?: string; fileType?: string };

function UploaderForm({ id, onAdd }: { id: string; onAdd: (document: QueuedDocument) => void }) {
  const { t, i18n } = useLingui();
  const fileInputId = useId();
  const typeOptions = useEnumOptions('documentType', t`Select…`);
  const [file, setFile] = useState<File | null>(null);
  const [fileType, setFileType] = useState('');
  const [origin, setOrigin] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<UploaderErrors>({});
  const [checking, setChecking] = useState(false);
  // A file input cannot be emptied through React; a new key gives a fresh one.
  const [inputKey, setInputKey] = useState(0);
  // The file chosen now: one chosen while the previous file was being checked must survive that check's clean-up.
  const latestFile = useRef<File | null>(null);
  latestFile.current = file;

  const add = async () => {
    setChecking(true);
    const check = await checkDocumentFile(file);
    setChecking(false);
    const next: UploaderErrors = {};
    if (!check.ok) next.file = i18n._(check.message);
    if (!fileType) next.fileType = t`Choose the document type.`;
    setErrors(next);
    if (!check.ok || !file || !fileType) return;
    onAdd({
      id: crypto.randomUUID(),
      file,
      kind: check.kind,
      fileType: fileType as EnumCode<'documentType'>,
      origin: origin.trim(),
      description: description.trim(),
      date: localIsoDate(file.lastModified),
    });
    // Clear only what still holds the values just added: the user may have moved on during the check.
    setFileType((current) => (current === fileType ? '' : current));
    setOrigin((current) => (current === origin ? '' : current));
    setDescription((current) => (current === description ? '' : current));
    if (latestFile.current === file) {
      setFile(null);
      setInputKey((key) => key + 1);
    }
  };

  return (
    <Paper id={id} withBorder p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Input.Wrapper
          label={t`File`}
          description={t`PDF, JPEG or PNG, up to 10 MB.`}
          error={errors.file}
          id={fileInputId}
          withAsterisk
        >
          <Input
            key={inputKey}
            id={fileInputId}
            component="input"
            type="file"
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            error={Boolean(errors.file)}
            aria-describedby={errors.file ? `${fileInputId}-error` : `${fileInputId}-description`}
            styles={{ input: { minHeight: 44, paddingTop: 9, cursor: 'pointer' } }}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setErrors((previous) => ({ ...previous, file: undefined }));
            }}
          />
        </Input.Wrapper>
        {file && (
          <Text size="sm" data-testid="document-date">
            <Trans>Document date (the file's modification date): {i18n.date(new Date(file.lastModified), { dateStyle: 'long' })}</Trans>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t`Document type`}
            data={typeOptions}
            value={fileType}
            withAsterisk
            error={errors.fileType}
            styles={touch}
            onChange={(event) => {
              setFileType(event.currentTarget.value);
              setErrors((previous) => ({ ...previous, fileType: undefined }));
            }}
          />
          <TextInput label={t`Origin`} value={origin} onChange={(event) => setOrigin(event.currentTarget.value)} styles={touch} />
        </SimpleGrid>
        <Textarea label={t`Description`} value={description} onChange={(event) => setDescription(event.currentTarget.value)} rows={2} />
        <Group justify="flex-end">
          <Button mih={44} onClick={() => void add()} loading={checking} leftSection={<IconPlus size={18} aria-hidden />}>
            <Trans>Add to the list</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

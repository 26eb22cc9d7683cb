/** The uploader's form (SPEC §4): a chosen file is required; adding clears it. Loaded when the uploader is first shown. */
import { useId, useRef, useState } from 'react';
import { Button, Group, Input, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import type { EnumCode } from '../../api/contract.ts';
import { useEnumOptions } from '../../components/use-enum.ts';
import { checkDocumentFile } from './document-checks.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import type { QueuedDocument } from './document-uploader.tsx';

type UploaderErrors = { file?: string; fileType?: string };

export default function UploaderForm({ id, onAdd }: { id: string; onAdd: (document: QueuedDocument) => void | Promise<void> }) {
  const { t, i18n } = useLingui();
  const fileInputId = useId();
  const typeOptions = useEnumOptions('documentType', t`Select…`);
  const [file, setFile] = useState<File | null>(null);
  const [fileType, setFileType] = useState('');
  const [origin, setOrigin] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<UploaderErrors>({});
  const [checking, setChecking] = useState(false);
  // The last add could not be kept (the device refused to store it): the form keeps the document and says so.
  const [notKept, setNotKept] = useState(false);
  // A file input cannot be emptied through React; a new key gives a fresh one.
  const [inputKey, setInputKey] = useState(0);
  // The file chosen now: one chosen while the previous file was being checked must survive that check's clean-up.
  const latestFile = useRef<File | null>(null);
  latestFile.current = file;

  const add = async () => {
    // Busy from the file's check until the document is kept (the profile stores it on the device).
    setChecking(true);
    const check = await checkDocumentFile(file);
    const next: UploaderErrors = {};
    if (!check.ok) next.file = i18n._(check.message);
    if (!fileType) next.fileType = t`Choose the document type.`;
    setErrors(next);
    if (!check.ok || !file || !fileType) return setChecking(false);
    try {
      await onAdd({
        id: crypto.randomUUID(),
        file,
        kind: check.kind,
        fileType: fileType as EnumCode<'documentType'>,
        origin: origin.trim(),
        description: description.trim(),
        date: localIsoDate(file.lastModified),
      });
    } catch (error) {
      console.warn('Quadra: the document could not be stored on this device', error);
      setNotKept(true);
      return;
    } finally {
      setChecking(false);
    }
    setNotKept(false);
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
        <Input.Wrapper label={t`File`} description={t`PDF, JPEG or PNG, up to 10 MB.`} error={errors.file} id={fileInputId} withAsterisk>
          <Input
            key={inputKey}
            id={fileInputId}
            component="input"
            type="file"
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            error={Boolean(errors.file)}
            aria-describedby={errors.file ? `${fileInputId}-error` : `${fileInputId}-description`}
            styles={{
              input: { paddingTop: 9, cursor: 'pointer' },
            }}
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
            onChange={(event) => {
              setFileType(event.currentTarget.value);
              setErrors((previous) => ({ ...previous, fileType: undefined }));
            }}
          />
          <TextInput label={t`Origin`} value={origin} onChange={(event) => setOrigin(event.currentTarget.value)} />
        </SimpleGrid>
        <Textarea label={t`Description`} value={description} onChange={(event) => setDescription(event.currentTarget.value)} rows={2} />
        {notKept && (
          <Text c="red.9" size="sm" role="alert" data-testid="document-not-kept">
            <Trans>This document could not be saved on this device. It is still in the form: try again.</Trans>
          </Text>
        )}
        <Group justify="flex-end">
          <Button mih={44} onClick={() => void add()} loading={checking} leftSection={<IconPlus size={18} aria-hidden />}>
            <Trans>Add to the list</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

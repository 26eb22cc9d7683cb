import { useId, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronUp, IconPlus } from '@tabler/icons-react';
import type { EnumCode } from '../../api/contract.ts';
import type { FileKind } from '../../lib/file-kind.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';

// Hidden until the uploader is first shown: the form (with its file checks and textarea) and the list it fills.
const loadUploaderForm = () => import('./uploader-form.tsx');
const loadQueuedDocuments = () => import('./queued-documents.tsx');

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

/** SPEC §4: the uploader toggles shown / hidden; adding needs a chosen file and then clears the uploader. */
export function DocumentUploader({ documents, onAdd, onRemove }: Props) {
  const { t } = useLingui();
  const panelId = useId();
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  const [UploaderForm, loadForm] = useOnDemand(loadUploaderForm);
  const [QueuedDocuments, loadList] = useOnDemand(loadQueuedDocuments);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          <Trans>Documents</Trans>
        </Title>
        <Button
          variant="light"
          mih={44}
          onClick={() => {
            loadForm();
            loadList();
            setOpened((value) => !value);
          }}
          aria-expanded={opened}
          aria-controls={panelId}
          leftSection={opened ? <IconChevronUp size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
        >
          {opened ? t`Hide document uploader` : t`Add document`}
        </Button>
      </Group>
      {opened && UploaderForm && <UploaderForm id={panelId} onAdd={onAdd} />}
      {documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No documents added yet.</Trans>
        </Text>
      ) : (
        QueuedDocuments && <QueuedDocuments documents={documents} onRemove={onRemove} />
      )}
    </Stack>
  );
}

import { useEffect, useId, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronUp, IconPlus } from '@tabler/icons-react';
import type { EnumCode } from '../../api/contract.ts';
import type { FileKind } from '../../lib/file-kind.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import { notify } from '../../components/notify.ts';
import { enqueueStudentDocument, type StudentDocumentPayload } from '../../api/student-registration.ts';
import { database } from '../../lib/db.ts';

// Hidden until the uploader is first shown: the form (with its file checks and textarea) and the list it fills.
const loadUploaderForm = () => import('./uploader-form.tsx');
// Where an add stores the document on the device at once (the profile), the form shows once the device store's code
// is here too (else loaded at an idle moment after the first screen): a connection lost between opening the uploader
// and adding, before that moment, made the add fail (the cause of records.spec's flaky document test).
const loadUploaderFormAndStore = () => Promise.all([loadUploaderForm(), database()]).then(([form]) => form);
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

/** What the outbox keeps of a document: its fields, and the file as a plain Blob typed by its content (what the server gets). */
export function documentPayload(doc: QueuedDocument): StudentDocumentPayload {
  return {
    meta: { id: doc.id, fileName: doc.file.name, fileType: doc.fileType, origin: doc.origin, date: doc.date, description: doc.description },
    file: new Blob([doc.file], { type: doc.kind.mime }),
    fileName: doc.file.name,
  };
}

/**
 * "Add document" on a student's profile: the same uploader as the registration, each document queued in the outbox for
 * that student as soon as it is added (sent now, or when the server can be reached). A document the device could not
 * store stays in the form, which says so (the add's promise fails).
 */
export function StudentDocumentAdder({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const add = async (doc: QueuedDocument) => {
    await enqueueStudentDocument(studentId, documentPayload(doc));
    const name = doc.file.name;
    notify({ message: t`${name} was saved on this device and will be sent to the server.`, severity: 'success' });
  };
  return <DocumentUploader documents={[]} onAdd={add} onRemove={() => undefined} listAdded={false} storesOnAdd />;
}

type Props = {
  documents: QueuedDocument[];
  /** A promise that fails: the document was not kept, and stays in the form. */
  onAdd: (document: QueuedDocument) => void | Promise<void>;
  onRemove: (id: string) => void;
  /** Whether the documents added so far are listed here (the registration); the profile lists its stored ones itself. */
  listAdded?: boolean;
  /** Whether an add stores the document on the device at once (the profile; the registration stores on submit). */
  storesOnAdd?: boolean;
};

/** SPEC §4: the uploader toggles shown / hidden; adding needs a chosen file and then clears the uploader. */
export function DocumentUploader({ documents, onAdd, onRemove, listAdded = true, storesOnAdd = false }: Props) {
  const { t } = useLingui();
  const panelId = useId();
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  const [UploaderForm, loadForm] = useOnDemand(storesOnAdd ? loadUploaderFormAndStore : loadUploaderForm);
  const [QueuedDocuments, loadList] = useOnDemand(loadQueuedDocuments);
  // Documents kept from before a reload are listed without opening the uploader.
  const hasDocuments = listAdded && documents.length > 0;
  useEffect(() => {
    if (hasDocuments) loadList();
  }, [hasDocuments, loadList]);

  return (
    // On the profile (listAdded false) it sits in the profile's own "Documents" section: no second heading there.
    <Stack gap="sm" component={listAdded ? 'section' : 'div'} aria-labelledby={listAdded ? headingId : undefined}>
      <Group justify={listAdded ? 'space-between' : 'flex-start'} wrap="wrap">
        {listAdded && (
          <Title order={2} size="h4" id={headingId}>
            <Trans>Documents</Trans>
          </Title>
        )}
        <Button
          variant="light"
          mih={44}
          onClick={() => {
            loadForm();
            loadList();
            setOpened((value) => !value);
          }}
          aria-expanded={opened}
          // Only while the panel is in the page: its code loads on demand, and a reference to a missing id is invalid.
          aria-controls={opened && UploaderForm ? panelId : undefined}
          leftSection={opened ? <IconChevronUp size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
        >
          {opened ? t`Hide document uploader` : t`Add document`}
        </Button>
      </Group>
      {opened && UploaderForm && <UploaderForm id={panelId} onAdd={onAdd} />}
      {!listAdded ? null : documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No documents added yet.</Trans>
        </Text>
      ) : (
        QueuedDocuments && <QueuedDocuments documents={documents} onRemove={onRemove} />
      )}
    </Stack>
  );
}

/**
 * A student's photo document (JPEG, PNG) shown on the screen, not saved on the device: held in memory as a blob: URL,
 * let go when the dialog closes. A download lands in the tablet's Downloads folder, where the next person on a shared
 * tablet finds a child's ID; a look leaves nothing behind. PDFs are still downloaded: a tablet's browser (Chrome on
 * Android) cannot show one inside a page.
 */
import { useEffect, useState } from 'react';
import { Loader, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { documentFile } from '../../api/student-records.ts';
import { ReadFailure } from '../../components/access-record-failure.tsx';

/** The kinds a browser shows in an <img>. */
export const viewableDocument = (mimeType: string): boolean => mimeType === 'image/jpeg' || mimeType === 'image/png';

type Props = { studentId: string; document: { id: string; fileName: string } | null; onClose: () => void };

export function DocumentViewer({ studentId, document, onClose }: Props) {
  const { t } = useLingui();
  const [shown, setShown] = useState<{ id: string; url: string } | { id: string; failed: unknown } | null>(null);
  const documentId = document?.id;
  useEffect(() => {
    if (!documentId) return;
    let url: string | undefined;
    let cancelled = false;
    documentFile(studentId, documentId)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setShown({ id: documentId, url });
      })
      .catch((error: unknown) => {
        if (!cancelled) setShown({ id: documentId, failed: error });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setShown(null);
    };
  }, [studentId, documentId]);
  const current = shown && shown.id === documentId ? shown : null;
  return (
    <Modal opened={document !== null} onClose={onClose} title={document?.fileName ?? ''} size="xl" closeButtonProps={{ 'aria-label': t`Close` }}>
      {current === null ? (
        <Loader aria-label={t`Loading the document`} role="status" />
      ) : 'failed' in current ? (
        <ReadFailure error={current.failed}>
          <Text c="red.9" role="alert">
            <Trans>The document could not be loaded. Check the connection and try again.</Trans>
          </Text>
        </ReadFailure>
      ) : (
        <img
          src={current.url}
          alt={document?.fileName ?? ''}
          data-testid="document-image"
          style={{ display: 'block', maxWidth: '100%', height: 'auto', margin: '0 auto' }}
        />
      )}
    </Modal>
  );
}

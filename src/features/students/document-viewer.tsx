/**
 * A student's document shown on the screen, not saved on the device: held in memory, let go when the dialog closes. A
 * download lands in the tablet's Downloads folder, where the next person on a shared tablet finds a child's ID; a look
 * leaves nothing behind. A photo (JPEG, PNG) is an <img> of a blob: URL; a PDF's pages are drawn by PDF.js
 * (pdf-pages.tsx, loaded only then), since a tablet's browser (Chrome on Android) cannot show a PDF inside a page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Loader, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { documentFile } from '../../api/student-records.ts';
import { ReadFailure } from '../../components/access-record-failure.tsx';
import { PdfFailed } from './pdf-failed.tsx';

// PDF.js comes from the network when a PDF is first opened (not precached): offline, or after a deploy replaced the
// chunk, its download fails, and the viewer says the PDF cannot be shown here instead of failing the profile page.
const PdfPages = lazy(() => import('./pdf-pages.tsx').catch(() => ({ default: PdfFailed })));

/** The kinds shown here: those a browser shows in an <img>, and PDFs. */
export const viewableDocument = (mimeType: string): boolean =>
  mimeType === 'image/jpeg' || mimeType === 'image/png' || mimeType === 'application/pdf';

type Props = { studentId: string; document: { id: string; fileName: string; mimeType: string } | null; onClose: () => void };

export function DocumentViewer({ studentId, document, onClose }: Props) {
  const { t } = useLingui();
  const [shown, setShown] = useState<{ id: string; file: Blob; url?: string } | { id: string; failed: unknown } | null>(null);
  const documentId = document?.id;
  const isPdf = document?.mimeType === 'application/pdf';
  useEffect(() => {
    if (!documentId) return;
    let url: string | undefined;
    let cancelled = false;
    documentFile(studentId, documentId)
      .then((file) => {
        if (cancelled) return;
        if (isPdf) return setShown({ id: documentId, file });
        url = URL.createObjectURL(file);
        setShown({ id: documentId, file, url });
      })
      .catch((error: unknown) => {
        if (!cancelled) setShown({ id: documentId, failed: error });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setShown(null);
    };
  }, [studentId, documentId, isPdf]);
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
      ) : current.url === undefined ? (
        <Suspense fallback={<Loader aria-label={t`Loading the document`} role="status" />}>
          <PdfPages file={current.file} fileName={document?.fileName ?? ''} />
        </Suspense>
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

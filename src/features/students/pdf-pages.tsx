/**
 * A PDF document's pages drawn on the screen with PDF.js (pdfjs-dist), loaded only when a PDF is opened: Chrome on an
 * Android tablet cannot show a PDF inside a page, and a download leaves a child's document in the tablet's Downloads
 * folder. The file stays in memory; its pages are canvases, gone when the dialog closes. PDF.js parses in its own
 * worker (a file of the app's origin, as the Content-Security-Policy asks), and never evaluates strings as code.
 */
import { useEffect, useRef, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import openjpegUrl from 'pdfjs-dist/wasm/openjpeg.wasm?url';
import { PdfFailed } from './pdf-failed.tsx';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The decoders PDF.js's worker asks the page for by file name (its `BinaryDataFactory`), as files of the app: OpenJPEG
 * for JPEG 2000 images, which scanners often write into PDFs. Without it such an image was left out, and a scanned
 * document showed as a blank page with no word of it. JBIG2 and CCITT images have PDF.js's own JavaScript decoders, and
 * colour profiles fall back to the image's own colours, so only this one is served (250 KB, 68 KB compressed, fetched
 * when a page holds such an image; like PDF.js itself, not in the precache). WebAssembly needs `'wasm-unsafe-eval'`
 * in the Content-Security-Policy (server/content-security-policy.ts), which lets no string run as code.
 */
const DECODERS: Record<string, string> = { 'openjpeg.wasm': openjpegUrl };
class PdfDecoderFiles {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'wasmUrl' ? DECODERS[filename] : undefined;
    if (!url) throw new Error(`PDF.js asked for ${kind} ${filename}, which Quadra does not serve`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** A long file is shown in part: an ID or a proof of address has a page or two. */
const PDF_PAGES_SHOWN = 20;

type Props = { file: Blob; fileName: string };

export default function PdfPages({ file, fileName }: Props) {
  const { t } = useLingui();
  const [state, setState] = useState<{ pdf: PDFDocumentProxy } | { failed: true } | null>(null);
  useEffect(() => {
    let cancelled = false;
    let loading: PDFDocumentLoadingTask | undefined;
    file
      .arrayBuffer()
      .then(async (data) => {
        if (cancelled) return;
        loading = getDocument({ data: new Uint8Array(data), isEvalSupported: false, useWorkerFetch: false, BinaryDataFactory: PdfDecoderFiles });
        const pdf = await loading.promise;
        if (!cancelled) setState({ pdf });
      })
      .catch(() => {
        if (!cancelled) setState({ failed: true });
      });
    return () => {
      cancelled = true;
      void loading?.destroy();
    };
  }, [file]);

  if (state === null) return <Loader aria-label={t`Loading the document`} role="status" />;
  if ('failed' in state) return <PdfFailed />;
  const pages = state.pdf.numPages;
  const shown = Math.min(pages, PDF_PAGES_SHOWN);
  return (
    <Stack gap="md" data-testid="pdf-pages">
      {Array.from({ length: shown }, (_, index) => {
        const page = index + 1;
        return <PdfPage key={page} pdf={state.pdf} number={page} label={t`${fileName}, page ${page} of ${pages}`} />;
      })}
      {pages > shown && (
        <Text c="gray.8">
          <Trans>
            The first {shown} of {pages} pages are shown. Download the file to read the rest.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

/** A page's canvas at most this many pixels wide: an A4 page at a tablet's 2x is about 14 MB of pixels otherwise. */
const MAX_CANVAS_WIDTH = 1600;

/** One page on a canvas as wide as the dialog, sharp on the screen's pixels (up to MAX_CANVAS_WIDTH). */
function PdfPage({ pdf, number, label }: { pdf: PDFDocumentProxy; number: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    let render: { cancel: () => void } | undefined;
    let cancelled = false;
    void pdf
      .getPage(number)
      .then((page) => {
        if (cancelled) return;
        const width = target.parentElement?.clientWidth || 800;
        const base = page.getViewport({ scale: 1 });
        const pixels = Math.min(width * (window.devicePixelRatio || 1), MAX_CANVAS_WIDTH);
        const viewport = page.getViewport({ scale: pixels / base.width });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        const task = page.render({ canvas: target, viewport });
        render = task;
        return task.promise;
      })
      .catch((error: unknown) => {
        // A render cancelled on close is no failure; a page PDF.js cannot draw says so (not a blank canvas).
        if (!cancelled && (error as { name?: string } | null)?.name !== 'RenderingCancelledException') setFailed(true);
      });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, number]);
  if (failed) return <PdfFailed />;
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid="pdf-page"
      style={{ display: 'block', width: '100%', height: 'auto', border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}

/**
 * A document is shown from memory, not saved on the device: a photo's blob: URL is let go when the dialog closes, and a
 * PDF goes to PDF.js's pages (drawn in the browser tests: jsdom has no canvas) without any blob: URL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DocumentViewer, viewableDocument } from '../../../src/features/students/document-viewer.tsx';
import { renderWithProviders } from '../../support/render.tsx';

vi.mock('../../../src/features/students/pdf-pages.tsx', () => ({
  default: ({ file, fileName }: { file: Blob; fileName: string }) => (
    <p data-testid="pdf-pages">
      {fileName}: {file.size} bytes
    </p>
  ),
}));

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function serveFile(ok: boolean) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      asked.push(new URL(request.url).pathname);
      if (!ok) throw new TypeError('Failed to fetch');
      return new Response(png, { headers: { 'content-type': 'image/png' } });
    }),
  );
  const created: string[] = [];
  const revoked: string[] = [];
  // jsdom has no blob: URLs: the two calls, spied on.
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    created.push(`blob:quadra/${created.length}`);
    return created.at(-1)!;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
  return { asked, created, revoked };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the document viewer', () => {
  it('shows a photo from memory and lets it go on close', async () => {
    const { asked, created, revoked } = serveFile(true);
    const document = { id: 'd1', fileName: 'rg-frente.png', mimeType: 'image/png' };
    const { rerender } = renderWithProviders(<DocumentViewer studentId="s1" document={document} onClose={() => undefined} />);
    const image = await screen.findByRole('img', { name: 'rg-frente.png' });
    expect(image).toHaveAttribute('src', created[0]);
    expect(asked).toEqual(['/api/students/s1/documentos/d1/file']);
    rerender(<DocumentViewer studentId="s1" document={null} onClose={() => undefined} />);
    await waitFor(() => expect(revoked).toEqual(created));
  });

  it('says so when the file cannot be fetched', async () => {
    serveFile(false);
    renderWithProviders(
      <DocumentViewer studentId="s1" document={{ id: 'd1', fileName: 'rg.png', mimeType: 'image/png' }} onClose={() => undefined} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The document could not be loaded');
  });

  it("hands a PDF to PDF.js's pages, with no blob: URL", async () => {
    const { created } = serveFile(true);
    renderWithProviders(
      <DocumentViewer studentId="s1" document={{ id: 'd2', fileName: 'comprovante.pdf', mimeType: 'application/pdf' }} onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('pdf-pages')).toHaveTextContent(`comprovante.pdf: ${png.length} bytes`);
    expect(created).toEqual([]);
  });

  it('is offered for photos and PDFs, the kinds a document may be', () => {
    expect(viewableDocument('image/jpeg')).toBe(true);
    expect(viewableDocument('image/png')).toBe(true);
    expect(viewableDocument('application/pdf')).toBe(true);
    expect(viewableDocument('text/html')).toBe(false);
  });
});

/**
 * What a document really is, from its first bytes (never from its name or the client's Content-Type). Only the three
 * kinds the programme accepts are recognised; file-type would do this too but needs Node 22.
 */
import { imageSize } from 'image-size';
import type { documentMimeTypes } from '../src/api/contract.ts';

type DocumentMimeType = (typeof documentMimeTypes)[number];

const signatures: ReadonlyArray<{ mime: DocumentMimeType; bytes: readonly number[] }> = [
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function sniffDocumentType(content: Uint8Array): DocumentMimeType | undefined {
  return signatures.find(({ bytes }) => bytes.every((byte, i) => content[i] === byte))?.mime;
}

export const extensionOf: Record<DocumentMimeType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

/** Images over this many pixels are refused: the tablet that opens one decodes every pixel (issue 55: 50,000 × 50,000). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** An image's pixels, read from its header (never decoded) by image-size; undefined when the header says none. */
export function imagePixels(content: Uint8Array): number | undefined {
  try {
    // A copy of exactly these bytes: image-size reads a view's underlying memory past its end (a truncated header in a
    // pooled Buffer gave random sizes), where a standalone array makes it throw.
    const { width, height } = imageSize(new Uint8Array(content));
    return width && height ? width * height : undefined;
  } catch {
    return undefined;
  }
}

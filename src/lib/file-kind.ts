/**
 * What a file really is, from its first bytes (its "magic number"), not from its name or the type the browser guessed.
 * Only the three kinds a student document may be (PDF, JPEG, PNG). The file-type package would do this, but its
 * current majors need Node 22; these three signatures are fixed by their formats and short enough to check here.
 */
export type FileKind = { mime: 'application/pdf' | 'image/jpeg' | 'image/png'; extension: 'pdf' | 'jpg' | 'png' };

const signatures: ReadonlyArray<{ kind: FileKind; bytes: readonly number[] }> = [
  // "%PDF-"
  { kind: { mime: 'application/pdf', extension: 'pdf' }, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // SOI marker followed by the start of the next marker
  { kind: { mime: 'image/jpeg', extension: 'jpg' }, bytes: [0xff, 0xd8, 0xff] },
  // "\x89PNG\r\n\x1a\n"
  { kind: { mime: 'image/png', extension: 'png' }, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];
const HEAD_BYTES = 8;

/** The kind of the bytes, or null when they are none of PDF, JPEG, PNG. */
export function fileKindOfBytes(head: Uint8Array): FileKind | null {
  for (const { kind, bytes } of signatures) {
    if (head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte)) return kind;
  }
  return null;
}

/** Reads only the first bytes of the Blob, so a 10 MB file costs nothing. */
export async function sniffFileKind(blob: Blob): Promise<FileKind | null> {
  const head = new Uint8Array(await readBlob(blob.slice(0, HEAD_BYTES)));
  return fileKindOfBytes(head);
}

/** Blob.arrayBuffer is missing in some test DOMs; FileReader is everywhere. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

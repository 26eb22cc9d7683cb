/** What a document must be before it is queued (issue 5): PDF, JPEG or PNG by its content, not empty, at most 10 MB. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DOCUMENT_MAX_BYTES } from '../../api/contract.ts';
import { sniffFileKind, type FileKind } from '../../lib/file-kind.ts';

export type DocumentCheck = { ok: true; kind: FileKind } | { ok: false; message: MessageDescriptor };

export async function checkDocumentFile(file: File | null | undefined): Promise<DocumentCheck> {
  if (!file) return { ok: false, message: msg`Choose a file to add.` };
  if (file.size === 0) return { ok: false, message: msg`This file is empty. Choose another file.` };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, message: msg`This file is larger than 10 MB. Choose a smaller file.` };
  const kind = await sniffFileKind(file);
  // The name and the browser's type are only guesses; the first bytes say what the file really is.
  if (!kind) return { ok: false, message: msg`Only PDF, JPEG or PNG files can be added. This file is none of them.` };
  return { ok: true, kind };
}

/** A size as people read it: "512 B", "34 KB", "2.5 MB" (numbers in the user's locale). */
export function formatFileSize(bytes: number, locale: string): string {
  const number = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}

import { describe, expect, it } from 'vitest';
import { fileKindOfBytes, sniffFileKind } from '../../../src/lib/file-kind.ts';
import { checkDocumentFile, formatFileSize } from '../../../src/features/student-registration/document-checks.ts';
import { DOCUMENT_MAX_BYTES } from '../../../src/api/contract.ts';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const EXE = [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00];

const file = (bytes: number[] | Uint8Array, name: string, type = '') => new File([new Uint8Array(bytes)], name, { type });

describe('what a file is, from its first bytes', () => {
  it('recognises PDF, JPEG and PNG', async () => {
    expect((await sniffFileKind(file(PDF, 'a.pdf')))?.mime).toBe('application/pdf');
    expect((await sniffFileKind(file(JPEG, 'a.jpg')))?.mime).toBe('image/jpeg');
    expect((await sniffFileKind(file(PNG, 'a.png')))?.mime).toBe('image/png');
  });

  it('judges by content, not by name or declared type', async () => {
    expect(await sniffFileKind(file(EXE, 'invoice.pdf', 'application/pdf'))).toBeNull();
    expect((await sniffFileKind(file(PNG, 'photo.pdf', 'application/pdf')))?.mime).toBe('image/png');
  });

  it('refuses a truncated signature and an empty file', () => {
    expect(fileKindOfBytes(new Uint8Array(PNG.slice(0, 5)))).toBeNull();
    expect(fileKindOfBytes(new Uint8Array())).toBeNull();
  });
});

describe('document checks before queueing', () => {
  it('needs a chosen file', async () => {
    const result = await checkDocumentFile(null);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.message).toBe('Choose a file to add.');
  });

  it('refuses an empty file', async () => {
    const result = await checkDocumentFile(file([], 'empty.pdf', 'application/pdf'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.message).toMatch(/empty/);
  });

  it('refuses a file over 10 MB and accepts one of exactly 10 MB', async () => {
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(PDF);
    const over = await checkDocumentFile(file(big, 'big.pdf'));
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.message.message).toMatch(/10 MB/);
    const exact = new Uint8Array(DOCUMENT_MAX_BYTES);
    exact.set(PDF);
    expect((await checkDocumentFile(file(exact, 'ok.pdf'))).ok).toBe(true);
  });

  it('refuses a renamed executable with a clear message', async () => {
    const result = await checkDocumentFile(file(EXE, 'comprovante.pdf', 'application/pdf'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.message).toMatch(/Only PDF, JPEG or PNG/);
  });

  it('accepts a PNG and says what it is', async () => {
    const result = await checkDocumentFile(file(PNG, 'scan.png'));
    expect(result).toEqual({ ok: true, kind: { mime: 'image/png', extension: 'png' } });
  });

  it('formats sizes the way people read them', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 B');
    expect(formatFileSize(34 * 1024, 'en-US')).toBe('34 KB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'pt-BR')).toBe('2,5 MB');
  });
});

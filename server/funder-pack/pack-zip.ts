/**
 * The funder's pack as one ZIP streamed to the answer as it is made (issue 53): never kept on the server, and never
 * whole in memory. fflate's streaming Zip (the ZIP library the exports use, data/export.ts) writes each file as it is
 * made; the answer pulls the chunks (a Readable over an async generator), so a slow download slows the making rather
 * than filling memory, and a download stopped stops it. PDFs are compressed already (stored); the rest is deflated.
 */
import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** A file of the pack: its path in the ZIP and its bytes (made when the ZIP reaches it). */
export type PackFile = { path: string; bytes: () => Promise<Uint8Array | string>; stored?: boolean };

async function* zipChunks(files: Iterable<PackFile> | AsyncIterable<PackFile>): AsyncGenerator<Uint8Array> {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    if (pending.length > 0) yield Buffer.concat(pending.splice(0));
  };
  for await (const file of files) {
    const made = await file.bytes();
    const data = typeof made === 'string' ? strToU8(made) : made;
    const entry = file.stored ? new ZipPassThrough(file.path) : new ZipDeflate(file.path, { level: 6 });
    zip.add(entry);
    entry.push(data, true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

export function packStream(files: Iterable<PackFile> | AsyncIterable<PackFile>): Readable {
  return Readable.from(zipChunks(files), { objectMode: false });
}

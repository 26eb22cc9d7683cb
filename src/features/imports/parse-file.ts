/**
 * A spreadsheet file's sheets as rows of cells: an XLSX (read-excel-file, in the import's worker) or a CSV as Excel in
 * Brazil saves it (`;`, `,` or tab; UTF-8 or Windows-1252: bytes that are not valid UTF-8 are read as Windows-1252,
 * the Excel of a Portuguese Windows). Runs in the import's worker (import-worker.ts); tests call it directly.
 */
import Papa from 'papaparse';
import type { Cell } from './read-rows.ts';

export type Sheet = { name: string; rows: Cell[][] };

/** Text of a CSV file: UTF-8 when the bytes are valid UTF-8 (its byte-order mark dropped), else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A CSV's rows, its separator guessed among `;`, `,` and tab. */
export function parseCsv(text: string): Cell[][] {
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: 'greedy' });
  return parsed.data;
}

/** An XLSX file starts as a ZIP archive does. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export async function parseFile(buffer: ArrayBuffer, fileName: string): Promise<Sheet[]> {
  const bytes = new Uint8Array(buffer);
  if (isZip(bytes)) {
    // Only an XLSX file loads the XLSX reader.
    const { default: readXlsxFile } = await import('read-excel-file/web-worker');
    const sheets = await readXlsxFile(buffer);
    return sheets.map(({ sheet, data }) => ({ name: sheet, rows: data as Cell[][] }));
  }
  return [{ name: fileName.replace(/\.[^.]*$/, ''), rows: parseCsv(decodeText(bytes)) }];
}

/**
 * The pack's PDFs are drawn with PDFKit (issue 53; README "Funder's pack"): a well-kept library that runs on the
 * server only, writes A4 pages with the standard Helvetica (no font file to embed: Portuguese accents are in its
 * WinAnsi encoding), and compresses the pages itself. This file holds what the lists and the summary share.
 */
import PDFDocument from 'pdfkit';
import type { PackHeader } from '../data/funder-pack.ts';
import { dayText } from './labels.ts';

export type Doc = PDFKit.PDFDocument;

/** A new A4 document (portrait or landscape) and a promise of its bytes once ended. */
export function newDocument(layout: 'portrait' | 'landscape', title: string): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', layout, margin: 28, info: { Title: title, Creator: 'Quadra' }, bufferPages: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/**
 * Text on one line at a place, cut to its width with an ellipsis. Placed by hand (measured, then written with no
 * width): PDFKit's text with a width runs its line wrapper, which made the lists several times slower to draw.
 */
export function cell(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'center' | 'right' = 'left'): void {
  let shown = text;
  let measured = doc.widthOfString(shown);
  if (measured > width) {
    while (shown.length > 0 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
    measured = doc.widthOfString(shown);
  }
  const left = align === 'left' ? x : align === 'center' ? x + (width - measured) / 2 : x + width - measured;
  doc.text(shown, left, y, { lineBreak: false });
}

/** The header's names, a line to fill in by hand where the settings have none. */
export function headerLine(header: PackHeader): string {
  const blank = '______________________';
  return `Programa: ${header.programme ?? blank}    Projeto: ${header.project ?? blank}    Financiador: ${header.funder ?? blank}`;
}

/** "Gerado pelo Quadra em dd/mm/aaaa" at the page's foot. */
export function footer(doc: Doc, madeOn: string): void {
  const y = doc.page.height - doc.page.margins.bottom - 10;
  doc.font('Helvetica').fontSize(7).fillColor('#555555');
  cell(doc, `Gerado pelo Quadra em ${dayText(madeOn)}`, doc.page.margins.left, y, 300);
  doc.fillColor('#000000');
}

/**
 * The pack's PDFs are drawn with PDFKit (issue 53; README "Funder's pack"): a well-kept library that runs on the
 * server only, writes A4 pages with the standard Helvetica (no font file to embed: Portuguese accents are in its
 * WinAnsi encoding), and compresses the pages itself. This file holds what the lists and the summary share.
 */
import PDFDocument from 'pdfkit';
import type { PackHeader } from '../data/funder-pack.ts';
import { dayText } from './labels.ts';

export type Doc = PDFKit.PDFDocument;

/**
 * The two fonts every document uses, their metrics read once per process. PDFKit reads a standard font's metrics (its
 * AFM: the widths and about 2,700 kerning pairs) again for every document, and measures and encodes each text glyph pair
 * by glyph pair; a pack is about 2,000 documents of mostly the same short texts (marks, numbers, headings), and those
 * two were most of its time (issue 53: 26 s of PDFKit's 26 s CPU were fonts and kerning). So the first document's fonts
 * are kept as templates: each later document gets its own font objects (its own ids and dictionaries) that share the
 * parsed metrics, and a text's width and encoding (pure functions of the text and the font) are kept for the pack
 * (PackTexts). This leans on PDFKit 0.17's StandardFont (`font`, the metric fields, `encode`, `widthOfString`,
 * `_fontFamilies`, `_fontCount`); the pack's test reads every PDF back with PDF.js, so a PDFKit that changes them fails it.
 */
const SHARED_FONTS = ['Helvetica', 'Helvetica-Bold'] as const;
const METRICS = ['name', 'font', 'ascender', 'descender', 'bbox', 'lineGap', 'xHeight', 'capHeight'] as const;
/** At most this many texts' widths and encodings kept per font (a pack of 5,000 children names about 5,000). */
const KEPT_TEXTS = 20_000;
type Encoded = [string[], object[]];
type StandardFont = {
  encode(text: string, features?: unknown): Encoded;
  widthOfString(text: string, size: number): number;
} & Record<string, unknown>;
type DocFonts = { font(name: string): unknown; _font: StandardFont; _fontFamilies: Record<string, StandardFont>; _fontCount: number };
type Template = { prototype: StandardFont; metrics: { font: unknown }; fields: Record<string, unknown> };
const templates = new Map<string, Template>();

/**
 * One pack's kept texts, per font: each text's encoding and width at size 1,000. Made by the pack and let go with it:
 * about 2 KB a name (a glyph code and a position per letter), and they are children's names, so none outlives the pack
 * (kept per process, they grew the server from pack to pack, its peak 317 -> 393 MB over seven, and held the names).
 */
export type PackTexts = Map<string, { encode: (text: string) => Encoded; width: (text: string) => number }>;
export const packTexts = (): PackTexts => new Map();

function keptBy<T>(make: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      if (kept.size >= KEPT_TEXTS) kept.clear();
      kept.set(text, (value = make(text)));
    }
    return value;
  };
}

function shareFonts(doc: Doc, texts: PackTexts): void {
  const fonts = doc as unknown as DocFonts;
  for (const name of SHARED_FONTS) {
    const template = templates.get(name);
    if (template) {
      const { prototype, metrics, fields } = template;
      let kept = texts.get(name);
      if (kept === undefined) {
        // measured and encoded against the metrics alone (all the two read), so no document is held
        kept = {
          encode: keptBy((text) => prototype.encode.call(metrics, text)),
          width: keptBy((text) => prototype.widthOfString.call(metrics, text, 1000)),
        };
        texts.set(name, kept);
      }
      const { encode, width } = kept;
      fonts._fontFamilies[name] = Object.assign(Object.create(prototype) as StandardFont, fields, {
        document: doc,
        id: `F${++fonts._fontCount}`,
        encode: (text: string) => encode(text),
        widthOfString: (text: string, size: number) => (width(text) * size) / 1000,
      });
      continue;
    }
    fonts.font(name);
    const first = fonts._font;
    const fields: Record<string, unknown> = Object.fromEntries(METRICS.map((field) => [field, first[field]]));
    templates.set(name, { prototype: Object.getPrototypeOf(first) as StandardFont, metrics: { font: first.font }, fields });
  }
  fonts.font('Helvetica');
}

/** A new A4 document (portrait or landscape) and a promise of its bytes once ended; its texts kept in the pack's `texts`. */
export function newDocument(layout: 'portrait' | 'landscape', title: string, texts: PackTexts): { doc: Doc; bytes: Promise<Buffer> } {
  // no default font: the shared ones are set below
  const doc = new PDFDocument({ size: 'A4', layout, margin: 28, info: { Title: title, Creator: 'Quadra' }, bufferPages: false, font: '' });
  shareFonts(doc, texts);
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

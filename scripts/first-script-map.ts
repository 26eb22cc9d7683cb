/**
 * What the app's first script (the one `index.html` names) is made of: each package's and each of our modules' share
 * of it, gzip. `npm run bench -- first-script` builds with source maps into `.bench/dist-map` and prints it;
 * `tsx scripts/first-script-map.ts DIST` maps a build that has its `.js.map` files.
 *
 * Each byte of the minified script is given to the source its source map names (bytes no mapping covers, the bundle's
 * own glue, to "(bundle)"). A group's gzip is the gzip of its bytes alone, scaled so that the groups add up to the
 * whole script's gzip: a share, not what the group would weigh shipped on its own.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

export type ScriptMap = {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  packages: { name: string; rawBytes: number; gzipBytes: number }[];
  modules: { name: string; rawBytes: number; gzipBytes: number }[];
};

/** `node_modules/@scope/name/…` → `@scope/name`; our own files by their path from the repository's root. */
export function packageOf(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return '(ours)';
  const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
  return first?.startsWith('@') ? `${first}/${second}` : (first ?? '?');
}

export function mapFirstScript(dist: string): ScriptMap {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/frontend\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`no module script in ${dist}/index.html`);
  const code = readFileSync(join(dist, entry), 'utf8');
  const map = new TraceMap(readFileSync(join(dist, `${entry}.map`), 'utf8'));
  const root = new URL('..', import.meta.url).pathname;
  const lines = code.split('\n');
  // Each mapping starts a segment that runs to the next mapping on its line.
  const segments: { line: number; column: number; source: string }[] = [];
  eachMapping(map, (m) => {
    const source = m.source ? relative(root, new URL(m.source, `file://${join(dist, entry)}`).pathname) : '(bundle)';
    segments.push({ line: m.generatedLine - 1, column: m.generatedColumn, source });
  });
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  const pieces = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (!text) return;
    const list = pieces.get(source) ?? [];
    list.push(text);
    pieces.set(source, list);
  };
  let cursor = { line: 0, column: 0 };
  let owner = '(bundle)';
  const take = (to: { line: number; column: number }) => {
    for (let line = cursor.line; line <= to.line && line < lines.length; line++) {
      const text = lines[line]!;
      const start = line === cursor.line ? cursor.column : 0;
      const end = line === to.line ? to.column : text.length + 1;
      add(owner, `${text}\n`.slice(start, end));
    }
    cursor = to;
  };
  for (const segment of segments) {
    take(segment);
    owner = segment.source;
  }
  take({ line: lines.length - 1, column: lines.at(-1)!.length + 1 });

  const total = gzipSync(code, { level: 9 }).length;
  const group = (key: (source: string) => string) => {
    const texts = new Map<string, string>();
    for (const [source, list] of pieces) texts.set(key(source), (texts.get(key(source)) ?? '') + list.join(''));
    const rows = [...texts].map(([name, text]) => ({ name, rawBytes: Buffer.byteLength(text), alone: gzipSync(text, { level: 9 }).length }));
    const sum = rows.reduce((s, r) => s + r.alone, 0);
    return rows
      .map(({ name, rawBytes, alone }) => ({ name, rawBytes, gzipBytes: Math.round((alone * total) / sum) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
  };
  return {
    file: entry,
    rawBytes: Buffer.byteLength(code),
    gzipBytes: total,
    packages: group(packageOf),
    modules: group((source) => (packageOf(source) === '(ours)' ? source : packageOf(source))).filter((row) => !row.name.includes('node_modules')),
  };
}

export function printScriptMap(map: ScriptMap, top = 25): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  const share = (bytes: number) => `${((100 * bytes) / map.gzipBytes).toFixed(1)} %`.padStart(7);
  console.log(`\nThe app's first script, ${map.file}: ${kb(map.rawBytes)} raw, ${kb(map.gzipBytes)} gzip`);
  console.log('\nby package (gzip share, raw):');
  for (const row of map.packages) console.log(`  ${row.name.padEnd(44)} ${kb(row.gzipBytes)} ${share(row.gzipBytes)} ${kb(row.rawBytes)}`);
  const ours = map.modules.filter((row) => row.name.startsWith('src/') || row.name === '(bundle)');
  console.log(`\nour modules, the ${top} heaviest of ${ours.length} (gzip share, raw):`);
  for (const row of ours.slice(0, top)) console.log(`  ${row.name.padEnd(44)} ${kb(row.gzipBytes)} ${share(row.gzipBytes)} ${kb(row.rawBytes)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2];
  if (!dist) throw new Error('usage: tsx scripts/first-script-map.ts DIST (a build with source maps)');
  printScriptMap(mapFirstScript(dist), Number(process.argv[3] ?? 25));
}

// Fails when a catalog is stale against the source (extraction would change it), misses a translation, or belongs to
// a feature whose screens do not load it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';

const LOCALES = ['pt-BR', 'en-US'];
const catalogsOf = () => LOCALES.flatMap((locale) => readdirSync(`src/locales/${locale}`).map((file) => `src/locales/${locale}/${file}`));
// The creation date in the header changes on every extraction; it says nothing about staleness.
const comparable = (text) => text.replace(/^"POT-Creation-Date:.*\n/m, '');
const before = new Map(catalogsOf().map((file) => [file, readFileSync(file, 'utf8')]));
let failed = false;
try {
  execFileSync('npx', ['lingui', 'extract', '--clean', '--workers', '1'], { stdio: 'pipe' });
  for (const file of catalogsOf()) {
    if (!before.has(file) || comparable(readFileSync(file, 'utf8')) !== comparable(before.get(file))) {
      console.error(`${file} is stale or new: run "npm run i18n:extract" and translate the new messages.`);
      failed = true;
    }
  }
} finally {
  for (const file of catalogsOf()) if (!before.has(file)) rmSync(file);
  for (const [file, text] of before) writeFileSync(file, text);
}

// Every catalog's messages, as the PO format has them (a translation may span lines).
const messagesOf = (text) => PO.parse(text).items.filter((item) => !item.obsolete);

// A message without a translation.
const missing = [];
let count = 0;
for (const [file, text] of before) {
  if (!file.startsWith('src/locales/pt-BR/')) continue;
  const messages = messagesOf(text);
  count += messages.length;
  for (const message of messages) if (message.msgstr.every((translation) => translation === '')) missing.push(`${file}: ${message.msgid}`);
}
if (missing.length) {
  console.error(`pt-BR is missing ${missing.length} translation(s):\n  ${missing.join('\n  ')}`);
  failed = true;
}

// The shared components' catalog and the shell's parts' (lingui.config.ts sharedCatalogComponents and
// shellPartsCatalogComponents) load with a screen's or with those parts, never at start: a component of them in the
// app's first script would show message ids.
const linguiConfig = readFileSync('lingui.config.ts', 'utf8');
const sharedComponents = ['sharedCatalogComponents', 'shellPartsCatalogComponents'].flatMap(
  (list) => (linguiConfig.match(new RegExp(`${list} = \\[([^\\]]*)\\]`))?.[1] ?? '').match(/'[^']+'/g) ?? [],
);
if (sharedComponents.length < 3) {
  console.error("lingui.config.ts: the shared components' lists were not found");
  failed = true;
}
const firstScript = new Set(readFileSync('scripts/first-script-modules.txt', 'utf8').split('\n'));
for (const name of sharedComponents.map((quoted) => `src/components/${quoted.slice(1, -1)}`)) {
  if (firstScript.has(name)) {
    console.error(`${name} is in the app's first script, but its texts are in a catalog loaded only with a screen or on demand.`);
    failed = true;
  }
}

// A route that renders a feature with its own catalog must load it (else its screen shows message ids in production).
const features = [...before.keys()]
  .filter((file) => file.startsWith('src/locales/en-US/') && !/\/(messages|shared|shell-parts)\.po$/.test(file))
  .map((file) => file.replace('src/locales/en-US/', '').replace(/\.po$/, ''));
// The names a route may load (lib/i18n.ts FeatureCatalog) are the feature catalogs lingui writes, no more, no fewer.
const declared = (readFileSync('src/lib/i18n.ts', 'utf8').match(/export type FeatureCatalog =([^;]*);/)?.[1] ?? '').match(/'[^']+'/g) ?? [];
const declaredNames = declared.map((name) => name.slice(1, -1)).sort();
if (declaredNames.join() !== [...features].sort().join()) {
  console.error(`lib/i18n.ts FeatureCatalog lists ${declaredNames.join(', ')}; the feature catalogs are ${[...features].sort().join(', ')}.`);
  failed = true;
}
const routeFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );
for (const file of routeFiles('src/routes')) {
  const source = readFileSync(file, 'utf8');
  for (const feature of features) {
    if (source.includes(`/features/${feature}/`) && !source.includes(`loadFeatureMessages('${feature}')`)) {
      console.error(`${file} renders features/${feature} but its loader does not call loadFeatureMessages('${feature}').`);
      failed = true;
    }
  }
}

// Catalogs load side by side into one set of messages per language (the shell's, and each screen's visited since), so
// a message (its text and context) translated two ways would show whichever loaded last: one text, one translation.
// A message that means two things gets a context (`t({ message, context })`, `<Trans context>`).
for (const locale of LOCALES) {
  const translations = new Map();
  for (const [file, text] of before) {
    if (!file.startsWith(`src/locales/${locale}/`)) continue;
    for (const { msgctxt: context = '', msgid: id, msgstr } of messagesOf(text)) {
      const translation = msgstr.join('\u0000');
      const key = `${context}\u0004${id}`;
      const seen = translations.get(key);
      if (seen && seen.translation !== translation) {
        console.error(
          `${locale}: "${id}"${context ? ` (context "${context}")` : ''} is "${seen.translation}" in ${seen.file} but "${translation}" in ${file}.`,
        );
        failed = true;
      } else translations.set(key, { file, translation });
    }
  }
}

if (failed) process.exit(1);
console.log(`Catalogs are complete and up to date (${count} pt-BR messages in ${before.size / LOCALES.length} catalogs per language).`);

// Fails when a catalog is stale against the source (extraction would change it) or misses a translation.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const catalogs = ['src/locales/pt-BR/messages.po', 'src/locales/en-US/messages.po'];
// The creation date in the header changes on every extraction; it says nothing about staleness.
const comparable = (text) => text.replace(/^"POT-Creation-Date:.*\n/m, '');
const before = new Map(catalogs.map((file) => [file, readFileSync(file, 'utf8')]));
let failed = false;
try {
  execFileSync('npx', ['lingui', 'extract', '--clean', '--workers', '1'], { stdio: 'pipe' });
  for (const [file, text] of before) {
    if (comparable(readFileSync(file, 'utf8')) !== comparable(text)) {
      console.error(`${file} is stale: run "npm run i18n:extract" and translate the new messages.`);
      failed = true;
    }
  }
} finally {
  for (const [file, text] of before) writeFileSync(file, text);
}

// A message without a translation: msgid "..." followed by msgstr "" that is not the multi-line form.
const missing = [];
const text = before.get('src/locales/pt-BR/messages.po');
const entries = text.split(/\n\n+/).filter((entry) => entry.includes('msgid') && !/^msgid ""\nmsgstr ""\n"/m.test(entry));
for (const entry of entries) {
  if (/\nmsgstr ""\s*$/.test(entry.trimEnd() + '\n') || /\nmsgstr ""$/.test(entry.trimEnd())) {
    missing.push(entry.match(/msgid "(.*)"/)?.[1] ?? entry);
  }
}
if (missing.length) {
  console.error(`pt-BR is missing ${missing.length} translation(s):\n  ${missing.join('\n  ')}`);
  failed = true;
}
if (failed) process.exit(1);
console.log(`Catalogs are complete and up to date (${entries.length} messages).`);

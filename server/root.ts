/**
 * The project's folder (the one holding package.json), found from this module's own place: the server runs from its
 * TypeScript sources (tests, tsx) and from its bundle in server/dist/ (`npm start`), at different depths.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

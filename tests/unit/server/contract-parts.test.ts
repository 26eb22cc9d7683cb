// @vitest-environment node
/**
 * The API contract is one import (ARCHITECTURE.md): src/api/contract.ts re-exports one file per resource in
 * src/api/contract/, and only the contract itself and its parts import a part, so a part can be split or merged again
 * without touching its users.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../server/root.ts';

const PART_IMPORT = /from\s+['"][^'"]*api\/contract\/[^'"]+['"]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe('the API contract', () => {
  it('re-exports every part, and nothing outside it imports a part', () => {
    const parts = readdirSync(join(ROOT, 'src/api/contract')).filter((name) => name.endsWith('.ts'));
    const barrel = readFileSync(join(ROOT, 'src/api/contract.ts'), 'utf8');
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(barrel).toContain(`export * from './contract/${part}';`);
    const outside = ['src', 'server', 'sw', 'scripts', 'tests']
      .flatMap(sourceFiles)
      .filter((file) => file !== 'src/api/contract.ts' && !file.startsWith('src/api/contract/') && !file.includes('/dist/'))
      .filter((file) => PART_IMPORT.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(outside).toEqual([]);
  });
});

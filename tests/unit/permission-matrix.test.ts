import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionMatrixMarkdown } from '../../scripts/permission-matrix.ts';

describe('the README', () => {
  it('prints the permission matrix the server and the app enforce (npx tsx scripts/permission-matrix.ts)', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    expect(readme).toContain(permissionMatrixMarkdown());
  });
});

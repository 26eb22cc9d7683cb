/**
 * The permission matrix of src/api/permissions.ts as the Markdown table the README shows:
 *   npx tsx scripts/permission-matrix.ts
 * tests/unit/permission-matrix.test.ts fails when the README's copy differs, so the two cannot drift apart.
 */
import { accessLevels } from '../src/api/contract.ts';
import { permissions, roleMatrix } from '../src/api/permissions.ts';

export function permissionMatrixMarkdown(): string {
  const header = `| permission | ${accessLevels.join(' | ')} |`;
  const rule = `|---|${accessLevels.map(() => ':-:').join('|')}|`;
  const rows = permissions.map(
    (permission) => `| \`${permission}\` | ${accessLevels.map((level) => (roleMatrix[level].includes(permission) ? 'yes' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(permissionMatrixMarkdown());

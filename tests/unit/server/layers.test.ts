// @vitest-environment node
/**
 * The server's layers (ARCHITECTURE.md "The server's layers"): no SQL in server/routes/, the import directions between
 * routes, data and db, and no server file grown past 350 lines. The rules are ESLint's (eslint.config.js); this runs
 * them, on the real files and on small samples that break each one, so a rule that stopped firing fails here too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../server/root.ts';

const eslint = new ESLint({ cwd: ROOT });

async function ruleIdsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe("the server's layers", () => {
  it('keeps SQL out of server/routes/: a statement in a string or a template literal is refused', async () => {
    const samples = [
      "export const q = (db: any) => db.query('SELECT 1 FROM students WHERE id = $1', ['x']);",
      'export const q = (db: any, cols: string) => db.query(`SELECT ${cols} FROM students`);',
      "export const q = (db: any) => db.run('INSERT INTO students (id) VALUES ($1)', ['x']);",
      'export const q = (db: any, t: string) => db.run(`UPDATE ${t} SET version = version + 1`);',
      "export const q = (db: any) => db.run('UPDATE students SET active = false');",
      "export const q = (db: any) => db.run('DELETE FROM guardians WHERE id = $1', ['x']);",
      'export const q = (db: any) => db.query(`WITH counts AS (SELECT 1) SELECT * FROM counts`);',
    ];
    for (const sample of samples) expect(await ruleIdsOf(sample, 'server/routes/sample.ts'), sample).toContain('no-restricted-syntax');
    // A route's own words are not SQL.
    const words = "export const summary = 'Select a class, then update its roll; delete a guardian with the version it was read at';";
    expect(await ruleIdsOf(words, 'server/routes/sample.ts')).toEqual([]);
    // The same SQL is where it belongs in server/data/.
    expect(await ruleIdsOf(samples[0]!, 'server/data/sample.ts')).toEqual([]);
  });

  it('holds every file of server/routes/ to it', async () => {
    const results = await eslint.lintFiles(['server/routes/**/*.ts']);
    expect(results.length).toBeGreaterThan(10);
    const sql = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => `${result.filePath}:${message.line}`),
    );
    expect(sql).toEqual([]);
  });

  it('lets routes import data, and refuses data importing a route or Fastify, and db importing a route or data beyond its rules', async () => {
    expect(await ruleIdsOf("export { readStudent } from '../data/students.ts';", 'server/routes/sample.ts')).toEqual([]);
    expect(await ruleIdsOf("export { requireClass } from '../routes/class-access.ts';", 'server/data/sample.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsOf("export type { FastifyInstance } from 'fastify';", 'server/data/sample.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsOf("export { notFound } from '../errors.ts';", 'server/data/sample.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsOf("export { studentRoutes } from '../routes/students.ts';", 'server/db/sample.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsOf("export { readStudent } from '../data/students.ts';", 'server/db/sample.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsOf("export { fillCountsIfEmpty } from '../data/rules/counts.ts';", 'server/db/sample.ts')).toEqual([]);
  });

  it('keeps every server file within 350 lines (migrations and the seed data excepted)', () => {
    const long = filesUnder('server')
      .filter((file) => !file.startsWith('server/dist/') && !file.startsWith('server/data/pglite') && file !== 'server/db/seed-data.ts')
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > 350);
    expect(long).toEqual([]);
  });
});

// @vitest-environment node
/**
 * The plans of the class-start rush's queries (issue 23): the statements the server really runs for the rush's four
 * requests (a students list read whole and patched after writes, a roster, a roll saved and corrected, a
 * registration) are recorded, then each is explained with sequential scans turned off. A sequential scan that remains
 * is a lookup with no index to use; a scan of the roll marks without an index condition would read every mark ever
 * taken on each request. CI runs this file on the embedded database and on PostgreSQL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import type { Db, Queryable, SqlParam } from '../../../server/db/types.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';
import { TESTS_CLOCK, SETUP_TIMEOUT_MS } from './support/test-server.ts';

type Statement = { sql: string; params: readonly SqlParam[] };
const recorded: Statement[] = [];
let recording = false;

/** The database as the server sees it, noting every statement run while `recording`. */
function recordingDb(db: Db): Db {
  const note = (target: Queryable): Queryable => ({
    query: (sql, params = []) => {
      if (recording) recorded.push({ sql, params });
      return target.query(sql, params);
    },
    run: (sql, params = []) => {
      if (recording) recorded.push({ sql, params });
      return target.run(sql, params);
    },
    exec: (script) => target.exec(script),
  });
  return { ...db, ...note(db), kind: db.kind, transaction: (fn) => db.transaction((tx) => fn(note(tx))), close: () => db.close() };
}

let testDb: TestDb;
let app: FastifyInstance;
beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildServer({ db: recordingDb(testDb.db), distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')), now: () => TESTS_CLOCK });
  await app.ready();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await testDb.close();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Cond'?: string; 'Recheck Cond'?: string; Plans?: PlanNode[] };
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan's scans, with sequential scans off (inside a transaction that is rolled back: nothing is written). */
async function scans({ sql, params }: Statement): Promise<PlanNode[]> {
  let plan: PlanNode | undefined;
  await testDb.db
    .transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_seqscan = off');
      const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const json = row!['QUERY PLAN'];
      plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
      throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  return nodes(plan!).filter((node) => node['Relation Name'] && node['Node Type'].endsWith('Scan'));
}

const explainable = (sql: string) => /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)\b/i.test(sql) && !/pg_advisory|pg_current_snapshot/.test(sql);
/** Tables so small by nature that a scan is the plan: the access levels of one user, the migrations. */
const small = new Set(['schema_migrations']);

describe('the plans of the rush', () => {
  it('use an index for every lookup and never scan every roll mark', async () => {
    const classes = (await app.inject('/api/classes')).json<{ id: string }[]>();
    const withRoster = [];
    for (const { id } of classes) {
      const roster = (await app.inject(`/api/classes/${id}/students`)).json<{ id: string }[]>();
      if (roster.length > 0) withRoster.push({ id, roster });
    }
    const [first, second] = withRoster;
    const roll = (classId: string, roster: { id: string }[], absent: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/classes/${classId}/attendance/2026-11-30`,
        payload: {
          takenBy: 'plans',
          takenAt: new Date().toISOString(),
          entries: roster.map((s, i) => ({ studentId: s.id, status: i < absent ? 'ABSENT' : 'PRESENT' })),
        },
      });
    await app.inject('/api/students');
    recording = true;
    expect((await roll(first!.id, first!.roster, 1)).statusCode).toBe(200);
    expect((await roll(first!.id, first!.roster, 2)).statusCode).toBe(200);
    await app.inject('/api/students');
    await app.inject(`/api/classes/${second!.id}/students`);
    expect((await app.inject({ method: 'POST', url: '/api/students', payload: { fullName: 'Aaron Plano' } })).statusCode).toBe(201);
    await app.inject('/api/students');
    recording = false;

    const statements = recorded.filter((statement) => explainable(statement.sql));
    expect(statements.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const statement of statements) {
      for (const scan of await scans(statement)) {
        const table = scan['Relation Name']!;
        const where = statement.sql.replace(/\s+/g, ' ').trim().slice(0, 100);
        if (scan['Node Type'] === 'Seq Scan' && !small.has(table)) problems.push(`sequential scan of ${table} in: ${where}`);
        if (table === 'attendance_entries' && !(scan['Index Cond'] ?? scan['Recheck Cond']))
          problems.push(`every roll mark read (${scan['Node Type']}) in: ${where}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

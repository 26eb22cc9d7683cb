// @vitest-environment node
// The embedded database's maintenance (server/db/maintenance.ts): VACUUM (ANALYZE), as autovacuum would, only when the
// server is quiet, first at the first quiet moment, then once enough was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../../../server/db/maintenance.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
  await testDb.db.exec(
    'CREATE TABLE scratch (id int PRIMARY KEY, note text); INSERT INTO scratch SELECT g, md5(g::text) FROM generate_series(1, 2000) g',
  );
}, SETUP_TIMEOUT_MS);
afterAll(() => testDb.close());

/** What VACUUM and ANALYZE leave: pages marked all-visible, and the row count the planner reads. */
async function vacuumMarks(): Promise<{ visible: number; rows: number }> {
  const [row] = await testDb.db.query<{ visible: number; rows: number }>(
    "SELECT relallvisible AS visible, reltuples::int AS rows FROM pg_class WHERE relname = 'scratch'",
  );
  return row!;
}

describe('the embedded database’s maintenance', () => {
  // The server runs it on PGlite only: PostgreSQL has its own autovacuum (which could also vacuum this table meanwhile).
  it.skipIf(process.env.DATABASE_URL)('waits for a quiet moment, vacuums once, then again only after enough writes', async () => {
    let idle = 0;
    const runs: object[] = [];
    const maintenance = startMaintenance(testDb.db, {
      idleFor: () => idle,
      log: { info: (details) => runs.push(details), error: (details) => expect.fail(`maintenance failed: ${JSON.stringify(details)}`) },
      checkEveryMs: 3_600_000,
      quietMs: 1_000,
      minChanges: 50,
    });
    try {
      expect(await vacuumMarks()).toMatchObject({ visible: 0 });
      expect(await maintenance.check()).toBe(false); // a request just came
      expect(await vacuumMarks()).toMatchObject({ visible: 0 });

      idle = 5_000;
      expect(await maintenance.check()).toBe(true);
      const marks = await vacuumMarks();
      expect(marks.visible).toBeGreaterThan(0);
      expect(marks.rows).toBe(2000);
      expect(await maintenance.check()).toBe(false); // nothing written since

      await testDb.db.exec("INSERT INTO scratch SELECT g, 'more' FROM generate_series(2001, 3000) g");
      await testDb.db.exec("INSERT INTO changes (entity, entity_id) SELECT 'students', g::text FROM generate_series(1, 49) g");
      expect(await maintenance.check()).toBe(false); // 49 changes: not yet
      await testDb.db.exec("INSERT INTO changes (entity, entity_id) VALUES ('students', '50')");
      expect(await maintenance.check()).toBe(true);
      expect((await vacuumMarks()).rows).toBe(3000);
      expect(runs).toHaveLength(2);
    } finally {
      maintenance.stop();
    }
  });
});

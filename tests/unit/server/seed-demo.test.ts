// @vitest-environment node
/**
 * A programme's own database starts empty: the sample programme (made-up children, and staff users at @quadra.org.br
 * addresses whose holders could sign in with them) goes only into a try-out's (SEED_DEMO, off by default with sign-in).
 */
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../server/db/open.ts';
import { seedDatabase } from '../../../server/db/seed.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { emptyPgliteSnapshot } from './support/test-db.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

const counts = async (demo: boolean) => {
  const db = await openPglite({ snapshot: await emptyPgliteSnapshot() });
  try {
    await prepareDatabase(db, { demo });
    const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return { users: await count('users'), students: await count('students'), activities: await count('activities') };
  } finally {
    await db.close();
  }
};

describe('a new database', () => {
  it('without the sample programme has no users, students or activities; with it, it has them', { timeout: SETUP_TIMEOUT_MS }, async () => {
    expect(await counts(false)).toEqual({ users: 0, students: 0, activities: 0 });
    const demo = await counts(true);
    expect(demo.users).toBeGreaterThan(0);
    expect(demo.students).toBeGreaterThan(0);
  });

  it("a programme's database with its own staff and no activities yet never gets the sample on top", { timeout: SETUP_TIMEOUT_MS }, async () => {
    const db = await openPglite({ snapshot: await emptyPgliteSnapshot() });
    try {
      await prepareDatabase(db, { demo: false });
      await db.run("INSERT INTO users (id, full_name, access, email, active) VALUES ('u1', 'Ada', 'admin', 'ada@example.org', true)");
      expect(await seedDatabase(db, { demo: true })).toBe(false);
      const [{ n } = { n: -1 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM students');
      expect(n).toBe(0);
    } finally {
      await db.close();
    }
  });
});

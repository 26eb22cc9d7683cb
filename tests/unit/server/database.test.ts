// @vitest-environment node
import { isValidCep, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../../server/db/migrate.ts';
import { seedDatabase } from '../../../server/db/seed.ts';
import { createRandom, randomCpf } from '../../../server/db/prng.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
}, SETUP_TIMEOUT_MS);
afterAll(() => testDb.close());

describe('the query interface', () => {
  it('answers counts and 64-bit integers as numbers, dates as YYYY-MM-DD text', async () => {
    const [row] = await testDb.db.query<{ n: unknown; big: unknown; d: unknown }>(
      "SELECT count(*) AS n, 9007199254740991::bigint AS big, '2026-11-20'::date AS d",
    );
    expect(row).toEqual({ n: 1, big: 9007199254740991, d: '2026-11-20' });
  });

  it('run() answers the number of affected rows', async () => {
    await testDb.db.exec('CREATE TEMP TABLE scratch (n int)');
    expect(await testDb.db.run('INSERT INTO scratch VALUES (1), (2), (3)')).toBe(3);
    expect(await testDb.db.run('UPDATE scratch SET n = n + 1 WHERE n > $1', [1])).toBe(2);
    expect(await testDb.db.run('DELETE FROM scratch WHERE n > 100')).toBe(0);
  });

  it('a transaction that throws writes nothing', async () => {
    const before = (await testDb.db.query<{ n: number }>('SELECT count(*) AS n FROM users'))[0]!.n;
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.run("INSERT INTO users (id, full_name, access, email) VALUES ('u-x', 'X', 'admin', 'x@x.org')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await testDb.db.query<{ n: number }>('SELECT count(*) AS n FROM users'))[0]!.n).toBe(before);
  });
});

describe('migrations', () => {
  it('are recorded once each, and running them again applies nothing', async () => {
    const recorded = await testDb.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((r) => r.version)).toEqual(await listMigrations());
    expect(await migrate(testDb.db)).toEqual([]);
  });
});

describe('the seed', () => {
  it('does nothing on a database that already has data', async () => {
    expect(await seedDatabase(testDb.db)).toBe(false);
  });

  it('is realistic: ~60 students with valid CPFs and 8-digit ZIPs, all enrolled in classes', async () => {
    const students = await testDb.db.query<{ cpf: string; zip: string; classes: number }>(
      `SELECT registration_number AS cpf, address_code AS zip,
              (SELECT count(*) FROM class_enrollments e WHERE e.student_id = s.id) AS classes
         FROM students s`,
    );
    expect(students.length).toBe(60);
    expect(students.every((s) => isValidCpf(s.cpf) && isValidCep(s.zip) && s.zip.length === 8)).toBe(true);
    expect(students.every((s) => s.classes >= 1)).toBe(true);
    const guardians = await testDb.db.query<{ cpf: string }>('SELECT cpf FROM guardians');
    expect(guardians.every((g) => isValidCpf(g.cpf))).toBe(true);
  });

  it('is deterministic: the same PRNG seed gives the same data', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    expect(Array.from({ length: 5 }, () => [a.uuid(), randomCpf(a)])).toEqual(Array.from({ length: 5 }, () => [b.uuid(), randomCpf(b)]));
  });
});

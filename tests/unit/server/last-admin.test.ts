// @vitest-environment node
/**
 * Quadra keeps an active admin, under concurrency too (issue 55): two admins demoting or deactivating each other at
 * the same moment leave one of them admin (one answer 200, the other 409). On PGlite requests queue inside the server;
 * with DATABASE_URL (bash scripts/with-postgres.sh npx vitest run tests/unit/server/last-admin.test.ts) they really
 * race, on separate connections. And the way back without SQL: makeActiveAdmin, what `npm run admin -- EMAIL` runs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../src/api/contract.ts';
import { makeActiveAdmin } from '../../../server/data/admins.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const activeAdmins = async (): Promise<string[]> =>
  (await server.db.query<{ id: string }>(`SELECT id FROM users WHERE access = 'admin' AND active ORDER BY id`)).map((row) => row.id);

/** Exactly two active admins, A and B: every other admin is made a coordinator. */
async function twoAdmins(round: number): Promise<[User, User]> {
  await server.db.run(`UPDATE users SET access = 'coordenador' WHERE access = 'admin'`);
  const make = async (letter: string) => {
    const id = randomUUID();
    const email = `admin-${letter}-${round}-${id.slice(0, 8)}@example.org`;
    await server.db.run(`INSERT INTO users (id, full_name, email, access, active) VALUES ($1, $2, $3, 'admin', true)`, [
      id,
      `Admin ${letter}`,
      email,
    ]);
    return { id, full_name: `Admin ${letter}`, email, access: 'admin', active: true } as User;
  };
  return [await make('A'), await make('B')];
}

describe('the last active admin', () => {
  it('two admins demoting or deactivating each other at the same moment: one answer 200, the other 409, one admin left (12 rounds)', async () => {
    for (let round = 0; round < 12; round += 1) {
      const [a, b] = await twoAdmins(round);
      // Alternate: demote each other, deactivate each other, each demote themselves.
      const change = (user: User) =>
        round % 3 === 1
          ? { full_name: user.full_name, email: user.email, access: 'admin', active: false }
          : { full_name: user.full_name, email: user.email, access: 'instrutor', active: true };
      const answers = await Promise.all(
        [a, b].map((user) => server.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, payload: change(user) })),
      );
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json<{ message: string }>().message).toMatch(/at least one active admin/);
      expect(await activeAdmins(), `round ${round}`).toHaveLength(1);
    }
  });
});

describe('npm run admin -- EMAIL (makeActiveAdmin)', () => {
  const accessRows = (route: string) =>
    server.db.query<{ user_id: string; kind: string; status: number }>('SELECT user_id, kind, status FROM access_log WHERE route = $1', [route]);

  it('makes a deactivated or demoted user an active admin again, recorded in the access record', async () => {
    const id = randomUUID();
    const email = `gone-${id.slice(0, 8)}@example.org`;
    await server.db.run(`INSERT INTO users (id, full_name, email, access, active) VALUES ($1, 'Ex Admin', $2, 'instrutor', false)`, [id, email]);
    const restored = await makeActiveAdmin(server.db, `  ${email.toUpperCase()} `);
    expect(restored).toEqual({ id, email, created: false, wasAdmin: false });
    const [row] = await server.db.query<{ access: string; active: boolean; version: number }>(
      'SELECT access, active, version FROM users WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ access: 'admin', active: true, version: 2 });
    expect(await accessRows(`/users/${id} (npm run admin)`)).toEqual([{ user_id: 'command-line', kind: 'write', status: 200 }]);
    // Again: nothing changes, and that is recorded too.
    expect((await makeActiveAdmin(server.db, email)).wasAdmin).toBe(true);
  });

  it('creates the user when the e-mail is not registered, and refuses what is not an e-mail', async () => {
    const email = `new-admin-${randomUUID().slice(0, 8)}@example.org`;
    const restored = await makeActiveAdmin(server.db, email);
    expect(restored.created).toBe(true);
    const [row] = await server.db.query<{ access: string; active: boolean }>('SELECT access, active FROM users WHERE email = $1', [email]);
    expect(row).toEqual({ access: 'admin', active: true });
    expect(await accessRows(`/users/${restored.id} (npm run admin)`)).toEqual([{ user_id: 'command-line', kind: 'write', status: 201 }]);
    await expect(makeActiveAdmin(server.db, 'not an e-mail')).rejects.toThrow(/is not an e-mail address/);
  });
});

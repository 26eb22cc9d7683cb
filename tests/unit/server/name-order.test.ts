// @vitest-environment node
/**
 * One order of students by name, on the server (whatever the database's collation) and on the device: the list the
 * server answers, whole or patched after writes, is the order the device's merge keeps (src/api/name-order.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byFoldedField, byNameOrder, NAME_FOLD_FROM, NAME_FOLD_TO, nameSortKey } from '../../../src/api/name-order.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const names = [
  'Zé Carlos',
  'Álvaro Dias',
  'ana Clara',
  'Ana Clara',
  'Ângela Souza',
  'Érica Lima',
  'Eduardo Reis',
  'Ícaro Nunes',
  'Igor Melo',
  'Óscar Pires',
  'Úrsula Dias',
  'Ulisses Rocha',
  'Çaíque Leite',
  'Ana  Júlia',
  'Ana Júlia',
  "D'Ávila Neto",
  'Núbia Faria',
  'Ñandu Paz',
];
const list = async () => (await server.app.inject('/api/students?status=all')).json<{ id: string; name: string }[]>();

describe('the order of students by name', () => {
  it('folds accents and case as the migration does', async () => {
    expect(nameSortKey('Álvaro Dias')).toBe('alvaro dias');
    expect(nameSortKey('ÇAÍQUE Ñ')).toBe('caique n');
    const migration = readFileSync('server/db/migrations/009_name_order.sql', 'utf8');
    expect(migration).toContain(`'${NAME_FOLD_FROM}', '${NAME_FOLD_TO}'`);
    for (const name of names) {
      const [{ key } = { key: '' }] = await server.db.query<{ key: string }>(
        `SELECT lower(translate($1::text, '${NAME_FOLD_FROM}', '${NAME_FOLD_TO}') COLLATE "C") AS key`,
        [name],
      );
      expect(key, name).toBe(nameSortKey(name));
    }
  });

  it('is the same in the server’s list, read whole or patched after writes, as the device sorts it', async () => {
    const before = await list();
    expect(before).toEqual([...before].sort(byNameOrder));
    const [group] = await server.db.query<{ id: string }>(
      'SELECT c.id FROM classes c JOIN activities a ON a.id = c.activity_id WHERE NOT (c.archived OR a.archived) ORDER BY c.id LIMIT 1',
    );
    for (const name of names) {
      const id = randomUUID();
      expect((await server.app.inject({ method: 'POST', url: '/api/students', payload: { id, fullName: name } })).statusCode).toBe(201);
      const enrolled = await server.app.inject({ method: 'PUT', url: `/api/classes/${group!.id}/students/${id}`, payload: { from: '2026-01-05' } });
      expect(enrolled.statusCode).toBe(201);
    }
    // A roster, read whole by the database.
    const roster = (await server.app.inject(`/api/classes/${group!.id}/students?date=2026-01-06`)).json<{ id: string; name: string }[]>();
    expect(roster.length).toBeGreaterThanOrEqual(names.length);
    expect(roster).toEqual([...roster].sort(byNameOrder));
    const after = await list();
    expect(after).toEqual([...after].sort(byNameOrder));
    const ours = after.filter((student) => names.includes(student.name)).map((student) => student.name);
    expect(ours.indexOf('Álvaro Dias')).toBeLessThan(ours.indexOf('Ana Clara'));
    expect(ours.indexOf('Érica Lima')).toBeLessThan(ours.indexOf('Igor Melo'));
    expect(ours.indexOf('Zé Carlos')).toBe(ours.length - 1);
  });
  it('is the same for activities, classes and staff users, on the server and in the sync merge', async () => {
    const titles = ['Ética e Cidadania', 'Esportes', 'Ártes Marciais', 'arte', 'Zumba', 'Óculos e Leitura'];
    for (const [i, title] of titles.entries()) {
      const id = randomUUID();
      await server.db.run("INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, $2, 'Prof', 'Esporte', 'SEMANAL')", [id, title]);
      await server.db.run(
        `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, '[{"weekDay":"SEGUNDA","start":"08:00","end":"09:00"}]', 'INICIANTE', $3)`,
        [randomUUID(), title, id],
      );
      await server.db.run("INSERT INTO users (id, full_name, access, email) VALUES ($1, $2, 'instrutor', $3)", [
        randomUUID(),
        title,
        `order.${i}@example.org`,
      ]);
    }
    const get = async <T>(path: string) => (await server.app.inject(path)).json<T[]>();
    const activities = await get<{ id: string; name: string }>('/api/activities');
    expect(activities).toEqual([...activities].sort(byFoldedField((a) => a.name)));
    const classes = await get<{ id: string; title: string }>('/api/classes');
    expect(classes).toEqual([...classes].sort(byFoldedField((c) => c.title)));
    const users = await get<{ id: string; full_name: string }>('/api/users');
    expect(users).toEqual([...users].sort(byFoldedField((u) => u.full_name)));
    const ours = activities.filter((a) => titles.includes(a.name)).map((a) => a.name);
    expect(ours).toEqual(['arte', 'Ártes Marciais', 'Esportes', 'Ética e Cidadania', 'Óculos e Leitura', 'Zumba']);
  });
});

// @vitest-environment node
/**
 * Backup and restore of the embedded database: a backup taken while the server runs (through its control socket, as
 * `npm run backup` does) brings back, in an empty data folder, the students, guardians, documents (their bytes) and
 * rolls written before it, and nothing written after it. With DATABASE_URL (CI's PostgreSQL run) the same backup is
 * also copied into an empty PostgreSQL schema, the way a programme moves from the embedded database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { rosterIds } from '../../../server/data/rules/roster.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { startControlSocket } from '../../../server/control-socket.ts';
import { backupDataDir, copyBackupToPostgres, restoreDataDir } from '../../../server/db/backup.ts';
import { controlSocketOf } from '../../../server/db/data-dir-lock.ts';
import { openDatabase } from '../../../server/db/open.ts';
import type { PgliteDb } from '../../../server/db/pglite.ts';
import type { Db } from '../../../server/db/types.ts';
import { multipartBody, PDF } from './support/multipart.ts';
import { preparedDataDir } from './support/processes.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS } from './support/test-server.ts';

async function serve(dataDir: string): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await openDatabase({ dataDir, purpose: 'the test' });
  const app = await buildServer({ db, distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')) });
  await app.ready();
  return { app, db };
}

const student = { id: crypto.randomUUID(), fullName: 'Íris Cópia de Segurança', registrationNumber: FREE_CPFS[1] };
const later = { id: crypto.randomUUID(), fullName: 'Depois da Cópia' };
const guardian = {
  id: crypto.randomUUID(),
  name: 'Guardiã da Cópia',
  cpf: FREE_CPFS[2],
  birthDate: '1980-05-04',
  civilState: 'CASADO',
  nis: '12345',
  phone: '81 99999-0000',
  email: 'guardia@example.org',
  address: 'Rua da Cópia, 1',
};
const documentBytes = Buffer.concat([PDF, Buffer.from(`%${'x'.repeat(5000)}\n`)]);
let roll: { url: string; body: unknown; answer: unknown };
let backup: Buffer;
let running: { app: FastifyInstance; db: Db };
let control: Awaited<ReturnType<typeof startControlSocket>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await preparedDataDir();
  running = await serve(dataDir);
  control = await startControlSocket(controlSocketOf(dataDir), () => (running.db as PgliteDb).backup(), running.app.log);
  const { app, db } = running;
  expect((await app.inject({ method: 'POST', url: '/api/students', payload: student })).statusCode).toBe(201);
  expect((await app.inject({ method: 'POST', url: `/api/students/${student.id}/responsibles`, payload: guardian })).statusCode).toBe(201);
  const upload = multipartBody({ fileType: 'OUTRO', date: '2026-04-01', description: 'Cópia' }, [{ filename: 'copia.pdf', content: documentBytes }]);
  expect((await app.inject({ method: 'POST', url: `/api/students/${student.id}/documentos`, ...upload })).statusCode).toBe(201);
  const [cls] = await db.query<{ class_id: string }>(
    'SELECT class_id FROM class_enrollments GROUP BY class_id HAVING count(*) >= 2 ORDER BY class_id LIMIT 1',
  );
  // A roll lists the roster of its own date.
  const roster = [...(await rosterIds(db, cls!.class_id, '2026-04-02'))];
  const url = `/api/classes/${cls!.class_id}/attendance/2026-04-02`;
  const body = {
    takenBy: 'Prof. Cópia',
    takenAt: '2026-04-02T11:00:00.000Z',
    entries: roster.map((studentId, i) => ({ studentId, status: i % 2 ? 'ABSENT' : 'PRESENT' })),
  };
  const saved = await app.inject({ method: 'PUT', url, payload: body });
  expect(saved.statusCode).toBe(200);
  roll = { url, body, answer: saved.json() };
  // A roll that leaves a child of its roster off: a roll to complete, which a copy to PostgreSQL counts again.
  const allButOne = [...(await rosterIds(db, cls!.class_id, '2026-04-09'))].slice(1).map((studentId) => ({ studentId, status: 'PRESENT' }));
  const partial = { takenBy: 'Prof. Cópia', takenAt: '2026-04-09T11:00:00.000Z', entries: allButOne };
  expect((await app.inject({ method: 'PUT', url: url.replace('2026-04-02', '2026-04-09'), payload: partial })).statusCode).toBe(200);

  const taken = await backupDataDir(dataDir);
  expect(taken.source).toBe('running server');
  backup = taken.bytes;
  expect((await app.inject({ method: 'POST', url: '/api/students', payload: later })).statusCode).toBe(201);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  control?.close();
  await running?.app.close();
  await running?.db.close();
});

describe('npm run backup / npm run restore', () => {
  it('a backup taken while the server runs restores into an empty folder with its students, guardians, documents and rolls, and nothing written after it', async () => {
    const restoredDir = join(mkdtempSync(join(tmpdir(), 'quadra-restore-')), 'pglite');
    const counts = await restoreDataDir(backup, restoredDir);
    expect(counts).toMatchObject({ documents: 1 });
    const { app, db } = await serve(restoredDir);
    try {
      const students = (await app.inject('/api/students')).json<Array<{ id: string; name: string }>>();
      expect(students).toContainEqual(expect.objectContaining({ id: student.id, name: student.fullName }));
      expect(students.map((s) => s.id)).not.toContain(later.id);
      expect((await app.inject(`/api/students/${student.id}/responsibles`)).json()).toEqual([
        expect.objectContaining({ id: guardian.id, name: guardian.name }),
      ]);
      const [doc] = (await app.inject(`/api/students/${student.id}/documentos`)).json<Array<{ id: string; description: string }>>();
      expect(doc?.description).toBe('Cópia');
      const file = await app.inject(`/api/students/${student.id}/documentos/${doc!.id}/file`);
      expect(file.rawPayload.equals(documentBytes)).toBe(true);
      expect((await app.inject(roll.url)).json()).toEqual(roll.answer);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('a backup taken during parallel writes is consistent: every roll in it is whole', async () => {
    const { app, db } = running;
    const [cls] = await db.query<{ class_id: string }>(
      'SELECT class_id FROM class_enrollments GROUP BY class_id HAVING count(*) >= 3 ORDER BY class_id DESC LIMIT 1',
    );
    const roster = (await db.query<{ student_id: string }>('SELECT student_id FROM class_enrollments WHERE class_id = $1', [cls!.class_id])).map(
      (r) => r.student_id,
    );
    const saves = Array.from({ length: 20 }, (_, day) =>
      app.inject({
        method: 'PUT',
        url: `/api/classes/${cls!.class_id}/attendance/2026-06-${String(day + 1).padStart(2, '0')}`,
        payload: { takenBy: 'Paralelo', takenAt: '2026-06-01T10:00:00Z', entries: roster.map((studentId) => ({ studentId, status: 'PRESENT' })) },
      }),
    );
    const [taken] = await Promise.all([backupDataDir(dataDir), ...saves]);
    const restoredDir = join(mkdtempSync(join(tmpdir(), 'quadra-restore-')), 'pglite');
    await restoreDataDir(taken.bytes, restoredDir);
    const restored = await openDatabase({ dataDir: restoredDir, purpose: 'the test' });
    try {
      const rolls = await restored.query<{ n: number }>(
        `SELECT count(e.student_id)::int AS n FROM attendance_rolls r LEFT JOIN attendance_entries e ON e.class_id = r.class_id AND e.date = r.date
          WHERE r.class_id = $1 AND r.date >= '2026-06-01' GROUP BY r.date`,
        [cls!.class_id],
      );
      expect(rolls.every((roll) => roll.n === roster.length)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore into a data folder that is not empty', async () => {
    const used = await preparedDataDir();
    await expect(restoreDataDir(backup, used)).rejects.toThrow(/is not empty: a restore goes into an empty folder/);
  });

  it.skipIf(!process.env.DATABASE_URL)('copies the backup into an empty PostgreSQL database with the same data (moving to PostgreSQL)', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `quadra_restore_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const counts = await copyBackupToPostgres(backup, url, schema);
      const restoredDir = join(mkdtempSync(join(tmpdir(), 'quadra-restore-')), 'pglite');
      expect(counts).toEqual(await restoreDataDir(backup, restoredDir));
      const { rows } = await admin.query<{ content: Buffer; full_name: string }>(
        `SELECT d.content, s.full_name FROM ${schema}.student_documents d JOIN ${schema}.students s ON s.id = d.student_id WHERE s.id = $1`,
        [student.id],
      );
      expect(rows[0]?.full_name).toBe(student.fullName);
      expect(rows[0]?.content.equals(documentBytes)).toBe(true);
      // The rolls to complete are not copied but counted by the copy's own triggers (027_rolls_not_marked.sql): the same.
      const notMarked = `SELECT class_id || ' ' || to_char(date, 'YYYY-MM-DD') || ' ' || not_marked AS row FROM rolls_not_marked ORDER BY 1`;
      const copied = (await admin.query<{ row: string }>(notMarked.replace('FROM rolls_not_marked', `FROM ${schema}.rolls_not_marked`))).rows;
      const restored = await openDatabase({ dataDir: restoredDir, purpose: 'the test' });
      try {
        expect(copied).toEqual(await restored.query<{ row: string }>(notMarked));
        expect(copied.length).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});

// @vitest-environment node
/** A guardian's copy of everything about one child (issue 51): GET /api/students/{id}/export, one ZIP. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { JPEG, multipartBody, PDF } from './support/multipart.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let signedIn: FastifyInstance;
let studentId: string;
let mark: { class_id: string; date: string; status: string; reason: string | null };

beforeAll(async () => {
  server = await startTestServer();
  // A child with a guardian and a roll, whose mark there becomes a justified absence with its reason and note (why a
  // child missed a class: it must be in the copy), saved as the roll call saves it.
  const [row] = await server.db.query<{ student_id: string; class_id: string; date: string }>(
    `SELECT e.student_id, e.class_id, to_char(e.date, 'YYYY-MM-DD') AS date
       FROM attendance_entries e JOIN guardians g ON g.student_id = e.student_id AND g.removed_at IS NULL
      ORDER BY e.student_id, e.date LIMIT 1`,
  );
  studentId = row!.student_id;
  mark = { class_id: row!.class_id, date: row!.date, status: 'JUSTIFIED', reason: 'OTHER' };
  const rollUrl = `/api/classes/${row!.class_id}/attendance/${row!.date}`;
  const roll = (await server.app.inject(rollUrl)).json<{ takenBy: string; takenAt: string; entries: { studentId: string }[] }>();
  const entries = roll.entries.map((entry) =>
    entry.studentId === studentId ? { studentId, status: 'JUSTIFIED', reason: 'OTHER', note: 'Consulta médica' } : entry,
  );
  const saved = await server.app.inject({
    method: 'PUT',
    url: rollUrl,
    payload: { takenBy: roll.takenBy, takenAt: new Date().toISOString(), entries },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // Sign-in required: the token names the staff user's e-mail.
  signedIn = await buildServer({
    db: server.db,
    distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    verifyToken: async (token) => ({ uid: `uid-${token}`, email: `${token}@export.example.org`, emailVerified: true }),
  });
  await signedIn.ready();
  for (const access of ['instrutor', 'coordenador', 'administrativo', 'psicologo']) {
    await server.db.run('INSERT INTO users (id, full_name, access, email, active) VALUES ($1, $2, $3, $4, true)', [
      randomUUID(),
      `Equipe ${access}`,
      access,
      `${access}@export.example.org`,
    ]);
  }
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await signedIn?.close();
  await server.close();
});

const upload = (fileName: string, content: Buffer) =>
  server.app.inject({
    method: 'POST',
    url: `/api/students/${studentId}/documentos`,
    ...multipartBody({ fileName, fileType: 'COMPROVANTE_RESIDENCIA', origin: 'Cadastro', date: '2026-03-02', description: 'Conta de luz' }, [
      { filename: fileName, content },
    ]),
  });
const exportOf = async (id = studentId) => {
  const response = await server.app.inject(`/api/students/${id}/export`);
  return { response, files: response.statusCode === 200 ? unzipSync(new Uint8Array(response.rawPayload)) : {} };
};
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
/** The entries the child's exports left in the access record, by the status they were answered with. */
const exportEntries = async (status = 200) =>
  Number(
    (
      await server.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM access_log WHERE student_id = $1 AND route = '/students/:id/export' AND kind = 'read' AND status = $2",
        [studentId, status],
      )
    )[0]!.n,
  );

describe("a child's export", () => {
  it("is one ZIP with a readable page, data.json and the documents' files as they were uploaded", async () => {
    expect((await upload('comprovante.pdf', PDF)).statusCode).toBe(201);
    // Two files of one name, and a name that tries to leave the folder: each its own path inside documentos/.
    const odd = await upload('../../foto.jpg', JPEG);
    expect(odd.statusCode, odd.body).toBe(201);
    expect((await upload('comprovante.pdf', JPEG)).statusCode).toBe(201);
    const { response, files } = await exportOf();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="quadra-aluno-[A-Za-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip"$/);

    const [student] = await server.db.query<{ full_name: string; registration_number: string | null }>(
      'SELECT full_name, registration_number FROM students WHERE id = $1',
      [studentId],
    );
    const data = JSON.parse(text(files['data.json']));
    expect(data.student).toMatchObject({ id: studentId, fullName: student!.full_name });
    expect(text(files['dados.html'])).toContain(student!.full_name);
    expect(text(files['dados.html'])).toContain('<html lang="pt-BR">');

    // Every mark, with its reason.
    const marks = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM attendance_entries WHERE student_id = $1', [studentId]);
    expect(data.attendance).toHaveLength(Number(marks[0]!.n));
    expect(data.attendance).toContainEqual(
      expect.objectContaining({ classId: mark.class_id, date: mark.date, status: 'JUSTIFIED', reason: mark.reason, note: 'Consulta médica' }),
    );

    const guardians = await server.db.query<{ name: string }>('SELECT name FROM guardians WHERE student_id = $1', [studentId]);
    expect(data.guardians.map((guardian: { name: string }) => guardian.name).sort()).toEqual(guardians.map((guardian) => guardian.name).sort());

    // The documents' bytes, each under its own name in documentos/.
    expect(data.documents).toHaveLength(3);
    const paths = data.documents.map((document: { file: string }) => document.file);
    expect(new Set(paths).size).toBe(3);
    for (const path of paths) expect(path).toMatch(/^documentos\/\d{2}-[^/\\]+$/);
    expect(Buffer.from(files[paths[0]]!).equals(PDF)).toBe(true);
    expect(Buffer.from(files[paths[1]]!).equals(JPEG)).toBe(true);
    expect(Object.keys(files).sort()).toEqual(['dados.html', 'data.json', ...paths].sort());
  });

  it('carries the consents and the access record, and is itself an entry of the access record', async () => {
    const [guardian] = await server.db.query<{ id: string }>('SELECT id FROM guardians WHERE student_id = $1 AND removed_at IS NULL LIMIT 1', [
      studentId,
    ]);
    const consent = await server.app.inject({
      method: 'POST',
      url: `/api/students/${studentId}/consents`,
      payload: { purpose: 'IMAGE_USE', granted: false, guardianId: guardian!.id, date: '2026-03-02', method: 'IN_PERSON' },
    });
    expect(consent.statusCode).toBe(201);
    const before = await exportEntries();
    const first = await exportOf();
    expect(await exportEntries()).toBe(before + 1);
    const data = JSON.parse(text(first.files['data.json']));
    expect(data.student.consents.IMAGE_USE).toBe('REFUSED');
    expect(data.consents.entries).toContainEqual(expect.objectContaining({ purpose: 'IMAGE_USE', granted: false, guardianId: guardian!.id }));
    // The next export shows the one before it in the access record.
    const second = JSON.parse(text((await exportOf()).files['data.json']));
    expect(second.accessRecord.filter((entry: { route: string }) => entry.route === '/students/:id/export')).toHaveLength(before + 1);
    expect(second.accessRecord.at(-1)).toMatchObject({ kind: 'read', method: 'GET', route: '/students/:id/export', status: 200 });
  });

  it("carries the anamnese answers with their questions' texts", async () => {
    const saved = await signedIn.inject({
      method: 'PUT',
      url: `/api/students/${studentId}/assessments/PSICOLOGIA`,
      headers: { authorization: 'Bearer psicologo' },
      payload: {
        formVersion: 1,
        answers: {
          'relacoes-familiares': { text: 'Mora com a mãe e a avó' },
          'conflitos-familiares': { yes: false },
          'apoio-emocional': { text: 'Com a avó' },
          'saude-mental-familia': { yes: false },
          'condicao-cronica': { yes: false },
          medicacao: { yes: false },
          'telas-tempo': { choice: 'De 1 a 3 horas' },
          frustracao: { text: 'Chora, depois conversa' },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { files } = await exportOf();
    const data = JSON.parse(text(files['data.json']));
    expect(data.assessments).toContainEqual(
      expect.objectContaining({
        formType: 'PSICOLOGIA',
        formVersion: 1,
        answers: expect.objectContaining({ 'apoio-emocional': { text: 'Com a avó' } }),
      }),
    );
    const page = text(files['dados.html']);
    expect(page).toContain('Com quem conta quando está triste, com medo ou com um problema?');
    expect(page).toContain('Com a avó');
  });

  it('carries the follow-up cases with their steps, causes, notes and outcome, and the general roll marks (issues 50, 52)', async () => {
    const post = async (url: string, payload: object) => {
      const response = await server.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; version: number }>();
    };
    const closed = await post('/api/cases', { studentId, origin: 'MANUAL', note: 'Pedido da escola' });
    await post(`/api/cases/${closed.id}/steps`, {
      kind: 'CONTACT',
      channel: 'PHONE',
      outcome: 'REACHED',
      at: '2026-03-03T14:00:00.000Z',
      note: 'A mãe atendeu',
    });
    await post(`/api/cases/${closed.id}/steps`, { kind: 'CAUSES', causes: ['VIOLENCE', 'HEALTH'], at: '2026-03-04T14:00:00.000Z' });
    const afterSteps = await post(`/api/cases/${closed.id}/steps`, {
      kind: 'REFERRAL',
      referralTo: 'CONSELHO_TUTELAR',
      referralOn: '2026-03-05',
      at: '2026-03-05T14:00:00.000Z',
    });
    const close = await server.app.inject({
      method: 'POST',
      url: `/api/cases/${closed.id}/close`,
      payload: { outcome: 'RETURNED', note: 'Voltou às aulas', version: afterSteps.version },
    });
    expect(close.statusCode, close.body).toBe(200);
    const open = await post('/api/cases', { studentId, origin: 'MANUAL' });
    // The general roll of a day: this child arrived.
    const roll = await server.app.inject({
      method: 'PUT',
      url: '/api/attendance/general/2026-03-06',
      payload: { takenBy: 'Secretaria', takenAt: '2026-03-06T11:00:00.000Z', entries: [{ studentId, status: 'PRESENT' }] },
    });
    expect(roll.statusCode, roll.body).toBeLessThan(300);

    const { files } = await exportOf();
    const data = JSON.parse(text(files['data.json']));
    expect(data.cases.map((found: { id: string; status: string }) => [found.id, found.status])).toEqual([
      [open.id, 'OPEN'],
      [closed.id, 'CLOSED'],
    ]);
    expect(data.cases[1]).toMatchObject({ note: 'Pedido da escola', outcome: 'RETURNED', closeNote: 'Voltou às aulas' });
    expect(data.cases[1].steps).toEqual([
      expect.objectContaining({ kind: 'CONTACT', channel: 'PHONE', outcome: 'REACHED', note: 'A mãe atendeu' }),
      expect.objectContaining({ kind: 'CAUSES', causes: ['VIOLENCE', 'HEALTH'] }),
      expect.objectContaining({ kind: 'REFERRAL', referralTo: 'CONSELHO_TUTELAR', referralOn: '2026-03-05' }),
    ]);
    expect(data.generalRoll).toEqual([{ date: '2026-03-06', status: 'PRESENT', takenBy: 'Secretaria', takenAt: '2026-03-06T11:00:00.000Z' }]);
    const page = text(files['dados.html']);
    for (const shown of [
      'Acompanhamentos (busca ativa)',
      'Pedido da escola',
      'A mãe atendeu',
      'Violência, Saúde',
      'Conselho Tutelar',
      'Voltou às aulas',
    ])
      expect(page).toContain(shown);
    expect(page).toContain('<td>06/03/2026</td><td>Chegou</td><td>Secretaria</td>');
  });

  it('shows what the record holds as text, never as markup', async () => {
    await server.db.run("UPDATE students SET school_name = '<script>alert(1)</script>' WHERE id = $1", [studentId]);
    const page = text((await exportOf()).files['dados.html']);
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers 404 for a student that does not exist', async () => {
    expect((await exportOf('nobody')).response.statusCode).toBe(404);
  });

  it("is the admin's and the coordinator's: an instructor and the office are refused (403, recorded as refused)", async () => {
    const as = (who: string) => signedIn.inject({ url: `/api/students/${studentId}/export`, headers: { authorization: `Bearer ${who}` } });
    const before = await exportEntries();
    const refusedBefore = await exportEntries(403);
    const instructor = await as('instrutor');
    expect(instructor.statusCode).toBe(403);
    expect(instructor.json()).toMatchObject({ code: 'forbidden' });
    expect((await as('administrativo')).statusCode).toBe(403);
    expect(await exportEntries()).toBe(before);
    expect(await exportEntries(403)).toBe(refusedBefore + 2);
    const coordinator = await as('coordenador');
    expect(coordinator.statusCode).toBe(200);
    expect(JSON.parse(text(unzipSync(new Uint8Array(coordinator.rawPayload))['data.json'])).student.id).toBe(studentId);
    expect(await exportEntries()).toBe(before + 1);
  });
});

// @vitest-environment node
/**
 * The anamnese forms, as each role of the psychosocial team meets them, signed in through the Auth emulator: who
 * reads and writes which form, versions of the questions and of the answers, an intern's answers until reviewed, and
 * the access record. Runs on PGlite, and on PostgreSQL with scripts/with-postgres.sh.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { firebaseTokenVerifier } from '../../../server/auth.ts';
import { accessLevels, type AccessLevel } from '../../../src/api/contract.ts';
import type { Assessment, AssessmentForm, Answers } from '../../../src/api/assessment-contract.ts';
import { emulatorClient, EMULATOR_PROJECT_ID } from '../../support/auth-emulator.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from '../server/support/test-server.ts';

const host = inject('authEmulatorHost');
const emulator = emulatorClient(host);
const run = randomUUID().slice(0, 8);
let server: TestServer;
const tokens = {} as Record<AccessLevel, string>;
let studentId: string;

const bearer = (access: AccessLevel) => ({ authorization: `Bearer ${tokens[access]}` });
const as = (access: AccessLevel, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({ method, url, headers: bearer(access), ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const verifyToken = await firebaseTokenVerifier({ projectId: EMULATOR_PROJECT_ID, checkRevoked: true });
  server = await startTestServer({ verifyToken, adminEmails: [] });
  await Promise.all(
    accessLevels.map(async (access) => {
      const email = `${access}.assess.${run}@example.org`;
      await server.db.run('INSERT INTO users (id, full_name, access, email, active) VALUES ($1, $2, $3, $4, true)', [
        randomUUID(),
        `Equipe ${access}`,
        access,
        email,
      ]);
      tokens[access] = (await emulator.signUpVerified(email)).idToken;
    }),
  );
  const [student] = await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 1');
  studentId = student!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server?.close());

async function latestForm(formType: 'PSICOLOGIA' | 'SOCIAL'): Promise<AssessmentForm> {
  const forms = (await as('coordenador', 'GET', '/api/assessment-forms')).json<AssessmentForm[]>();
  return forms.filter((form) => form.formType === formType).at(-1)!;
}

/** Every required question answered, as a careful writer would. */
function fullAnswers(form: AssessmentForm): Answers {
  const answers: Answers = {};
  for (const question of form.questions) {
    if (question.type === 'TEXT') answers[question.id] = { text: `Resposta a ${question.id}` };
    else if (question.type === 'YES_NO') answers[question.id] = { yes: false };
    else answers[question.id] = { choice: question.options![0]! };
  }
  return answers;
}

describe('the assessment forms', () => {
  it('ships a psychological and a social form of 13 questions each, in Portuguese, every type of answer among them', async () => {
    for (const formType of ['PSICOLOGIA', 'SOCIAL'] as const) {
      const form = await latestForm(formType);
      expect(form.version).toBe(1);
      expect(form.questions).toHaveLength(13);
      expect(new Set(form.questions.map((question) => question.type))).toEqual(new Set(['TEXT', 'YES_NO', 'CHOICE']));
    }
    expect((await latestForm('SOCIAL')).questions.map((question) => question.text).join(' ')).toMatch(/medicação controlada/);
  });

  it('lets each role write only its own form, read what it may, and keeps instructor and office out', async () => {
    const psych = await latestForm('PSICOLOGIA');
    const social = await latestForm('SOCIAL');
    const save = (access: AccessLevel, form: AssessmentForm) =>
      as(access, 'PUT', `/api/students/${studentId}/assessments/${form.formType}`, { formVersion: form.version, answers: fullAnswers(form) });
    expect((await save('estagiario_servico_social', psych)).statusCode).toBe(403);
    expect((await save('psicologo', social)).statusCode).toBe(403);
    expect((await save('coordenador', psych)).statusCode).toBe(403);
    expect((await save('admin', social)).statusCode).toBe(403);
    expect((await save('psicologo', psych)).statusCode).toBe(200);
    expect((await save('assistente_social', social)).statusCode).toBe(200);
    const formsRead = async (access: AccessLevel) => {
      const response = await as(access, 'GET', `/api/students/${studentId}/assessments`);
      return response.statusCode === 200 ? response.json<Assessment[]>().map((answer) => answer.formType) : response.statusCode;
    };
    expect(await formsRead('psicologo')).toEqual(['PSICOLOGIA']);
    expect(await formsRead('estagiario_psicologia')).toEqual(['PSICOLOGIA']);
    expect(await formsRead('assistente_social')).toEqual(['SOCIAL']);
    expect(await formsRead('estagiario_servico_social')).toEqual(['SOCIAL']);
    expect(await formsRead('coordenador')).toEqual(['PSICOLOGIA', 'SOCIAL']);
    expect(await formsRead('admin')).toEqual(['PSICOLOGIA', 'SOCIAL']);
    expect(await formsRead('instrutor')).toBe(403);
    expect(await formsRead('administrativo')).toBe(403);
  });

  it("shows an intern's answers as the intern's until the psychologist marks them reviewed; a stale save answers 409", async () => {
    const [other] = await server.db.query<{ id: string }>('SELECT id FROM students WHERE id <> $1 ORDER BY id LIMIT 1', [studentId]);
    const url = `/api/students/${other!.id}/assessments/PSICOLOGIA`;
    const form = await latestForm('PSICOLOGIA');
    const answers = fullAnswers(form);
    const missing = await as('estagiario_psicologia', 'PUT', url, {
      formVersion: form.version,
      answers: { ...answers, frustracao: { text: ' ' } },
      basedOn: 0,
    });
    expect(missing.statusCode).toBe(400);
    const saved = await as('estagiario_psicologia', 'PUT', url, { formVersion: form.version, answers, basedOn: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Assessment>()).toMatchObject({ writtenBy: 'Equipe estagiario_psicologia', reviewed: false, reviewedBy: null, version: 1 });
    // The same save again (its answer lost on the way) is no conflict; other answers from the same start are.
    expect((await as('estagiario_psicologia', 'PUT', url, { formVersion: form.version, answers, basedOn: 0 })).statusCode).toBe(200);
    const stale = await as('psicologo', 'PUT', url, { formVersion: form.version, answers: { ...answers, amizades: { text: 'Outra' } }, basedOn: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string; current: Assessment }>()).toMatchObject({ code: 'stale-version', current: { version: 1 } });
    expect((await as('estagiario_psicologia', 'POST', `${url}/review`, { version: 1 })).statusCode).toBe(403);
    expect((await as('assistente_social', 'POST', `${url}/review`, { version: 1 })).statusCode).toBe(403);
    const reviewed = await as('psicologo', 'POST', `${url}/review`, { version: 1 });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json<Assessment>()).toMatchObject({
      writtenBy: 'Equipe estagiario_psicologia',
      reviewed: true,
      reviewedBy: 'Equipe psicologo',
      version: 2,
    });
    // The intern writes again: theirs again, to be reviewed again.
    const again = await as('estagiario_psicologia', 'PUT', url, {
      formVersion: form.version,
      answers: { ...answers, amizades: { text: 'Novos amigos' } },
      basedOn: 2,
    });
    expect(again.json<Assessment>()).toMatchObject({ reviewed: false, version: 3 });
  });

  it('makes a new version of the questions on an admin edit, and keeps answers with the version they were written on', async () => {
    const before = await latestForm('SOCIAL');
    const [child] = await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id DESC LIMIT 1');
    const url = `/api/students/${child!.id}/assessments/SOCIAL`;
    expect((await as('estagiario_servico_social', 'PUT', url, { formVersion: before.version, answers: fullAnswers(before) })).statusCode).toBe(200);
    const questions = [
      ...before.questions.slice(1),
      { id: 'moradia', text: 'A moradia é própria, alugada ou cedida?', required: true, type: 'TEXT' },
    ];
    expect((await as('coordenador', 'PUT', '/api/assessment-forms/SOCIAL', { questions, basedOn: before.version })).statusCode).toBe(403);
    const edited = await as('admin', 'PUT', '/api/assessment-forms/SOCIAL', { questions, basedOn: before.version });
    expect(edited.statusCode).toBe(201);
    expect(edited.json<AssessmentForm>()).toMatchObject({ version: before.version + 1, createdBy: 'Equipe admin' });
    // The same edit sent again (its answer lost) finds its version; another edit on the old version is a conflict.
    const resent = await as('admin', 'PUT', '/api/assessment-forms/SOCIAL', { questions, basedOn: before.version });
    expect(resent.statusCode).toBe(201);
    expect(resent.json<AssessmentForm>().version).toBe(before.version + 1);
    expect((await as('admin', 'PUT', '/api/assessment-forms/SOCIAL', { questions: before.questions, basedOn: before.version })).statusCode).toBe(409);
    const forms = (await as('assistente_social', 'GET', '/api/assessment-forms')).json<AssessmentForm[]>();
    expect(forms.filter((form) => form.formType === 'SOCIAL').map((form) => form.version)).toEqual([before.version, before.version + 1]);
    const kept = (await as('assistente_social', 'GET', `/api/students/${child!.id}/assessments`)).json<Assessment[]>();
    expect(kept[0]).toMatchObject({ formType: 'SOCIAL', formVersion: before.version });
    expect(kept[0]!.answers.expectativas).toEqual({ text: 'Resposta a expectativas' });
    // A save on the new version must answer its own required questions.
    const next = edited.json<AssessmentForm>();
    expect((await as('assistente_social', 'PUT', url, { formVersion: next.version, answers: fullAnswers(before) })).statusCode).toBe(400);
    expect((await as('assistente_social', 'PUT', url, { formVersion: next.version, answers: fullAnswers(next) })).statusCode).toBe(200);
  });

  it("writes every read of a child's answers in the child's access record", async () => {
    expect((await as('estagiario_psicologia', 'GET', `/api/students/${studentId}/assessments`)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const log = (await as('coordenador', 'GET', `/api/students/${studentId}/access-log`)).json<Array<Record<string, unknown>>>();
      expect(log.find((entry) => entry.userName === 'Equipe estagiario_psicologia' && entry.kind === 'read')).toMatchObject({
        route: '/students/:id/assessments',
      });
    });
  });
});

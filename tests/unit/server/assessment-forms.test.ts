// @vitest-environment node
/**
 * An admin's edit of an anamnese form's questions (issue 52 item 1, the editor of /configuracoes/formularios): a new
 * version on the version it started from; the same edit sent again (its answer lost on the way, the outbox resends)
 * finds its version made, not a conflict with itself; another edit on an old version is a conflict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentFormListSchema, assessmentFormSchema, type Question } from '../../../src/api/assessment-contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const latestSocial = async () =>
  assessmentFormListSchema
    .parse((await server.app.inject('/api/assessment-forms')).json())
    .filter((form) => form.formType === 'SOCIAL')
    .at(-1)!;
const put = (questions: Question[], basedOn: number) =>
  server.app.inject({ method: 'PUT', url: '/api/assessment-forms/SOCIAL', payload: { questions, basedOn } });

describe("an admin's edit of a form's questions", () => {
  it('makes one version; the same edit sent again answers that version; another edit on the old version is a conflict', async () => {
    const start = await latestSocial();
    const questions: Question[] = [
      { id: 'novo-turno', text: 'Em que turno estuda?', required: true, type: 'CHOICE', options: ['Manhã', 'Tarde', 'Noite'] },
      ...start.questions.slice(1),
    ];
    const first = await put(questions, start.version);
    expect(first.statusCode).toBe(201);
    const made = assessmentFormSchema.parse(first.json());
    expect(made.version).toBe(start.version + 1);

    const resend = await put(questions, start.version);
    expect(resend.statusCode).toBe(201);
    expect(assessmentFormSchema.parse(resend.json()).version).toBe(made.version);
    expect((await latestSocial()).version).toBe(made.version);

    const other = await put(start.questions, start.version);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'stale-version', current: { version: made.version } });
  });
});

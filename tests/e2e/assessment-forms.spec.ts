/**
 * The anamnese form editor (issue 52 item 1) in the browser: the admin reaches it from the settings, adds a choice-list
 * question offline, moves it up, reloads (the edit in progress is kept), saves, and the new version reaches the server
 * once online, with the question where it was put. And a child's form, as its psychologist fills it, printed on A4.
 */
import { API_URL, asPsychologist, expect, queryCached, test, waitForServiceWorker } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

type Form = {
  formType: string;
  version: number;
  questions: Array<{ id: string; text: string; required: boolean; type: string; options?: string[] }>;
};
const latestSocial = async (request: import('@playwright/test').APIRequestContext) =>
  ((await (await request.get(`${API_URL}/assessment-forms`)).json()) as Form[]).filter((form) => form.formType === 'SOCIAL').at(-1)!;

test("the admin edits the social form's questions offline; the new version arrives once online", async ({ page, context, request }) => {
  const tag = Date.now().toString(36);
  const before = await latestSocial(request);
  const count = before.questions.length;
  await page.goto('configuracoes');
  await page.getByRole('link', { name: "Edit the forms' questions" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anamnese forms' })).toBeVisible();
  await page.getByRole('tab', { name: 'Social assessment' }).click();
  await expect(page.getByTestId('question-card')).toHaveCount(count);
  await waitForServiceWorker(page);
  await expect.poll(() => queryCached(page, ['assessment-forms'])).toBe(true);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add question' }).click();
  const added = page.getByRole('region', { name: `Question ${count + 1}` });
  const text = `Tem irmãos no programa? ${tag}`;
  await added.getByRole('textbox', { name: 'Question text' }).fill(text);
  await added.getByRole('combobox', { name: 'Answer type' }).selectOption({ label: 'Choice list' });
  await added.getByRole('button', { name: 'Add option' }).click();
  await added.getByRole('button', { name: 'Add option' }).click();
  await added.getByRole('textbox', { name: 'Option 1' }).fill('Sim');
  await added.getByRole('textbox', { name: 'Option 2' }).fill('Não');
  await added.getByRole('checkbox', { name: 'Required' }).check();
  await page.getByRole('button', { name: `Move question ${count + 1} up` }).click();
  const moved = page.getByRole('region', { name: `Question ${count}` });
  await expect(moved.getByRole('textbox', { name: 'Question text' })).toHaveValue(text);

  // Reloaded offline: the edit in progress is still there.
  await page.reload();
  await expect(page.getByRole('region', { name: `Question ${count}` }).getByRole('textbox', { name: 'Question text' })).toHaveValue(text);
  await page.getByRole('button', { name: `Save as version ${before.version + 1}` }).click();
  await expect(page.getByTestId('pending-badge')).toBeVisible();
  expect((await latestSocial(request)).version).toBe(before.version);

  await context.setOffline(false);
  await expect.poll(async () => (await latestSocial(request)).version, { timeout: 30_000 }).toBe(before.version + 1);
  const after = await latestSocial(request);
  expect(after.questions).toHaveLength(count + 1);
  expect(after.questions[count - 1]).toMatchObject({ text, required: true, type: 'CHOICE', options: ['Sim', 'Não'] });
  // The questions before keep their ids (answers are found by them), in their order.
  expect(after.questions.slice(0, count - 1).map((question) => question.id)).toEqual(
    before.questions.slice(0, count - 1).map((question) => question.id),
  );
  expect(after.questions[count]!.id).toBe(before.questions[count - 1]!.id);
  await expect(page.getByTestId('form-version')).toContainText(`Version ${before.version + 1}`);
});

test("a child's psychological anamnese, as its psychologist fills it, prints on A4 as its questions and the answers typed", async ({
  page,
  request,
}) => {
  await asPsychologist(page);
  const [student] = (await (await request.get(`${API_URL}/students?limit=1`)).json()) as { id: string }[];
  const forms = (await (await request.get(`${API_URL}/assessment-forms`)).json()) as Form[];
  const questions = forms.filter((form) => form.formType === 'PSICOLOGIA').at(-1)!.questions;
  await page.goto(`alunos/${student!.id}/anamnese?form=PSICOLOGIA`);
  const form = page.getByRole('form', { name: 'Answers' });
  const typed = `Mora com a avó ${Date.now().toString(36)}`;
  await form.getByRole('textbox', { name: `1. ${questions[0]!.text}` }).fill(typed);
  const yesNo = questions.findIndex((question) => question.type === 'YES_NO');
  await form
    .getByRole('radiogroup', { name: `${yesNo + 1}. ${questions[yesNo]!.text}` })
    .getByRole('radio', { name: 'No' })
    .check();
  // The printed copy follows the answers (a render of its own, after the form's).
  await expect(page.locator('dl')).toContainText(typed);

  const pdf = await page.pdf({ preferCSSPageSize: true });
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const first = await document.getPage(1);
  const [, , width, height] = first.view as [number, number, number, number];
  let text = '';
  for (let number = 1; number <= document.numPages; number += 1)
    text += (await (await document.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  // A4 portrait: 595 x 842 points; the questions with the answers, not the form's fields and buttons, nor the shell.
  expect({ width: Math.round(width), height: Math.round(height) }).toEqual({ width: 595, height: 842 });
  expect(text).toContain(typed);
  expect(text).toContain(`1. ${questions[0]!.text.slice(0, 20)}`);
  expect(text).not.toContain('Save answers');
  expect(text).not.toContain('Back to the profile');
  await document.destroy();
});

/**
 * Issue 24, in pt-BR on a tablet (820x1180): what the screen shows is true, and what the hand did stays.
 * Roll drafts survive leaving the page; a 404 is "not found", never another list or sample data; the header's status
 * says whether the server answers; errors and toasts are where the eye is; keyboard and touch details.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { API_URL, callPath, classWithRoster, deviceRows, expect, test, uniqueDate } from '../support/e2e.ts';

test.use({ locale: 'pt-BR', viewport: { width: 820, height: 1180 } });

/** A date that is not the class's weekday (the class meets on `weekDay`), unused by other tests. */
function dateOffClassDay(weekDay: string): string {
  const days = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'];
  for (;;) {
    const date = uniqueDate();
    if (days[new Date(`${date}T00:00:00Z`).getUTCDay()] !== weekDay) return date;
  }
}

/** Whether two boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

const draftNote = (page: Page) => page.getByTestId('roll-draft');
/** A student's present or absent button on the roll call, in pt-BR. */
const toggle = (page: Page, name: string, state: 'present' | 'absent') =>
  page.getByRole('button', { name: `${name}: ${state === 'present' ? 'presente' : 'ausente'}`, exact: true });

test('roll drafts: marks survive leaving the page and a reload, with a note and a way to discard; saving clears them', async ({ page, request }) => {
  const { group, students } = await classWithRoster(request);
  const weekDay = ((await (await request.get(`${API_URL}/classes`)).json()) as { id: string; weekDay: string }[]).find(
    (c) => c.id === group.id,
  )!.weekDay;
  const date = dateOffClassDay(weekDay);
  const [first, second] = [students[0]!.name, students[1]!.name];

  await page.goto(callPath(group, date));
  await expect(toggle(page, first, 'present')).toHaveAttribute('aria-pressed', 'true');
  // 6: a date that is not the class's weekday gets a gentle note beside it; saving stays possible.
  await expect(page.getByTestId('roll-weekday-warning')).toContainText('o dia da turma é');
  await expect(page.getByRole('button', { name: 'Salvar frequência' })).toBeEnabled();

  await toggle(page, first, 'absent').click();
  await toggle(page, second, 'absent').click();
  await expect(draftNote(page)).toContainText('2 alterações ainda não salvas');
  // The note and the weekday warning keep the page axe clean.
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Leaving by the back link, with no dialog, then coming back: the marks are there, said to be unsaved.
  await page.getByRole('link', { name: 'Voltar para as turmas' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('escolha uma turma');
  await page.goBack();
  await expect(toggle(page, first, 'absent')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, second, 'absent')).toHaveAttribute('aria-pressed', 'true');
  await expect(draftNote(page)).toContainText('2 alterações ainda não salvas');

  // A reload too; then discarding brings back the saved roll (nobody saved: everyone present).
  await page.reload();
  await expect(toggle(page, second, 'absent')).toHaveAttribute('aria-pressed', 'true');
  await draftNote(page).getByRole('button', { name: 'Descartar alterações' }).click();
  await expect(toggle(page, first, 'present')).toHaveAttribute('aria-pressed', 'true');
  await expect(draftNote(page)).toBeHidden();
  await expect.poll(() => deviceRows(page, 'rollDrafts')).toEqual([]);

  // Marks, then save: the note goes, the draft leaves the device, and the toast covers neither title, date nor bar.
  await toggle(page, first, 'absent').click();
  await expect.poll(async () => (await deviceRows(page, 'rollDrafts')).length).toBe(1);
  await page.getByRole('button', { name: 'Salvar frequência' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Frequência registrada com sucesso' });
  await expect(toast).toBeVisible();
  await expect(draftNote(page)).toBeHidden();
  await expect.poll(() => deviceRows(page, 'rollDrafts')).toEqual([]);
  const save = page.getByRole('button', { name: 'Salvar frequência' });
  // A page that ends before the screen does (a desktop taller than the roll): the bar ends the page, Save 100 px above
  // the screen's bottom, not stuck to it, and the toast still rises above it (raised by the bar's height alone, it lay
  // over Save).
  // (Measured again until it holds: the roll's status line above the list can still grow as the server's copy arrives.)
  await expect(async () => {
    await page.setViewportSize({ width: 1280, height: 3000 });
    const saveBottom = await save.evaluate((button) => button.getBoundingClientRect().bottom + window.scrollY);
    await page.setViewportSize({ width: 1280, height: Math.round(saveBottom + 100) });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await save.evaluate((button) => window.innerHeight - button.getBoundingClientRect().bottom)).toBeGreaterThan(80);
  }).toPass({ timeout: 10_000 });
  // Where toasts are placed (the toast area's lower edge above Save), whether or not this one is still showing; and
  // while it is, it covers nothing of Save.
  const areaAboveSave = () =>
    save.evaluate((button) => {
      const area = document.querySelector('.mantine-Notifications-root[data-position^="bottom"]');
      return !!area && window.innerHeight - parseFloat(getComputedStyle(area).bottom) <= button.getBoundingClientRect().top;
    });
  await expect.poll(areaAboveSave, { message: 'toasts placed over Save on a page shorter than the screen' }).toBe(true);
  if (await toast.isVisible()) expect(await overlap(toast, save), 'toast over Save on a page shorter than the screen').toBe(false);
  const protectedAreas = [page.getByRole('heading', { level: 1 }), page.getByTestId('roll-date'), save];
  for (const size of [
    { width: 820, height: 1180 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    // (Polled: the toasts move to their new place as the page takes its new size.)
    for (const area of protectedAreas)
      await expect
        .poll(() => overlap(toast, area), { message: `toast over ${await area.innerText().catch(() => 'date')} at ${size.width}px` })
        .toBe(false);
  }
});

test('"not found" is not "unreachable": an unknown class, activity or student (its guardians, profile and edit) says so, with a way back and nothing else', async ({
  page,
  request,
}) => {
  const { group } = await classWithRoster(request);
  await page.goto(`frequencias/atividades/${group.activityId}/turmas/nao-existe-24/chamada`);
  await expect(page.getByRole('heading', { level: 1, name: 'Turma não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para as turmas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar frequência' })).toHaveCount(0);
  await expect(page.getByTestId('roll-list')).toHaveCount(0);
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);

  await page.goto('frequencias/atividades/nao-existe-24/turmas');
  await expect(page.getByRole('heading', { level: 1, name: 'Atividade não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para as atividades' })).toBeVisible();

  await page.goto('alunos/nao-existe-24/responsaveis');
  await expect(page.getByRole('heading', { level: 1, name: 'Educando não encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para educandos' })).toBeVisible();
  await expect(page.getByText('Patrícia Santos')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cadastrar responsável' })).toHaveCount(0);

  // The student's profile and its edit: "not found", not "check the connection" (the server answered).
  for (const path of ['alunos/nao-existe-24', 'alunos/nao-existe-24/editar']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Educando não encontrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para educandos' })).toBeVisible();
    await expect(page.getByText(/Verifique a conexão/)).toHaveCount(0);
    await expect(page.getByLabel(/^Nome completo/)).toHaveCount(0);
  }
});

test("the header's status: connected, server unavailable (API answering 500), offline", async ({ page, context }) => {
  await page.goto('alunos');
  const status = page.getByTestId('network-status');
  await expect(status).toHaveText('Conectado');
  await page.route('**/api/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
  await page.reload();
  await expect(status).toHaveText('Servidor indisponível');
  await context.setOffline(true);
  await expect(status).toHaveText('Sem conexão');
  await page.unroute('**/api/**');
  await context.setOffline(false);
  // Back online, the app asks the server at once.
  await expect(status).toHaveText('Conectado');
});

test('errors where the eye is: the first invalid field is focused below the fixed header, in the registration and the guardian modal', async ({
  page,
  request,
}) => {
  await page.goto('alunos/cadastro');
  await page.getByLabel(/^Nome completo/).fill('Teste Olhar');
  const cpf = page.getByLabel('CPF', { exact: true });
  await cpf.fill('123.456.789-00');
  await page.getByRole('button', { name: 'Cadastrar educando' }).click();
  await expect(cpf).toBeFocused();
  await expect(page.getByText('CPF inválido: confira os dígitos.')).toBeInViewport();
  const box = (await page.getByText('CPF', { exact: true }).first().boundingBox())!;
  expect(box.y, 'the label starts below the 64 px header').toBeGreaterThanOrEqual(64);

  // The guardian modal: opens with the focus on its first field, the required fields marked so (issue 52: NIS and the
  // address are optional now), the first empty one focused.
  const student = await request.post(`${API_URL}/students`, { data: { fullName: `Olhar ${Date.now()}` } });
  const { id } = (await student.json()) as { id: string };
  await page.goto(`alunos/${id}/responsaveis?action=open-new-responsible-modal`);
  const dialog = page.getByRole('dialog', { name: 'Cadastrar responsável' });
  const name = dialog.getByRole('textbox', { name: 'Nome', exact: true });
  await expect(name).toBeFocused();
  for (const label of [/^Parentesco/, /^CPF/, /^Data de nascimento/, /^Telefone/])
    await expect(dialog.getByLabel(label)).toHaveAttribute('required', '');
  await expect(name).toHaveAttribute('required', '');
  for (const label of [/^NIS/, /^Endereço/]) await expect(dialog.getByLabel(label)).not.toHaveAttribute('required', '');
  await name.fill('Maria');
  await dialog.getByLabel(/^Parentesco/).selectOption('AVO');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByLabel(/^CPF/)).toBeFocused();
  await expect(dialog.getByLabel(/^CPF/)).toHaveAttribute('aria-invalid', 'true');
});

test('keyboard and touch: skip link first, labelled counters, 44 px e-mail links, chooser cards alike', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  await request.post(`${API_URL}/users`, {
    data: { full_name: `Usuária ${tag}`, email: `coordenacao.pedagogica.${tag}@programa-social.example.org.br`, access: 'coordenador' },
  });
  await page.goto('usuarios');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const outbox = page.getByTestId('outbox-status');
  await expect(outbox).toContainText('Pendentes');
  await expect(outbox).toContainText('Com falha');

  const email = page.getByRole('link', { name: new RegExp(`coordenacao.pedagogica.${tag}`) });
  expect((await email.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // It wraps at the @ or a dot, not inside a word.
  expect(await email.locator('wbr').count()).toBeGreaterThan(2);

  await page.goto('frequencias/atividades');
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards.nth(1)).toBeVisible();
  const look = (card: Locator) => card.evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
  expect(await look(cards.first())).toBe(await look(cards.nth(1)));
});

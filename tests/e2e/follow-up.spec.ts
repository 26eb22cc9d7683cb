/**
 * A child who stops coming, followed up in the browser (issue 50): from the alert on home to a recorded contact in 3
 * taps (open the follow-up, the guardian's WhatsApp link, how it went), the WhatsApp link's address checked (the child
 * and the dates missed, nothing else), then a home visit and the close recorded offline, which reach the server once
 * when the connection returns.
 */
import type { APIRequestContext } from '@playwright/test';
import { API_URL, classWithRoster, expect, localDate, test, waitForServiceWorker } from '../support/e2e.ts';

test.use({ locale: 'en-US', viewport: { width: 820, height: 1180 } });

/** A valid CPF from 9 random digits. */
function cpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  const check = (numbers: number[]) => {
    const sum = numbers.reduce((total, digit, index) => total + digit * (numbers.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(digits);
  return [...digits, first, check([...digits, first])].join('');
}

type Case = {
  id: string;
  status: string;
  outcome: string | null;
  steps: Array<{ kind: string; channel: string | null; outcome: string | null; note: string | null }>;
};
const casesOf = async (request: APIRequestContext, studentId: string) =>
  (await (await request.get(`${API_URL}/students/${studentId}/cases`)).json()) as Case[];

test('from the alert on home to a closed case, the contact in 3 taps, the visit and the close offline', async ({ page, context, request }) => {
  // A child absent on the class's last three rolls, with a guardian who has a mobile phone.
  const { group, students } = await classWithRoster(request);
  const name = `Aaron Busca ${Date.now().toString(36)}`;
  const made = await request.post(`${API_URL}/students`, { data: { fullName: name } });
  expect(made.status()).toBe(201);
  const child = (await made.json()) as { id: string };
  expect((await request.put(`${API_URL}/classes/${group.id}/students/${child.id}`, { data: { from: localDate(-30) } })).status()).toBe(201);
  const guardian = await request.post(`${API_URL}/students/${child.id}/responsibles`, {
    data: {
      name: 'Berenice Busca',
      cpf: cpf(),
      birthDate: '1985-02-03',
      civilState: 'SOLTEIRO',
      nis: '12345678901',
      phone: '(81) 98888-1234',
      email: 'berenice.busca@example.org',
      address: 'Rua A, 1',
    },
  });
  expect(guardian.status(), await guardian.text()).toBe(201);
  const missed = [localDate(-9), localDate(-5), localDate(-2)];
  for (const date of missed) {
    const roll = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
      data: {
        takenBy: 'E2E',
        takenAt: `${date}T12:00:00.000Z`,
        entries: [
          { studentId: child.id, status: 'ABSENT' },
          ...students.filter((s) => s.id !== child.id).map((s) => ({ studentId: s.id, status: 'PRESENT' })),
        ],
      },
    });
    expect(roll.status(), await roll.text()).toBe(200);
  }
  // The link opens WhatsApp in another tab: there is no internet here, so that tab is closed unseen.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));

  await page.goto('./');
  const alerts = page.getByTestId('attendance-alerts');
  await expect(alerts.getByRole('heading', { name: 'Absences in a row' })).toBeVisible();
  // The run of absences (the child is below the minimum too: the other list names them as well).
  const follow = alerts
    .getByRole('listitem')
    .filter({ hasText: /absences in a row/ })
    .getByRole('button', { name: `Open follow-up for ${name}` });
  if (!(await follow.isVisible()))
    await alerts
      .getByRole('button', { name: /Show all/ })
      .nth(1)
      .click();

  // Tap 1: the case opens, and its dialog shows the guardian's links.
  await follow.click();
  const dialog = page.getByRole('dialog', { name: `Follow-up of ${name}` });
  const whatsapp = dialog.getByRole('link', { name: 'WhatsApp Berenice Busca' });
  await expect(whatsapp).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Call Berenice Busca' })).toHaveAttribute('href', 'tel:+5581988881234');
  // The message names the dates missed once the server's case is here (the opening is sent at once).
  const textOf = async () => new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text') ?? '';
  const days = missed.map((date) => `${date.slice(8, 10)}/${date.slice(5, 7)}`);
  await expect.poll(textOf, { timeout: 20_000 }).toContain(days.join(', ').replace(/, ([^,]*)$/, ' e $1'));
  const address = new URL((await whatsapp.getAttribute('href'))!);
  expect(`${address.origin}${address.pathname}`).toBe('https://wa.me/5581988881234');
  const text = address.searchParams.get('text')!;
  // The child and the dates missed (dd/mm), in Portuguese; no reason, no cause.
  expect(text).toContain(name);
  expect(text).not.toMatch(/saúde|doen|violên|gravid|motivo|causa/i);

  // Tap 2: following the link records a contact whose outcome is still to say.
  const popup = context.waitForEvent('page');
  await whatsapp.click();
  await (await popup).close();
  await expect
    .poll(async () => (await casesOf(request, child.id))[0]?.steps ?? [], { timeout: 20_000 })
    .toEqual([expect.objectContaining({ kind: 'CONTACT', channel: 'WHATSAPP', outcome: null })]);
  // Tap 3: back in Quadra, how it went.
  const question = dialog.getByTestId('contact-outcome');
  await expect(question).toContainText('How did the contact with Berenice Busca go?');
  await question.getByRole('button', { name: 'Left a message' }).click();
  await expect.poll(async () => (await casesOf(request, child.id))[0]?.steps[0]?.outcome, { timeout: 20_000 }).toBe('MESSAGE_LEFT');
  await page.keyboard.press('Escape');

  // On a home visit with no signal: the visit and the close, from the child's profile.
  await page.goto(`alunos/${child.id}`);
  const followUp = page.getByRole('region', { name: 'Follow-up' });
  await expect(followUp.getByTestId('open-case')).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await followUp.getByRole('button', { name: 'Add step' }).click();
  const stepDialog = page.getByRole('dialog', { name: 'Add a step' });
  await stepDialog.getByRole('radio', { name: 'Home visit' }).check({ force: true });
  await stepDialog.getByRole('textbox', { name: 'Note' }).fill('A avó recebeu a visita');
  await stepDialog.getByRole('button', { name: 'Save step' }).click();
  await expect(followUp.getByTestId('case-step')).toHaveCount(2);
  await followUp.getByRole('button', { name: 'Close follow-up' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close the follow-up' });
  await closeDialog.getByRole('radio', { name: 'Came back' }).check();
  await closeDialog.getByRole('button', { name: 'Close follow-up' }).click();
  await expect(followUp.getByTestId('closed-case')).toContainText('Came back');
  expect((await casesOf(request, child.id))[0]).toMatchObject({ status: 'OPEN' });

  await context.setOffline(false);
  await expect.poll(async () => (await casesOf(request, child.id))[0]?.status, { timeout: 30_000 }).toBe('CLOSED');
  const [closed] = await casesOf(request, child.id);
  expect(closed!.outcome).toBe('RETURNED');
  // Each write arrived once.
  expect(closed!.steps.map((step) => step.kind)).toEqual(['CONTACT', 'HOME_VISIT']);
  expect(closed!.steps[1]!.note).toBe('A avó recebeu a visita');

  await page.goto('acompanhamentos?status=closed');
  await expect(page.getByTestId('cases-table').getByRole('row', { name: new RegExp(name) })).toContainText('Came back');
});

/**
 * Student registration against the reference server, with the ZIP lookup answered by a local fake (page.route on the
 * ViaCEP address): online with two documents, an answer without an id, offline with two documents across two
 * reloads (sent exactly once when the connection returns), documents of a draft kept across a reload, files refused
 * before they are queued, and axe.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import {
  addDocument,
  API_URL,
  documentsOf,
  expect,
  fillStudent,
  pendingCount,
  PDF,
  PNG,
  studentsNamed,
  test,
  uniqueName,
  waitForServiceWorker,
} from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const STREET = 'Praça da Sé, lado ímpar';

/** The fake postcode service: 01001-000 is known, anything else is {erro: true}. */
async function fakePostcodeService(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route(/viacep\.com\.br\/ws\/\d+\/json/, async (route) => {
    const cep = /ws\/(\d+)\/json/.exec(route.request().url())![1]!;
    asked.push(cep);
    await route.fulfill({
      json:
        cep === '01001000'
          ? { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' }
          : { erro: true },
    });
  });
  return asked;
}

test('online: a student with two documents is registered; both files are on the server', async ({ page, context, request }) => {
  const asked = await fakePostcodeService(context);
  const name = uniqueName('online');
  await page.goto('alunos/cadastro');
  await expect(page.getByRole('heading', { level: 1, name: 'Student registration' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle status' })).toBeDisabled();
  await fillStudent(page, name);

  const zip = page.getByLabel(/^ZIP code/);
  await zip.fill('0100100');
  await zip.fill('010010001');
  await expect(page.getByLabel('Number')).toBeHidden();
  await zip.fill('01001-000');
  await expect(page.getByLabel('Street')).toHaveValue(STREET);
  await expect(page.getByLabel('Street')).toHaveAttribute('readonly', '');
  // Issue 52: the neighbourhood, city and state come with the code.
  await expect(page.getByLabel('Neighbourhood')).toHaveValue('Sé');
  await expect(page.getByLabel('City')).toHaveValue('São Paulo');
  await expect(page.getByLabel('State (UF)')).toHaveValue('SP');
  expect(asked).toEqual(['01001000']);
  await page.getByLabel('Number').fill('100');
  await page.getByLabel('Complement').fill('Casa 2');

  await page.getByRole('button', { name: 'Add document' }).click();
  await addDocument(page, { name: 'comprovante-residencia.pdf', mimeType: 'application/pdf', buffer: PDF }, 'Proof of address');
  // Adding checks the file's content first: wait for it to be listed before choosing the next one.
  await expect(page.getByTestId('queued-document')).toHaveCount(1);
  await addDocument(page, { name: 'foto-documento.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('queued-document')).toHaveCount(2);
  await expect(page.getByTestId('queued-document')).toHaveCount(2);

  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByText('Student registered successfully!')).toBeVisible();
  await expect(page.getByLabel(/^Full name/)).toHaveValue('');

  const [student, ...others] = await studentsNamed(request, name);
  expect(others).toHaveLength(0);
  const documents = await documentsOf(request, student!.id);
  expect(documents.map((doc) => [doc.fileName, doc.fileType, doc.mimeType, doc.size]).sort()).toEqual([
    ['comprovante-residencia.pdf', 'COMPROVANTE_RESIDENCIA', 'application/pdf', PDF.length],
    ['foto-documento.png', 'OUTRO', 'image/png', PNG.length],
  ]);
});

/** A valid CPF of 9 random digits and its two check digits. */
function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

test('a CPF already registered: the CPF is marked and focused, a reload keeps the form, "Create New Student" starts empty', async ({
  page,
  request,
}) => {
  const cpf = randomCpf();
  const taken = await request.post(`${API_URL}/students`, {
    data: { id: crypto.randomUUID(), fullName: uniqueName('dono-cpf'), registrationNumber: cpf },
  });
  expect(taken.status()).toBe(201);
  const name = uniqueName('cpf-repetido');
  await page.goto('alunos/cadastro');
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByLabel(/^CPF/).fill(cpf);
  await page.getByRole('button', { name: 'Register student' }).click();
  const field = page.getByLabel(/^CPF/);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/A student with this CPF is already registered\./);
  // The refused registration's toast does not lie over the button that sent it.
  const button = await page.getByRole('button', { name: 'Register student' }).boundingBox();
  const toast = await page.locator('.mantine-Notification-root').first().boundingBox();
  expect(button && toast && toast.y < button.y + button.height && button.y < toast.y + toast.height && toast.x < button.x + button.width).toBeFalsy();

  // A reload is the same form, to be corrected.
  await page.reload();
  await expect(page.getByLabel(/^Full name/)).toHaveValue(name);
  // The form opened anew from the list starts empty: neither the refused name nor its CPF.
  await page.goto('alunos');
  await page.getByRole('link', { name: 'Create New Student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student registration' })).toBeVisible();
  await expect(page.getByLabel(/^Full name/)).toHaveValue('');
  await expect(page.getByLabel(/^CPF/)).toHaveValue('');

  // A success leaves the form empty, with the way on to the new student.
  const next = uniqueName('novo');
  await page.getByLabel(/^Full name/).fill(next);
  await page.getByRole('button', { name: 'Register student' }).click();
  const links = page.getByTestId('registered-links');
  await expect(links).toContainText(`${next} was registered`);
  await links.getByRole('link', { name: 'Open the profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: next })).toBeVisible();
  const [created] = await studentsNamed(request, next);
  const record = (await (await request.get(`${API_URL}/students/${created!.id}`)).json()) as { registrationNumber?: string };
  expect(record.registrationNumber).toBeUndefined();
});

test('an answer without an id is a failure: the failure text, and the form keeps its values', async ({ page, context, request }) => {
  await fakePostcodeService(context);
  await page.route(`${API_URL}/students`, (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 201, json: {} }) : route.continue(),
  );
  const name = uniqueName('sem-id');
  await page.goto('alunos/cadastro');
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByText('Error registering student. Please try again.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'No ID returned from student registration' })).toBeVisible();
  await expect(page.getByLabel(/^Full name/)).toHaveValue(name);
  // Refused, not retried: it sits in the failed list.
  await expect(page.getByTestId('outbox-failed')).toHaveText('1');
  expect(await studentsNamed(request, name)).toHaveLength(0);
});

test('offline: a registration with two documents survives two reloads and reaches the server once', async ({ page, context, request }) => {
  await fakePostcodeService(context);
  const name = uniqueName('offline');
  await page.goto('alunos/cadastro');
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await fillStudent(page, name);
  // The lookup cannot be reached: the street is typed by hand.
  await page.getByLabel(/^ZIP code/).fill('01001000');
  await expect(page.getByText('The ZIP code lookup could not be reached. Type the street by hand.')).toBeVisible();
  await page.getByLabel('Street').fill('Rua da Quadra');
  await page.getByLabel('Number').fill('7');
  await page.getByRole('button', { name: 'Add document' }).click();
  await addDocument(page, { name: 'renda.pdf', mimeType: 'application/pdf', buffer: PDF }, 'Proof of income');
  await expect(page.getByTestId('queued-document')).toHaveCount(1);
  await addDocument(page, { name: 'rg.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('queued-document')).toHaveCount(2);
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByText('Saved on this device. The registration will be sent as soon as the server can be reached.')).toBeVisible();
  await expect.poll(() => pendingCount(page)).toBe(3);

  for (let i = 0; i < 2; i += 1) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Student registration' })).toBeVisible();
    await expect.poll(() => pendingCount(page)).toBe(3);
  }
  expect(await studentsNamed(request, name)).toHaveLength(0);

  await context.setOffline(false);
  await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
  const students = await studentsNamed(request, name);
  expect(students).toHaveLength(1);
  const documents = await documentsOf(request, students[0]!.id);
  expect(documents.map((doc) => doc.fileName).sort()).toEqual(['renda.pdf', 'rg.png']);
});

test('documents added to a registration not sent yet survive a reload with the typed text, and reach the server with it', async ({
  page,
  request,
}) => {
  const name = uniqueName('draft');
  await page.goto('alunos/cadastro');
  await fillStudent(page, name);
  await page.getByRole('button', { name: 'Add document' }).click();
  await addDocument(page, { name: 'renda.pdf', mimeType: 'application/pdf', buffer: PDF }, 'Proof of income');
  await addDocument(page, { name: 'rg.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('queued-document').filter({ hasText: 'rg.png' }).getByRole('button').click();
  await expect(page.getByTestId('queued-document')).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel(/^Full name/)).toHaveValue(name);
  await expect(page.getByTestId('queued-document')).toHaveCount(1);
  await expect(page.getByTestId('queued-document')).toContainText('renda.pdf');
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByText('Student registered successfully!')).toBeVisible();
  const students = await studentsNamed(request, name);
  expect(students).toHaveLength(1);
  expect((await documentsOf(request, students[0]!.id)).map((doc) => doc.fileName)).toEqual(['renda.pdf']);

  // Registered: the next registration starts without them, after a reload too.
  await page.reload();
  await expect(page.getByLabel(/^Full name/)).toHaveValue('');
  await expect(page.getByTestId('queued-document')).toHaveCount(0);
});

test('a renamed executable, an empty file and an 11 MB file are refused before they are queued', async ({ page }) => {
  await page.goto('alunos/cadastro');
  await page.getByRole('button', { name: 'Add document' }).click();
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
  await addDocument(page, { name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: exe });
  await expect(page.getByText('Only PDF, JPEG or PNG files can be added. This file is none of them.')).toBeVisible();
  await addDocument(page, { name: 'vazio.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
  await expect(page.getByText('This file is empty. Choose another file.')).toBeVisible();
  const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
  await addDocument(page, { name: 'grande.pdf', mimeType: 'application/pdf', buffer: big });
  await expect(page.getByText('This file is larger than 10 MB. Choose a smaller file.')).toBeVisible();
  await expect(page.getByTestId('queued-document')).toHaveCount(0);
  await expect(page.getByText('No documents added yet.')).toBeVisible();
});

test('the registration form has no serious accessibility violations', async ({ page, context }) => {
  await fakePostcodeService(context);
  await page.goto('alunos/cadastro');
  await page.getByLabel(/^ZIP code/).fill('01001000');
  await expect(page.getByLabel('Street')).toHaveValue(STREET);
  await page.getByRole('button', { name: 'Add document' }).click();
  await page.getByRole('button', { name: 'Register student' }).click();
  await expect(page.getByText('Full name is required.', { exact: true })).toBeVisible();
  // The form's own content; the shell is checked by its own spec.
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

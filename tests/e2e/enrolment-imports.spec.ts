/**
 * The class list import (issue 54 item 2) and the "Export everything" buttons, against the reference server: a
 * programme's class list (Windows-1252, `;`, dd/mm/aaaa, accents, a CPF invalid, an impossible date, a duplicate, a
 * child Quadra has, a new activity and two new classes) through the preview, the classes' completion and the import
 * to the result; the same file again finds everything done. A class list with issue 52's fields registers its new
 * children with them. Then both exports downloaded and opened.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { API_URL, expect, studentsNamed, test } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const FIXTURE = 'tests/fixtures/turmas-programa.csv';

test('a class list goes through the preview, creating its missing activity and classes, to the result', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A child Quadra has already (the file names her by CPF): enrolled, not registered again.
  if ((await studentsNamed(request, 'Heitor Gonçalves Brandão')).length === 0) {
    const created = await request.post(`${API_URL}/students`, {
      data: { id: crypto.randomUUID(), fullName: 'Heitor Gonçalves Brandão', dateOfBirth: '2013-04-12', registrationNumber: '27847763796' },
    });
    expect(created.ok()).toBe(true);
  }
  await page.goto('alunos/importar');
  await page.getByTestId('import-kind-classes').check();
  await page.locator('input[type=file]').setInputFiles(FIXTURE);

  await expect(page.getByLabel('Field for the column Atividade')).toHaveValue('activityName');
  await expect(page.getByLabel('Field for the column Horário')).toHaveValue('schedule');
  await expect(page.getByLabel('Field for the column Data de matrícula')).toHaveValue('enrolledFrom');

  await expect(page.getByTestId('count-enrol')).toHaveText('To enrol: 1');
  await expect(page.getByTestId('count-new-child')).toHaveText('New children: 3');
  await expect(page.getByTestId('count-wrong')).toHaveText('Wrong: 3');
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('row', { name: /Heitor Gonçalves Brandão/ })).toContainText('Already in Quadra: Heitor Gonçalves Brandão');
  await expect(preview.getByRole('row', { name: /Lara Assunção/ })).toContainText('CPF: "123.456.789-00" is not a valid CPF');
  await expect(preview.getByRole('row', { name: /Joaquim Estêvão Ribeiro/ })).toContainText('is not a date');
  await expect(preview.locator('tr[data-status=wrong]', { hasText: 'The same child and class as row 3' })).toHaveCount(1);
  // 02/03/2026 in the file (2 March), as en-US writes it.
  await expect(preview.getByRole('row', { name: /Heitor/ })).toContainText('03/02/2026');

  // The missing activity and classes, prefilled from the file: the teacher, Saturday 09:00, Tuesday 14:00.
  await expect(page.getByLabel('Teacher of Capoeira')).toHaveValue('Mestre Cobra Mansa');
  await expect(page.getByLabel('Weekday of Capoeira Angola - Iniciantes')).toHaveValue('SABADO');
  await expect(page.getByLabel('Activity of Natação Infantil - Turma C')).not.toHaveValue('');
  await expect(page.getByLabel('Weekday of Natação Infantil - Turma C')).toHaveValue('TERCA');
  // Refusing to create them leaves their rows out; accepting again brings them back.
  // The checkbox's target (its label, over the box too) is 44 px at least.
  const create = page.getByLabel(/Create them with the import/);
  const createBox = (await page.locator(`label[for="${await create.getAttribute('id')}"]`).boundingBox())!;
  expect(Math.min(createBox.width, createBox.height)).toBeGreaterThanOrEqual(44);
  await create.uncheck();
  await expect(page.getByTestId('count-wrong')).toHaveText('Wrong: 5');
  await expect(preview.getByRole('row', { name: /Marcelo Tavares Cunha/ })).toContainText('No class is called "Natação Infantil - Turma C"');
  await page.getByLabel(/Create them with the import/).check();
  await page.getByLabel('Level of Capoeira Angola - Iniciantes').selectOption('INICIANTE');
  await expect(page.getByTestId('count-wrong')).toHaveText('Wrong: 3');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await page.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect(page.getByTestId('result-enrolled')).toHaveText('Enrolled: 4');
  await expect(page.getByTestId('result-registered')).toHaveText('Children registered: 2');
  await expect(page.getByTestId('result-refused')).toHaveText('Refused: 3');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-refused').click()]);
  const refused = readFileSync((await download.path())!, 'utf8');
  expect(refused).toContain('Lara Assunção');
  expect(refused.split('\r\n').filter(Boolean)).toHaveLength(4);

  // On the server: the new activity and classes once, Íris registered once and in two classes, Heitor not twice.
  const classes = (await (await request.get(`${API_URL}/classes`)).json()) as { id: string; title: string; weekDay: string; level: string }[];
  expect(classes.filter((group) => group.title === 'Capoeira Angola - Iniciantes')).toEqual([
    expect.objectContaining({ weekDay: 'SABADO', level: 'INICIANTE' }),
  ]);
  const activities = (await (await request.get(`${API_URL}/activities`)).json()) as { name: string; teacher: string }[];
  expect(activities.filter((activity) => activity.name === 'Capoeira')).toEqual([expect.objectContaining({ teacher: 'Mestre Cobra Mansa' })]);
  const iris = await studentsNamed(request, 'Íris Magalhães');
  expect(iris).toHaveLength(1);
  const record = (await (await request.get(`${API_URL}/students/${iris[0]!.id}`)).json()) as { enrolments: unknown[] };
  expect(record.enrolments).toHaveLength(2);
  expect(await studentsNamed(request, 'Heitor Gonçalves Brandão')).toHaveLength(1);

  // The same file again: every child is in their class already, and no class is missing.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(page.getByTestId('count-skip')).toHaveText('Already in the class: 4');
  await expect(page.getByTestId('count-new-child')).toHaveText('New children: 0');
  await expect(page.getByTestId('import-new-catalog')).toHaveCount(0);
});

test("a class list's new children come in with their record and guardian (issue 52's fields), read as the students import reads them", async ({
  page,
  request,
}) => {
  await page.goto('alunos/importar');
  await page.getByTestId('import-kind-classes').check();
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/turmas-campos-cadastro.csv');
  await expect(page.getByLabel('Field for the column Nome social')).toHaveValue('socialName');
  await expect(page.getByLabel('Field for the column Ano escolar')).toHaveValue('schoolYear');
  await expect(page.getByLabel('Field for the column Parentesco')).toHaveValue('guardianRelationship');
  await expect(page.getByTestId('count-new-child')).toHaveText('New children: 2');
  await expect(page.getByTestId('count-wrong')).toHaveText('Wrong: 1');
  await expect(page.getByTestId('import-preview').getByRole('row', { name: /Yasmin Freitas Lobo/ })).toContainText(
    'Age-grade distortion: "talvez" is not one of the options',
  );
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByTestId('result-registered')).toHaveText('Children registered: 2');
  // The refused row goes back as the file had it, every column (the guardian's too).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-refused').click()]);
  const refused = readFileSync((await download.path())!, 'utf8');
  expect(refused).toContain('Parentesco');
  expect(refused).toContain('Carla Freitas');
  // The list names a child by their social name.
  const [gabriela] = await studentsNamed(request, 'Gabriela Cardoso');
  const record = (await (await request.get(`${API_URL}/students/${gabriela!.id}`)).json()) as Record<string, unknown>;
  expect(record).toMatchObject({
    fullName: 'Gabriel Cardoso Pires',
    socialName: 'Gabriela Cardoso',
    gender: 'MULHER_TRANS',
    schoolYear: 'FUNDAMENTAL_8',
    schoolShift: 'TARDE',
    gradeGap: false,
    address: { neighborhood: 'Casa Amarela', city: 'Recife', state: 'PE' },
    enrollmentDate: '2026-03-02',
  });
  const guardians = (await (await request.get(`${API_URL}/students/${gabriela!.id}/responsibles`)).json()) as Record<string, unknown>[];
  expect(guardians).toEqual([expect.objectContaining({ name: 'Lúcia Cardoso', relationship: 'MAE', phone: '(81) 98765-4321' })]);
});

test('"Export everything" downloads an XLSX with a sheet per entity and a ZIP of the same as CSV files', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('alunos/importar');
  const section = page.getByTestId('export-everything');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Excel file (.xlsx)' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^quadra-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = await readXlsxFile(readFileSync((await xlsx.path())!));
  const sheets = book.map((one) => one.sheet);
  expect(sheets).toEqual(expect.arrayContaining(['students', 'guardians', 'activities', 'classes', 'enrolments', 'rolls', 'roll_marks', 'users']));
  const students = book.find((one) => one.sheet === 'students')!.data;
  expect(students.length).toBeGreaterThan(1);

  const [zip] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'CSV files (.zip)' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/^quadra-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  const names = Object.keys(files);
  expect(names).toEqual(expect.arrayContaining(sheets.map((sheet) => `${sheet}.csv`)));
  // Each CSV opens as text, with its header row; the students' one has the children the XLSX has (by id, the first
  // column: the other browser tests, run beside this one, may add children between the two downloads).
  const studentsCsv = new TextDecoder().decode(files['students.csv']).replace(/^\uFEFF/, '');
  const csvIds = new Set(studentsCsv.split('\r\n').map((line) => line.split(',')[0]));
  expect(students.map((row) => String(row[0])).filter((id) => !csvIds.has(id))).toEqual([]);
});

/**
 * Issue 17, alerts and reports: a student absent on the last three rolls of a class is listed by home's alerts, with
 * links; /relatorios shows the month's chart and table; the students-below-the-minimum CSV downloads and parses back
 * (BOM, `;` and the student's row in pt-BR). Both languages. The arrivals per day (issue 52): a general roll's and a
 * class roll's arrivals counted once a child, in the table, the chart and the CSV.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { API_URL, expect, localDate, test, type ClassGroup } from '../support/e2e.ts';

const WEEK_DAYS = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'];

/** A new class on today's weekday with one student, absent on its rolls of today and the two weeks before. */
async function atRiskStudent(request: APIRequestContext): Promise<{ id: string; name: string; group: ClassGroup }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const activity = await request.post(`${API_URL}/activities`, {
    data: { name: `Relatório ${tag}`, teacher: 'Prof. Rosa', area: 'Esportes', frequency: 'Semanal' },
  });
  expect(activity.status()).toBe(201);
  const activityId = ((await activity.json()) as { id: string }).id;
  const made = await request.post(`${API_URL}/classes`, {
    data: { title: `Turma Risco ${tag}`, activityId, weekDay: WEEK_DAYS[new Date().getDay()], schedule: '14:00 - 15:00', level: 'INICIANTE' },
  });
  expect(made.status()).toBe(201);
  const group = (await made.json()) as ClassGroup;
  const name = `Educando Risco ${tag}`;
  const student = await request.post(`${API_URL}/students`, { data: { fullName: name } });
  expect(student.status()).toBe(201);
  const { id } = (await student.json()) as { id: string };
  expect((await request.put(`${API_URL}/classes/${group.id}/students/${id}`, { data: { from: localDate(-30) } })).status()).toBe(201);
  for (const offset of [-14, -7, 0]) {
    const date = localDate(offset);
    const roll = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
      data: { takenBy: 'Prof. Rosa', takenAt: new Date().toISOString(), entries: [{ studentId: id, status: 'ABSENT' }] },
    });
    expect(roll.ok(), await roll.text()).toBeTruthy();
  }
  return { id, name, group };
}

test('home lists the at-risk student with links; /relatorios shows the chart and table; the CSV parses back in pt-BR', async ({
  browser,
  baseURL,
  request,
}) => {
  const { id, name, group } = await atRiskStudent(request);

  // en-US: home's alerts and the report.
  const english = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
  await english.addInitScript(() => window.localStorage.setItem('quadra.locale', 'en-US'));
  const page = await english.newPage();
  await page.goto('');
  const alerts = page.getByTestId('attendance-alerts');
  await expect(alerts.getByRole('heading', { name: 'Attendance alerts' })).toBeVisible();
  // Each list shows its first five items (home asks for no more): open them all (the seed has other students at risk);
  // the first opened loads the whole lists.
  const showAll = alerts.getByRole('button', { name: /^Show all/ });
  while ((await showAll.count()) > 0) {
    await showAll.first().click();
    await expect(alerts.locator('button[data-loading]')).toHaveCount(0);
  }
  const below = alerts
    .getByRole('listitem')
    .filter({ hasText: name })
    .filter({ hasText: /roll days?/ });
  await expect(below.getByRole('link', { name })).toHaveAttribute('href', new RegExp(`/alunos/${id}$`));
  const streak = alerts.getByRole('listitem').filter({ hasText: '3 absences in a row' }).filter({ hasText: name });
  await expect(streak.getByRole('link', { name: group.title })).toHaveAttribute('href', new RegExp(`/turmas/${group.id}/frequencia$`));
  await below.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/alunos/${id}$`));

  await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Chart of the frequency by class/ });
  await expect(chart).toHaveAccessibleName(new RegExp(`${group.title} 0%`));
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('class-table').getByRole('row', { name: new RegExp(group.title) })).toContainText('0%');
  await english.close();

  // pt-BR: the heading, and the export of the students below the minimum.
  const portuguese = await browser.newContext({ baseURL, locale: 'pt-BR', serviceWorkers: 'block', acceptDownloads: true });
  await portuguese.addInitScript(() => window.localStorage.setItem('quadra.locale', 'pt-BR'));
  const pt = await portuguese.newPage();
  await pt.goto('relatorios');
  await expect(pt.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  await expect(pt.getByTestId('below-threshold-table')).toContainText(name);
  const [download] = await Promise.all([pt.waitForEvent('download'), pt.getByRole('button', { name: 'Exportar educandos (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`educandos-abaixo-do-minimo-${localDate().slice(0, 7)}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = text.slice(1).trimEnd().split('\r\n');
  expect(rows[0]).toBe('Educando;Frequência (%);Dias de chamada');
  const rollDaysThisMonth = [-14, -7, 0].filter((offset) => localDate(offset).startsWith(localDate().slice(0, 7))).length;
  expect(rows).toContain(`${name};0;${rollDaysThisMonth}`);
  await portuguese.close();
});

/** Issue 53: an activity of its own with a class, two children enrolled a month ago and today's roll (one present). */
async function fundedClass(request: APIRequestContext) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const year = Number(localDate().slice(0, 4));
  const activity = await request.post(`${API_URL}/activities`, {
    data: { name: `Prestação ${tag}`, teacher: 'Prof. Rosa', area: 'Esportes', frequency: 'Semanal' },
  });
  const activityId = ((await activity.json()) as { id: string }).id;
  const made = await request.post(`${API_URL}/classes`, {
    data: { title: `Turma Funder ${tag}`, activityId, weekDay: WEEK_DAYS[new Date().getDay()], schedule: '14:00 - 15:00', level: 'INICIANTE' },
  });
  const group = (await made.json()) as ClassGroup;
  const children = [
    { fullName: `Alice Funder ${tag}`, dateOfBirth: `${year - 12}-01-01`, gender: 'FEMININO', address: { neighborhood: `Bairro ${tag}` } },
    { fullName: `Breno Funder ${tag}`, dateOfBirth: `${year - 20}-01-01`, gender: 'MASCULINO' },
  ];
  const ids: string[] = [];
  for (const child of children) {
    const student = await request.post(`${API_URL}/students`, { data: child });
    expect(student.status()).toBe(201);
    const { id } = (await student.json()) as { id: string };
    ids.push(id);
    expect((await request.put(`${API_URL}/classes/${group.id}/students/${id}`, { data: { from: localDate(-30) } })).status()).toBe(201);
  }
  const roll = await request.put(`${API_URL}/classes/${group.id}/attendance/${localDate()}`, {
    data: {
      takenBy: 'Prof. Rosa',
      takenAt: new Date().toISOString(),
      entries: [
        { studentId: ids[0], status: 'PRESENT' },
        { studentId: ids[1], status: 'ABSENT' },
      ],
    },
  });
  expect(roll.ok(), await roll.text()).toBeTruthy();
  return { activityId, activityName: `Prestação ${tag}`, names: children.map((child) => child.fullName), neighborhood: `Bairro ${tag}` };
}

test('the period report for funders counts the children served and those who came, by band and gender, in both languages, and offline from the device', async ({
  browser,
  baseURL,
  request,
}) => {
  const { activityId, activityName, names, neighborhood } = await fundedClass(request);
  const english = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
  await english.addInitScript(() => window.localStorage.setItem('quadra.locale', 'en-US'));
  const page = await english.newPage();
  await page.goto('relatorios');
  await page.getByRole('link', { name: 'Period report for funders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Period report for funders' })).toBeVisible();
  // This month, the whole programme, then only the activity of the test.
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('month');
  const chips = page.getByRole('group', { name: 'Activities' });
  // Mantine's Chip: its checkbox is hidden under its label, which takes the tap
  await chips.getByText(activityName, { exact: true }).click();
  await expect(chips.getByRole('checkbox', { name: activityName })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`activities=${activityId}`));
  await expect(page.getByTestId('served-count')).toHaveText('2');
  await expect(page.getByTestId('attended-count')).toHaveText('1');
  await expect(page.getByTestId('funder-rule')).toContainText('enrolled in a class on at least one day of the period and active then');
  await expect(page.getByTestId('breakdown-ageBand').getByRole('row', { name: /^11–14 years/ })).toHaveText(/11–14 years\s*1\s*1/);
  await expect(page.getByTestId('breakdown-ageBand').getByRole('row', { name: /^18\+ years/ })).toHaveText(/18\+ years\s*1\s*0/);
  await expect(page.getByTestId('breakdown-gender').getByRole('row', { name: /^Female/ })).toHaveText(/Female\s*1\s*1/);
  await expect(page.getByTestId('breakdown-neighborhood').getByRole('row', { name: new RegExp(`^${neighborhood}`) })).toHaveText(
    new RegExp(`${neighborhood}\\s*1\\s*1`),
  );
  await expect(page.getByTestId('breakdown-neighborhood').getByRole('row', { name: /^Not recorded/ })).toHaveText(/Not recorded\s*1\s*0/);
  await expect(page.getByRole('img', { name: /^Chart of the beneficiaries served, By neighbourhood/ }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Chart of the beneficiaries served, By gender/ }).locator('canvas')).toBeVisible();
  // Attendance by activity and class: today's roll, one present and one absent
  await expect(page.getByTestId('period-attendance').getByRole('row', { name: new RegExp(`^${activityName}`) })).toContainText('50%');
  await page.getByRole('button', { name: 'Show the list' }).click();
  await expect(page.getByTestId('nominal-list').getByRole('row', { name: new RegExp(names[0]!) })).toContainText('100%');
  await expect(page.getByTestId('nominal-list').getByRole('row', { name: new RegExp(names[1]!) })).toContainText('0%');

  // Offline: the same choice shows the device's copy, saying from when.
  await english.setOffline(true);
  await chips.getByText(activityName, { exact: true }).click();
  await chips.getByText(activityName, { exact: true }).click();
  // the figures' copy and the list's (shown above), each with its date
  const listPart = page.getByRole('region', { name: 'Nominal list', exact: true });
  await expect(page.getByTestId('device-banner').first()).toContainText('as of');
  await expect(page.getByTestId('served-count')).toHaveText('2');
  await expect(listPart.getByTestId('device-banner')).toContainText('as of');
  await expect(listPart.getByTestId('nominal-list').getByRole('row', { name: new RegExp(names[0]!) })).toContainText('100%');
  await english.close();

  const portuguese = await browser.newContext({ baseURL, locale: 'pt-BR', serviceWorkers: 'block' });
  await portuguese.addInitScript(() => window.localStorage.setItem('quadra.locale', 'pt-BR'));
  const pt = await portuguese.newPage();
  await pt.goto(`relatorios/prestacao-de-contas?activities=${activityId}`);
  await expect(pt.getByRole('heading', { level: 1, name: 'Prestação de contas' })).toBeVisible();
  await expect(pt.getByText('Beneficiários atendidos')).toBeVisible();
  await expect(pt.getByTestId('served-count')).toHaveText('2');
  await expect(pt.getByTestId('breakdown-gender').getByRole('row', { name: /^Feminino/ })).toHaveText(/Feminino\s*1\s*1/);
  await expect(pt.getByTestId('breakdown-neighborhood').getByRole('row', { name: /^Não registrado/ })).toHaveText(/Não registrado\s*1\s*0/);
  await expect(pt.getByRole('img', { name: /^Gráfico dos beneficiários atendidos, Por bairro/ }).locator('canvas')).toBeVisible();
  // This quarter: the address holds its two dates, and the same two children were served in it
  await pt.getByRole('combobox', { name: 'Período' }).selectOption({ label: 'Um trimestre' });
  const month = Number(localDate().slice(5, 7));
  const quarterStart = `${localDate().slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  await expect(pt).toHaveURL(new RegExp(`from=${quarterStart}`));
  await expect(pt.getByRole('combobox', { name: 'Trimestre' })).toBeVisible();
  await expect(pt.getByTestId('served-count')).toHaveText('2');
  await portuguese.close();
});

test("the funder's pack downloads as one ZIP, warns before the CPF goes in full, and says it needs the server offline", async ({
  browser,
  baseURL,
  request,
}) => {
  const { activityId, activityName } = await fundedClass(request);
  const english = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block', acceptDownloads: true });
  await english.addInitScript(() => window.localStorage.setItem('quadra.locale', 'en-US'));
  const page = await english.newPage();
  await page.goto(`relatorios/prestacao-de-contas?activities=${activityId}`);
  await expect(page.getByTestId('served-count')).toHaveText('2');
  // The activity calendar: today's roll is a day held of the class
  await expect(page.getByTestId('activity-calendar')).toContainText(activityName);
  const pack = page.getByTestId('funder-pack');
  await expect(pack.getByRole('checkbox', { name: 'CPF in full' })).not.toBeChecked();
  await expect(pack.getByText('The CPF will go in full')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), pack.getByRole('button', { name: 'Download the pack' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^quadra-prestacao-de-contas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.zip$/);
  const { unzipSync } = await import('fflate');
  const files = Object.keys(unzipSync(new Uint8Array(readFileSync((await download.path())!))));
  expect(files).toEqual(expect.arrayContaining(['beneficiarios.xlsx', 'beneficiarios.csv', 'resumo.pdf', 'sem-autorizacao-de-imagem.csv']));
  expect(files.filter((file) => file.startsWith('frequencia/')).length).toBeGreaterThan(0);
  await pack.getByRole('checkbox', { name: 'CPF in full' }).check();
  await expect(pack.getByText('The CPF will go in full')).toBeVisible();
  // Offline: the report shows from the device, the pack says it needs the server
  await english.setOffline(true);
  await expect(pack.getByRole('button', { name: 'Download the pack' })).toBeDisabled();
  await expect(pack.getByTestId('funder-pack-offline')).toHaveText('The pack is made by the server: connect to the internet to download it.');
  await english.close();
});

test('the arrivals per day count a child marked at the general roll or present in a class roll, once, in both languages', async ({
  browser,
  baseURL,
  request,
}) => {
  // A day of a past month no other test takes a roll on: the counts are this test's alone.
  const date = '2022-03-15';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const activity = await request.post(`${API_URL}/activities`, {
    data: { name: `Chegadas ${tag}`, teacher: 'Prof. Rosa', area: 'Esportes', frequency: 'Semanal' },
  });
  const activityId = ((await activity.json()) as { id: string }).id;
  const made = await request.post(`${API_URL}/classes`, {
    data: { title: `Turma Chegadas ${tag}`, activityId, weekDay: 'TERCA', schedule: '14:00 - 15:00', level: 'INICIANTE' },
  });
  const group = (await made.json()) as ClassGroup;
  const student = await request.post(`${API_URL}/students`, { data: { fullName: `Chegada Turma ${tag}` } });
  const inClass = ((await student.json()) as { id: string }).id;
  const enrolled = await request.put(`${API_URL}/classes/${group.id}/students/${inClass}`, { data: { from: '2022-03-01' } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const classRoll = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
    data: { takenBy: 'Prof. Rosa', takenAt: new Date().toISOString(), entries: [{ studentId: inClass, status: 'PRESENT' }] },
  });
  expect(classRoll.ok(), await classRoll.text()).toBeTruthy();
  const atDoor = await request.post(`${API_URL}/students`, { data: { fullName: `Chegada Porta ${tag}` } });
  const doorId = ((await atDoor.json()) as { id: string }).id;
  const current = (await (await request.get(`${API_URL}/attendance/general/${date}`)).json()) as {
    takenAt?: string;
    entries: { studentId: string; status: string }[];
  };
  const others = current.entries.filter((entry) => entry.studentId !== doorId && entry.studentId !== inClass);
  const general = await request.put(`${API_URL}/attendance/general/${date}`, {
    data: {
      takenBy: 'Recepção E2E',
      takenAt: new Date().toISOString(),
      // The class roll's child is marked at the door too: one arrival, not two.
      entries: [...others, { studentId: doorId, status: 'PRESENT' }, { studentId: inClass, status: 'PRESENT' }],
      basedOn: current.takenAt ?? null,
    },
  });
  expect(general.ok(), await general.text()).toBeTruthy();
  const arrived = 2 + others.filter((entry) => entry.status === 'PRESENT').length;

  const english = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block', acceptDownloads: true });
  await english.addInitScript(() => window.localStorage.setItem('quadra.locale', 'en-US'));
  const page = await english.newPage();
  await page.goto('relatorios?month=2022-03');
  const arrivals = page.getByTestId('arrivals-report');
  await expect(arrivals.getByRole('heading', { name: 'Arrivals per day' })).toBeVisible();
  const row = page.getByTestId('arrivals-table').getByRole('row', { name: /March 15/ });
  await expect(row.getByRole('cell')).toHaveText([String(arrived), String(arrived), '0']);
  await expect(arrivals.getByRole('img', { name: /^Chart of the arrivals per day in March 2022/ })).toHaveAccessibleName(
    new RegExp(`03/15 ${arrived}`),
  );
  const [download] = await Promise.all([page.waitForEvent('download'), arrivals.getByRole('button', { name: 'Export arrivals CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('arrivals-2022-03.csv');
  const rows = readFileSync((await download.path())!, 'utf8')
    .slice(1)
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe('Day,Arrived,Marked at the general roll,Through a class roll only');
  expect(rows).toContain(`2022-03-15,${arrived},${arrived},0`);
  await english.close();

  const portuguese = await browser.newContext({ baseURL, locale: 'pt-BR', serviceWorkers: 'block' });
  await portuguese.addInitScript(() => window.localStorage.setItem('quadra.locale', 'pt-BR'));
  const pt = await portuguese.newPage();
  await pt.goto('relatorios?month=2022-03');
  await expect(pt.getByRole('heading', { name: 'Chegadas por dia' })).toBeVisible();
  await expect(pt.getByTestId('arrivals-table').getByRole('row', { name: /15 de março/ })).toBeVisible();
  await portuguese.close();
});

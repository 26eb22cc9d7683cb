/**
 * The sync fills the device: opened online at home only, the tablet then takes a real roll offline; a student added
 * on the server arrives at the next sync; a sync with nothing changed costs less than 2 KB on the wire.
 */
import type { Page, Request } from '@playwright/test';
import {
  API_URL,
  callPath,
  classWithRoster,
  expect,
  test,
  toggle,
  uniqueDate,
  uniqueName,
  waitForServiceWorker,
  type ClassGroup,
} from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const syncText = (page: Page) => page.getByTestId('sync-status-text');
const synced = /Available offline · synced \d/;

test('opened online at home only, the device holds the programme: offline the chooser, the roster and a roll that reaches the server once', async ({
  page,
  context,
  request,
}) => {
  const { group, students } = await classWithRoster(request);
  const activities = (await (await request.get(`${API_URL}/activities`)).json()) as { id: string; name: string }[];
  const activity = activities.find((item) => item.id === group.activityId)!;
  const classes = (await (await request.get(`${API_URL}/classes`)).json()) as ClassGroup[];
  const rollPuts: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().includes(`/classes/${group.id}/attendance/`)) rollPuts.push(sent);
  });

  await page.goto('./');
  await expect(syncText(page)).toHaveText(synced, { timeout: 20_000 });
  await waitForServiceWorker(page);
  await context.setOffline(true);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Attendance' }).click();
  // The picker, not home still on screen while the screen's code loads: home's rolls to complete name activities too.
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance: choose an activity' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(activity.name) }).first()).toBeVisible();
  await expect(page.getByTestId('sample-banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Futsal/ })).toHaveCount(activities.some((item) => /Futsal/.test(item.name)) ? 1 : 0);
  await page
    .getByRole('link', { name: new RegExp(activity.name) })
    .first()
    .click();
  const sameActivity = classes.filter((item) => item.activityId === group.activityId);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(group.title) })
      .first(),
  ).toBeVisible();
  expect(sameActivity.length).toBeGreaterThan(0);

  const date = uniqueDate();
  await page.goto(callPath(group, date));
  for (const student of students) await expect(toggle(page, student.name, 'present')).toBeVisible();
  await toggle(page, students[0]!.name, 'absent').click();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 30_000 });
  const roll = (await (await request.get(`${API_URL}/classes/${group.id}/attendance/${date}`)).json()) as {
    entries: { studentId: string; status: string }[];
  };
  expect(roll.entries.find((entry) => entry.studentId === students[0]!.id)?.status).toBe('ABSENT');
  expect(rollPuts).toHaveLength(1);
});

test('a student added on the server arrives at the next sync and a deactivated one leaves; a sync with nothing changed costs under 2 KB', async ({
  page,
  context,
  request,
}) => {
  const syncs: Request[] = [];
  page.on('requestfinished', (sent) => {
    if (/\/api\/sync(\?|$)/.test(sent.url())) syncs.push(sent);
  });
  await page.goto('./');
  await expect(syncText(page)).toHaveText(synced, { timeout: 20_000 });

  const name = uniqueName('Sync');
  const id = crypto.randomUUID();
  const created = await request.post(`${API_URL}/students`, {
    data: { id, fullName: name, address: { code: '', street: '', number: '', complement: '' } },
  });
  expect(created.status()).toBe(201);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => syncs.length).toBeGreaterThanOrEqual(2);
  await expect(syncText(page)).toHaveText(synced);
  await waitForServiceWorker(page);

  // Unchanged since: the next sync is a few hundred bytes. Other tests write to the same server meanwhile, so a sync
  // may carry their changes: asked again until one finds nothing new (30 s at most).
  const syncAgain = async () => {
    const before = syncs.length;
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => syncs.length).toBe(before + 1);
    const unchanged = syncs.at(-1)!;
    expect(unchanged.url()).toContain('since=');
    const sizes = await unchanged.sizes();
    await expect(syncText(page)).toHaveText(synced);
    return sizes.responseBodySize + sizes.responseHeadersSize;
  };
  await expect.poll(syncAgain, { intervals: [0, 0, 0], timeout: 30_000 }).toBeLessThan(2048);

  // The new student came with the sync: offline, the list shows them.
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Students' }).click();
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByTestId('student-card').filter({ hasText: name })).toBeVisible();
  await context.setOffline(false);

  // Deactivated on the server, the student leaves the device's list at the next sync.
  const { version } = (await (await request.get(`${API_URL}/students/${id}`)).json()) as { version: number };
  const today = new Date().toLocaleDateString('sv-SE');
  const deactivated = await request.post(`${API_URL}/students/${id}/status`, {
    data: { active: false, date: today, reason: 'Mudou de cidade', version },
  });
  expect(deactivated.status()).toBe(200);
  await page.goto('./');
  // The restored status already says "synced" (the last sync's time): wait for this sync's own answer.
  const beforeLeaving = syncs.length;
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => syncs.length).toBeGreaterThan(beforeLeaving);
  await expect(syncText(page)).toHaveText(synced);
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Students' }).click();
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByTestId('student-card').filter({ hasText: name })).toHaveCount(0);
  await context.setOffline(false);

  // "On this device" says what is kept and offers the removal.
  await page.goto('./');
  await page.getByRole('button', { name: 'On this device' }).click();
  await expect(page.getByTestId('device-panel')).toContainText(/Students: \d+/);
  await expect(page.getByRole('button', { name: "Remove this device's data" })).toBeVisible();
});

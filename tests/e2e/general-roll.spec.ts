/**
 * The general roll (issue 52) against the reference server: a child present in a class roll of the day shows as arrived
 * and cannot be unmarked there; a general roll taken offline survives a reload and reaches the server once; today's
 * marks taken at the door reach a device with its sync and show there offline, on a roll never opened; the page
 * by keyboard, with its targets at least 44 px on the tablet (axe on it: a11y.spec.ts).
 */
import type { APIRequestContext } from '@playwright/test';
import { API_URL, classWithRoster, expect, localDate, queryCached, test, uniqueName, waitForServiceWorker, type Student } from '../support/e2e.ts';

test.use({ locale: 'en-US' });

type GeneralRoll = { takenAt?: string; correctedAt?: string | null; entries: { studentId: string; status: string }[]; arrivedInClass: string[] };

async function serverGeneralRoll(request: APIRequestContext, date: string): Promise<GeneralRoll> {
  const response = await request.get(`${API_URL}/attendance/general/${date}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as GeneralRoll;
}

async function newChild(request: APIRequestContext, label: string): Promise<Student> {
  const name = uniqueName(label);
  const made = await request.post(`${API_URL}/students`, { data: { fullName: name } });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { id: string }).id, name };
}

/** The date's general roll as another device saves it: as the server has it, with `child` marked arrived. */
async function markArrived(request: APIRequestContext, date: string, child: Student): Promise<void> {
  const current = await serverGeneralRoll(request, date);
  const saved = await request.put(`${API_URL}/attendance/general/${date}`, {
    data: {
      takenBy: 'Recepção E2E',
      takenAt: new Date().toISOString(),
      entries: [...current.entries.filter((entry) => entry.studentId !== child.id), { studentId: child.id, status: 'PRESENT' }],
      basedOn: current.takenAt ?? null,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

/** A day no other test of this file takes its general roll on: today, or a day back per test. */
let daysBack = 0;
const nextDate = () => localDate(-daysBack++);

test('a child present in a class roll shows arrived and cannot be unmarked; a roll taken offline reaches the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const date = nextDate();
  const { group, students } = await classWithRoster(request);
  const inClass = students[0]!;
  // The instructor's roll of that day has the child present.
  const classRoll = await request.put(`${API_URL}/classes/${group.id}/attendance/${date}`, {
    data: { takenBy: 'Instrutor E2E', takenAt: new Date().toISOString(), entries: [{ studentId: inClass.id, status: 'PRESENT' }] },
  });
  expect(classRoll.ok(), await classRoll.text()).toBeTruthy();
  const arriving = await newChild(request, 'Geral');

  await page.goto(`frequencias/geral?date1=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'General roll' })).toBeVisible();
  await waitForServiceWorker(page);
  const search = page.getByRole('searchbox', { name: 'Search by name' });

  // Arrived through the class roll: pressed, locked, and a press changes nothing.
  await search.fill(inClass.name);
  const locked = page.getByRole('button', { name: `${inClass.name}: arrived (present in a class roll, cannot be unmarked here)` });
  await expect(locked).toHaveAttribute('aria-pressed', 'true');
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  // A tap (forced: the button says it is disabled) and a key press leave it as it is.
  await locked.click({ force: true });
  await locked.press('Space');
  await expect(locked).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('roll-draft')).toBeHidden();

  // The new child is on the list (the device's copy of the students list) and not arrived.
  await search.fill(arriving.name);
  const toggle = page.getByRole('button', { name: `${arriving.name}: arrived`, exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // 44 px at least, on the tablet too.
  await page.setViewportSize({ width: 820, height: 1180 });
  const box = (await toggle.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);

  // Offline: marked arrived by keyboard, saved to the outbox.
  await context.setOffline(true);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('roll-draft')).toBeVisible();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Attendance recorded successfully')).toBeVisible();
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'pending');
  expect((await serverGeneralRoll(request, date)).takenAt).toBeUndefined();

  // Reloaded offline: still pending, still arrived, the class roll's child still locked.
  await page.reload();
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'pending');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(arriving.name);
  await expect(page.getByRole('button', { name: `${arriving.name}: arrived`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(inClass.name);
  await expect(page.getByRole('button', { name: `${inClass.name}: arrived (present in a class roll, cannot be unmarked here)` })).toBeVisible();

  // Online again: it is sent, once.
  await context.setOffline(false);
  await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  const saved = await serverGeneralRoll(request, date);
  expect(saved.entries.filter((entry) => entry.studentId === arriving.id)).toEqual([{ studentId: arriving.id, status: 'PRESENT' }]);
  // The class roll's child keeps their own mark here (not arrived at the door), and has arrived through the class.
  expect(saved.entries.find((entry) => entry.studentId === inClass.id)?.status).toBe('ABSENT');
  expect(saved.arrivedInClass).toContain(inClass.id);
  // One save reached the server: never corrected by a second copy of it.
  expect(saved.correctedAt).toBeNull();
  await expect(page.getByTestId('outbox-pending')).toHaveText('0');

  // The month's general view counts both as arrived that day.
  const month = (await (await request.get(`${API_URL}/attendance/general?month=${date.slice(0, 7)}`)).json()) as {
    dates: string[];
    students: { id: string; cells: (string | null)[] }[];
  };
  const day = month.dates.indexOf(date);
  expect(month.students.find((s) => s.id === arriving.id)?.cells[day]).toBe('P');
  expect(month.students.find((s) => s.id === inClass.id)?.cells[day]).toBe('C');
});

test('the month of arrivals shows each child per day and the arrivals per day', async ({ page, request }) => {
  const date = nextDate();
  const child = await newChild(request, 'Mes');
  await markArrived(request, date, child);
  await page.goto(`frequencias/geral/mes?month=${date.slice(0, 7)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Arrivals of the month' })).toBeVisible();
  const grid = page.getByTestId('general-month-grid');
  await expect(grid.getByRole('row', { name: new RegExp(child.name) })).toContainText('P');
  await expect(page.getByTestId('general-month-totals')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});

test("today's marks taken at the door show offline on a device that synced, where the general roll was never opened", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const date = localDate();
  const child = await newChild(request, 'Porta');
  // The door's tablet saves today's general roll with the child arrived.
  await markArrived(request, date, child);

  // The coordinator's device opens the app at the office (the sync runs) and never the general roll.
  await page.goto('');
  await waitForServiceWorker(page);
  await expect.poll(() => queryCached(page, ['attendance', 'general', 'day', date]), { timeout: 30_000 }).toBe(true);

  // At the court, no signal: the general roll opens with the door's mark.
  await context.setOffline(true);
  await page.goto('frequencias/geral');
  await expect(page.getByRole('heading', { level: 1, name: 'General roll' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(child.name);
  await expect(page.getByRole('button', { name: `${child.name}: arrived`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await context.setOffline(false);
});

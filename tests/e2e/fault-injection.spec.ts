/**
 * Issue 8, part 2: fault injection. With about 30% of the API requests failing (a 500, a dropped connection, or an
 * answer that never comes until the client gives up) and the network switched off and on at random moments, an
 * instructor saves 10 rolls and a staff member registers 3 students with 2 documents each, across reloads (one offline
 * with work waiting, one while a registration is being sent, one more). Afterwards the server holds exactly those
 * records, once each, the pending count is 0 and nothing is left failed.
 *
 * The faults are a route on the browser context, so every page of the context goes through it; the app's API requests
 * are the page's own (the service worker answers only navigations and its precache), and the test checks the route
 * saw them. The app's request timeout is 10 minutes, so a "hang" lets the request reach the server and then holds its
 * answer for HANG_MS before failing it as a timeout: the server may have applied the write, the case a resend must not
 * duplicate (so do "500-after" and "abort-after").
 *
 * Every random choice comes from a seeded PRNG, so a failure can be replayed: FAULT_SEED=<seed> (printed and annotated
 * at the start; FAULT_VERBOSE=1 prints each step, switch, reload and fault as it happens, and the log is attached to
 * the report). The user's steps, the network switches and the reloads are planned from the seed up front; the faults
 * come from two further streams of it, one for writes and one for reads, so that the writes (sent one at a time by the
 * outbox) meet the same faults in the same order as far as the timing allows.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import type { OutboxRow } from '../../src/lib/db.ts';
import {
  addDocument,
  API_URL,
  callPath,
  classWithRoster,
  deviceRows,
  documentsOf,
  expect,
  fillStudent,
  pendingCount,
  PDF,
  PNG,
  rosterCached,
  serverRoll,
  studentsNamed,
  test,
  toggle,
  uniqueDate,
  uniqueName,
  waitForServiceWorker,
  type ClassGroup,
  type Student,
} from '../support/e2e.ts';

test.use({ locale: 'en-US' });

const DEFAULT_SEED = 8;
const SEED = parseSeed(process.env.FAULT_SEED);
const ROLLS = 10;
const REGISTRATIONS = 3;
const CLASSES = 3;
/** Share of API requests that fail. */
const FAULT_RATE = 0.3;
/** How long a "hanging" request is held before the client's side of it gives up (the app's own timeout is 10 min). */
const HANG_MS = 4_000;
const VERBOSE = Boolean(process.env.FAULT_VERBOSE);

function parseSeed(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SEED;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FAULT_SEED must be an integer, got "${value}"`);
  return seed;
}

/** mulberry32: a small, fast, seedable PRNG; returns numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Independent streams of one seed. */
const stream = (seed: number, salt: number) => mulberry32(Math.imul(seed ^ salt, 0x9e3779b1) ^ salt);

/**
 * What happens to one request: it passes, or the client sees a 500, a dropped connection or no answer at all. The
 * "-after" faults and "hang" let the request reach the server first: the write may be applied while its answer is
 * lost, the case a resend must not duplicate.
 */
type Fault = 'pass' | '500' | '500-after' | 'abort' | 'abort-after' | 'hang';
const FAULTS: [Fault, number][] = [
  ['500', 0.05],
  ['500-after', 0.05],
  ['abort', 0.05],
  ['abort-after', 0.05],
  ['hang', FAULT_RATE - 0.2],
];

function drawFault(random: () => number): Fault {
  let r = random();
  if (r >= FAULT_RATE) return 'pass';
  for (const [fault, share] of FAULTS) {
    if (r < share) return fault;
    r -= share;
  }
  return 'hang';
}

/** The student's name, when the request is a registration. */
function registrationName(route: Route): string | undefined {
  const request = route.request();
  if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/api/students')) return undefined;
  return (request.postDataJSON() as { fullName?: string } | null)?.fullName;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Routes every API request of the browser context through the faults while enabled; counts what it saw. */
class FaultInjector {
  enabled = false;
  offline = false;
  /** Hold this student's first registration request past the timeout (no draw): the page reloads meanwhile. */
  hangRegistrationOf: string | null = null;
  readonly log: string[] = [];
  readonly seen = { reads: 0, writes: 0 };
  readonly injected: Record<Fault, number> = { pass: 0, '500': 0, '500-after': 0, abort: 0, 'abort-after': 0, hang: 0 };
  private readonly inFlight = new Set<Promise<void>>();
  private readonly start = Date.now();
  private readonly writes: () => number;
  private readonly reads: () => number;

  constructor(seed: number) {
    this.writes = stream(seed, 0x57a7e);
    this.reads = stream(seed, 0x4ead5);
  }

  async install(context: BrowserContext): Promise<void> {
    await context.route(`${API_URL}/**`, (route) => {
      // A slip of the harness itself must not leave the request hanging: it fails like a network error.
      const handling = this.handle(route).catch(() => route.abort('failed').catch(() => undefined));
      this.inFlight.add(handling);
      return handling.finally(() => this.inFlight.delete(handling));
    });
  }

  /** A line of the run's log (printed as it happens with FAULT_VERBOSE=1, attached to the report at the end). */
  note(line: string): void {
    const stamped = `${((Date.now() - this.start) / 1000).toFixed(1).padStart(6)}s ${line}`;
    this.log.push(stamped);
    if (VERBOSE) console.log(`fault-injection: ${stamped}`);
  }

  /** Wait until every held request was answered or given up. */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const write = request.method() !== 'GET';
    if (write) this.seen.writes += 1;
    else this.seen.reads += 1;
    if (!this.enabled) return route.continue();
    // Offline, the browser fails the request without sending it; no draw, so the fault streams stay aligned.
    if (this.offline) return route.abort('internetdisconnected');
    const forced = this.hangRegistrationOf !== null && registrationName(route) === this.hangRegistrationOf;
    if (forced) this.hangRegistrationOf = null;
    const fault = forced ? 'hang' : drawFault(write ? this.writes : this.reads);
    this.injected[fault] += 1;
    this.note(`${request.method()} ${new URL(request.url()).pathname} -> ${fault}`);
    switch (fault) {
      case 'pass':
        // The server's answer, in the log: a lost write shows whether it was ever accepted.
        void request
          .response()
          .then((response) => this.note(`${request.method()} ${new URL(request.url()).pathname} answered ${response?.status() ?? 'nothing'}`))
          .catch(() => undefined);
        return route.continue();
      case '500':
        return route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Injected fault' } });
      case 'abort':
        return route.abort('failed');
      default: {
        // The server gets the request and may apply it...
        await route.fetch().catch(() => undefined);
        // ...but its answer never reaches the page.
        if (fault === '500-after') {
          return route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Injected fault after the write' } });
        }
        if (fault === 'hang') await sleep(HANG_MS);
        return route.abort(fault === 'hang' ? 'timedout' : 'connectionreset');
      }
    }
  }
}

type RollStep = { kind: 'roll'; classIndex: number; date: string; absentees: number[] };
type RegistrationStep = { kind: 'registration'; index: number; name: string };
type Step = (RollStep | RegistrationStep) & {
  /** Switch the network (off when on, on when off) before the step. */
  switchBefore: boolean;
  /** Switch the network right after pressing save. */
  switchWhileSaving: boolean;
  /** Reload the page after the step; 'offline': with the network off and the step's writes waiting. */
  reloadAfter?: 'offline' | 'any';
  /** Reload the page while the registration is being sent (stored on the device, its first request hanging). */
  reloadWhileSending?: boolean;
};

/** The user's steps, the switches and the reloads, all from the seed. */
function planSteps(random: () => number, tag: string): Step[] {
  const pick = (n: number) => Math.floor(random() * n);
  const work: (RollStep | RegistrationStep)[] = [
    ...Array.from({ length: ROLLS }, (_, i): RollStep => ({ kind: 'roll', classIndex: i % CLASSES, date: uniqueDate(), absentees: [] })),
    ...Array.from({ length: REGISTRATIONS }, (_, index): RegistrationStep => ({
      kind: 'registration',
      index,
      name: uniqueName(`${tag} ${index + 1}`),
    })),
  ];
  for (let i = work.length - 1; i > 0; i -= 1) {
    const j = pick(i + 1);
    [work[i], work[j]] = [work[j]!, work[i]!];
  }
  for (const item of work) {
    // 1 to 3 absentees among the first students of the roster (indices into its uniquely named students).
    if (item.kind === 'roll') item.absentees = [...new Set(Array.from({ length: 1 + pick(3) }, () => pick(12)))];
  }
  const steps = work.map((item): Step => ({ ...item, switchBefore: random() < 0.3, switchWhileSaving: random() < 0.2 }));
  // One reload offline with work waiting, in the first half; another one later, whatever the network; and one while
  // a registration is being sent.
  const offlineAt = 3 + pick(4);
  steps[offlineAt]!.reloadAfter = 'offline';
  steps[offlineAt + 2 + pick(steps.length - offlineAt - 3)]!.reloadAfter = 'any';
  const registrations = steps.filter((step) => step.kind === 'registration' && step.reloadAfter !== 'offline');
  registrations[pick(registrations.length)]!.reloadWhileSending = true;
  return steps;
}

/** A compact description of a step, for the log. */
function describeStep(step: Step): string {
  const what = step.kind === 'roll' ? `roll ${step.date} of class ${step.classIndex + 1}` : `registration ${step.index + 1}`;
  const extras = [
    step.switchBefore && 'switch before',
    step.switchWhileSaving && 'switch while saving',
    step.reloadWhileSending && 'reload while sending',
    step.reloadAfter && `reload after (${step.reloadAfter})`,
  ].filter(Boolean);
  return extras.length ? `${what}; ${extras.join(', ')}` : what;
}

type OutboxRowSummary = { kind: string; name?: string; state: string; reason?: string; attempts: unknown[]; dueIn: number };

/** The outbox rows on the device (for the failure messages, and to see a registration stored). */
async function outboxRows(page: Page): Promise<OutboxRowSummary[]> {
  const rows = (await deviceRows(page, 'outbox')) as (OutboxRow & { payload: { fullName?: string } | null })[];
  return rows.map((row) => ({
    kind: row.kind,
    name: row.payload?.fullName,
    state: row.state,
    reason: row.reason,
    attempts: row.attempts,
    dueIn: row.nextAttemptAt - Date.now(),
  }));
}

/** The running test's log; printed whole when the test fails (the report's attachment is cut short in CI output). */
let runLog: string[] = [];
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern; it needs none.
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(`fault-injection log (FAULT_SEED=${SEED}):\n${runLog.join('\n')}`);
});

test('with 30% of API requests failing and the network switching, 10 rolls and 3 registrations reach the server exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  console.log(`fault-injection: FAULT_SEED=${SEED} (replay with FAULT_SEED=${SEED}; FAULT_VERBOSE=1 prints each fault)`);
  test.info().annotations.push({ type: 'FAULT_SEED', description: String(SEED) });

  const tag = `Falha ${SEED} ${Date.now().toString(36)}`;
  const steps = planSteps(stream(SEED, 0x91a9), tag);
  // Classes no other spec writes rolls to (the attendance tests use the first two with a roster).
  const classes: { group: ClassGroup; students: Student[] }[] = [];
  for (let i = 0; i < CLASSES; i += 1) classes.push(await classWithRoster(request, 2 + i));
  const rollDays = async (classId: string): Promise<string[]> => {
    const days = (await (await request.get(`${API_URL}/classes/${classId}/attendance`)).json()) as { date: string }[];
    return days.map((day) => day.date);
  };
  const rollDaysBefore = await Promise.all(classes.map(({ group }) => rollDays(group.id)));

  const faults = new FaultInjector(SEED);
  runLog = faults.log;
  await faults.install(context);
  // The page's own errors and warnings, in the log: a screen that does not come back after a reload says why.
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') faults.note(`page ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => faults.note(`page error: ${error.message.slice(0, 300)}`));
  page.on('load', () => faults.note(`page loaded ${new URL(page.url()).pathname}`));
  const setOffline = async (offline: boolean) => {
    if (offline !== faults.offline) faults.note(offline ? 'network off' : 'network on');
    faults.offline = offline;
    await context.setOffline(offline);
  };

  // Arrange, with no faults: the service worker in control and every roster on the device, as after a normal visit.
  await page.goto('frequencias/atividades');
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await waitForServiceWorker(page);
  for (const { group } of classes) await expect.poll(() => rosterCached(page, group.id)).toBe(true);
  expect(faults.seen.reads, 'API requests of the page go through the context route').toBeGreaterThan(0);

  faults.enabled = true;
  const takenRolls: { classIndex: number; date: string; statuses: Map<string, 'PRESENT' | 'ABSENT'> }[] = [];
  const registered: { name: string; files: [string, string, number][] }[] = [];
  let onCallPageOf: number | null = null;

  for (const [i, step] of steps.entries()) {
    faults.note(`step ${i + 1}: ${describeStep(step)}`);
    // The planned switches, except where a reload needs the network off (offline reload) or on (reload while sending).
    const needs = step.reloadAfter === 'offline' ? 'offline' : step.reloadWhileSending ? 'online' : null;
    if (needs) await setOffline(needs === 'offline');
    else if (step.switchBefore) await setOffline(!faults.offline);
    const switchWhileSaving = step.switchWhileSaving && !needs;

    if (step.kind === 'roll') {
      const { group, students } = classes[step.classIndex]!;
      if (onCallPageOf === step.classIndex) {
        // The same class: the app's own date control.
        await page.getByLabel('Date').fill(step.date);
        await expect(page).toHaveURL(new RegExp(`date1=${step.date}`));
      } else {
        await page.goto(callPath(group, step.date));
        onCallPageOf = step.classIndex;
      }
      const nameCount = new Map<string, number>();
      for (const student of students) nameCount.set(student.name, (nameCount.get(student.name) ?? 0) + 1);
      const markable = students.filter((student) => nameCount.get(student.name) === 1);
      const absent = new Set(step.absentees.map((index) => markable[index % markable.length]!.id));
      // The roster of that date may hang twice (4 s each, the app retries once) before today's stands in for it.
      await expect(toggle(page, markable[0]!.name, 'present')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', /^(none|unknown)$/);
      for (const student of markable.filter((s) => absent.has(s.id))) {
        await toggle(page, student.name, 'absent').click();
        await expect(toggle(page, student.name, 'absent')).toHaveAttribute('aria-pressed', 'true');
      }
      await expect(page.getByTestId('roll-counts')).toContainText(new RegExp(`Absent: ${absent.size}(?!\\d)`));
      await page.getByRole('button', { name: 'Save attendance' }).click();
      if (switchWhileSaving) await setOffline(!faults.offline);
      await expect(page.getByTestId('roll-sync')).toHaveAttribute('data-state', /^(pending|synced)$/);
      takenRolls.push({
        classIndex: step.classIndex,
        date: step.date,
        statuses: new Map(students.map((student) => [student.id, absent.has(student.id) ? 'ABSENT' : 'PRESENT'])),
      });
    } else {
      if (onCallPageOf !== null || !page.url().includes('alunos/cadastro')) await page.goto('alunos/cadastro');
      onCallPageOf = null;
      await expect(page.getByRole('heading', { level: 1, name: 'Student registration' })).toBeVisible();
      await fillStudent(page, step.name);
      const open = page.getByRole('button', { name: 'Add document' });
      if (await open.isVisible()) await open.click();
      const pdfName = `falha-${step.index + 1}-comprovante.pdf`;
      const pngName = `falha-${step.index + 1}-foto.png`;
      const files: [string, string, number][] = [
        [pdfName, 'application/pdf', PDF.length],
        [pngName, 'image/png', PNG.length],
      ];
      await addDocument(page, { name: pdfName, mimeType: 'application/pdf', buffer: PDF }, 'Proof of address');
      await expect(page.getByTestId('queued-document')).toHaveCount(1);
      await addDocument(page, { name: pngName, mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('queued-document')).toHaveCount(2);
      if (step.reloadWhileSending) faults.hangRegistrationOf = step.name;
      await page.getByRole('button', { name: 'Register student' }).click();
      registered.push({ name: step.name, files });
      if (switchWhileSaving) await setOffline(!faults.offline);
      if (step.reloadWhileSending) {
        // Stored on the device, its first request still under way (held): the tablet reloads.
        await expect.poll(async () => (await outboxRows(page)).some((row) => row.name === step.name)).toBe(true);
        faults.note('reload while sending');
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Student registration' }))
          .toBeVisible()
          .catch(async (error: unknown) => {
            faults.note(
              `after the reload, the page shows: ${(
                await page
                  .locator('body')
                  .innerText()
                  .catch(() => '?')
              ).slice(0, 500)}`,
            );
            throw error;
          });
        // It is on its way: the form must not offer it again (a second submit would replace it, files and all).
        await expect(page.getByLabel(/^Full name/), 'a registration stored on the device is not brought back by a reload').toHaveValue('');
      }
      // Sent, or kept on the device to be sent later: either way the form starts over. Never refused.
      await expect(page.getByLabel(/^Full name/)).toHaveValue('', { timeout: 30_000 });
      await expect(page.getByTestId('queued-document')).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: 'The server did not register the student' })).toHaveCount(0);
    }

    if (step.reloadAfter === 'offline') {
      // Offline, the step's writes are waiting: a reload keeps every one of them.
      await expect.poll(() => pendingCount(page)).toBeGreaterThan(0);
      // The header follows the device's outbox a moment after a write is stored (a live query): the count is read once
      // it holds still for half a second, not while the step's last write is landing.
      let before = await pendingCount(page);
      await expect
        .poll(
          async () => {
            const now = await pendingCount(page);
            const still = now === before;
            before = now;
            return still;
          },
          { intervals: [500] },
        )
        .toBe(true);
      faults.note(`reload offline, ${before} pending`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => pendingCount(page)).toBe(before);
    } else if (step.reloadAfter) {
      faults.note('reload');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  }
  expect(takenRolls).toHaveLength(ROLLS);
  expect(registered).toHaveLength(REGISTRATIONS);

  // The connection comes back. First the outbox drains under the faults (switching the network off and on when it
  // waits on a backoff: 'online' makes everything due); then the faults stop, and everything must be through.
  await setOffline(false);
  const drain = async (timeout: number): Promise<boolean> => {
    const deadline = Date.now() + timeout;
    let lastKick = Date.now();
    for (;;) {
      if ((await pendingCount(page)) === 0) return true;
      if (Date.now() > deadline) return false;
      if (Date.now() - lastKick > 10_000) {
        lastKick = Date.now();
        await setOffline(true);
        await setOffline(false);
      }
      await sleep(500);
    }
  };
  faults.note('drain under faults');
  if (!(await drain(60_000))) faults.note('still pending under faults');
  faults.enabled = false;
  faults.note('faults off');
  await faults.settle();
  const drained = await drain(90_000);
  expect(drained, `the outbox drains; left: ${JSON.stringify(await outboxRows(page))}`).toBe(true);
  await expect(page.getByTestId('outbox-failed'), JSON.stringify(await outboxRows(page))).toHaveText('0');
  expect(await outboxRows(page)).toEqual([]);

  const summary = `${faults.seen.writes} writes and ${faults.seen.reads} reads intercepted; injected: ${JSON.stringify(faults.injected)}`;
  console.log(`fault-injection: ${summary}`);
  test.info().annotations.push({ type: 'faults', description: summary });
  await test.info().attach('fault-log', { body: faults.log.join('\n'), contentType: 'text/plain' });
  // At least one request per write (10 rolls, 3 students, 6 documents) went through the route.
  expect(faults.seen.writes).toBeGreaterThanOrEqual(ROLLS + REGISTRATIONS * 3);

  // The server: each student once, with exactly its two documents, and no other student of this run.
  for (const { name, files } of registered) {
    const students = await studentsNamed(request, name);
    expect(students, name).toHaveLength(1);
    const documents = await documentsOf(request, students[0]!.id);
    expect(documents.map((doc) => [doc.fileName, doc.mimeType, doc.size]).sort(), name).toEqual([...files].sort());
  }
  const all = (await (await request.get(`${API_URL}/students`)).json()) as Student[];
  expect(
    all
      .filter((student) => student.name.includes(tag))
      .map((student) => student.name)
      .sort(),
  ).toEqual(registered.map((r) => r.name).sort());

  // Each roll with its marks, and no other roll day on these classes.
  for (const roll of takenRolls) {
    const { group } = classes[roll.classIndex]!;
    const saved = await serverRoll(request, group.id, roll.date);
    expect(saved, `roll of ${group.id} on ${roll.date}`).not.toBeNull();
    expect(new Map(saved!.entries.map((entry) => [entry.studentId, entry.status])), `roll of ${group.id} on ${roll.date}`).toEqual(roll.statuses);
  }
  for (const [index, { group }] of classes.entries()) {
    const added = (await rollDays(group.id)).filter((date) => !rollDaysBefore[index]!.includes(date));
    const expected = takenRolls.filter((roll) => roll.classIndex === index).map((roll) => roll.date);
    expect(added.sort(), `new roll days of ${group.id}`).toEqual(expected.sort());
  }
});

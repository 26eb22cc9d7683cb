/**
 * Server time of the attendance reports (issue 17): a class's month grid and the alerts, and the period report's
 * beneficiaries over the half year of rolls (issue 53, figures and nominal list), over BENCH_STUDENTS (5000)
 * extra students with six months of weekly rolls of every class (about 150,000 marks), on a fresh embedded database,
 * driven in this process through app.inject (no network: the figure is the server's own time). The beneficiaries' goal
 * is the figures alone (list=none, what the screen asks first); the answer with the nominal list is timed beside it. Prints the median
 * and the slowest of BENCH_RUNS (15) after two warm-up calls, and BENCH_JSON {...} for scripts/bench.ts.
 *   npx tsx scripts/bench-reports.ts
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-reports.ts      the same on PostgreSQL (DATABASE_URL)
 *   BENCH_DATA_DIR=/tmp/x npx tsx scripts/bench-reports.ts               keeps the seeded folder for the next run
 * Goal: <= 100 ms each for the grid and the alerts; <= 500 ms for the half year's beneficiaries. The alerts run with
 * the calendar applied (a day off in each of the last six months), and GET /api/cases lists BENCH_OPEN_CASES (1,000)
 * open follow-up cases (issue 50), <= 100 ms.
 * Then the funder's pack of that half year (issue 53), made by the server as `npm start` runs it, on the seeded folder
 * or database (scripts/bench-pack.ts: time, size, class-month lists, and that server's resident memory at its highest,
 * the embedded database in it). Goal: <= 20 s and <= 400 MB.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServer } from '../server/app.ts';
import { openDatabase } from '../server/db/open.ts';
import { recountAll } from '../server/data/rules/counts.ts';
import { meetsOnDay } from '../server/data/rules/class-schedule.ts';
import { median } from './bench-common.ts';

const students = Number(process.env.BENCH_STUDENTS ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const GOAL_MS = { grid: 100, alerts: 100, beneficiaries: 500, cases: 100 } as const;
/** Follow-up cases (issue 50): this many open, each with a contact and the causes heard. */
const OPEN_CASES = Number(process.env.BENCH_OPEN_CASES ?? 1000);
const PACK_GOAL = { ms: 20_000, rssMB: 400 } as const;

/** A figure against an "at most" goal: the ratio, and met or missed. */
const verdict = (value: number, goal: number): string => `${(value / goal).toFixed(2)} x goal, ${value <= goal ? 'met' : 'missed'}`;

/** The date `days` before today, as the rolls above are dated (the database's current_date, in UTC here). */
const isoDaysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? (await mkdtemp(join(tmpdir(), 'quadra-bench-reports-')));
  let started = performance.now();
  const db = await openDatabase({ dataDir, extraStudents: students, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
  // Six months of rolls: every class on its weekday, everyone enrolled that day, mostly present, some absent, a few
  // justified (the same mix every run: the marks follow from the ids and the date).
  const [{ seeded = 0 } = {}] = await db.query<{ seeded: number }>(
    "SELECT count(*)::int AS seeded FROM attendance_rolls WHERE taken_by = 'bench@example.org'",
  );
  if (seeded === 0)
    await db.exec(`
    INSERT INTO attendance_rolls (class_id, date, taken_by, taken_at)
    SELECT c.id, d::date, 'bench@example.org', d + interval '10 hours'
      FROM classes c, generate_series(current_date - 182, current_date - 1, interval '1 day') d
     WHERE ${meetsOnDay('c', 'd::date')}
    ON CONFLICT DO NOTHING;
    INSERT INTO attendance_entries (class_id, date, student_id, status, reason, position)
    SELECT r.class_id, r.date, e.student_id, m.status, CASE WHEN m.status = 'JUSTIFIED' THEN 'HEALTH' END,
           row_number() OVER (PARTITION BY r.class_id, r.date ORDER BY e.student_id)
      FROM attendance_rolls r
      JOIN class_enrollments e ON e.class_id = r.class_id AND e.enrolled_on <= r.date
     CROSS JOIN LATERAL (SELECT CASE WHEN h < 80 THEN 'PRESENT' WHEN h < 95 THEN 'ABSENT' ELSE 'JUSTIFIED' END AS status
                           FROM (SELECT abs(hashtext(e.student_id || r.date::text)) % 100 AS h) x) m
    ON CONFLICT DO NOTHING;
  `);
  if (seeded === 0) await db.transaction(recountAll); // rolls written here, not through the API: count them once
  // The calendar applied (issue 50): a day off in each of the last months, so the alerts' rule meets real days off.
  await db.exec(`
    INSERT INTO calendar_days (date, kind, name, updated_by)
    SELECT (current_date - n * 30)::date, 'HOLIDAY', 'Bench', 'bench@example.org' FROM generate_series(1, 6) n
    ON CONFLICT DO NOTHING;`);
  if (seeded === 0) await db.transaction(recountAll); // the days off take their rolls out of the counts
  // OPEN_CASES open follow-up cases (issue 50) of as many children, each with a contact and the causes heard.
  await db.exec(`
    INSERT INTO follow_up_cases (id, student_id, origin, opened_on, opened_by, opened_by_id, next_step_on)
    SELECT 'bench-case-' || s.id, s.id, 'ABSENT_STREAK', current_date - (hashtext(s.id) % 20 + 20) % 20, 'Bench', 'bench',
           current_date + (hashtext(s.id) % 10)
      FROM (SELECT id FROM students ORDER BY id LIMIT ${OPEN_CASES}) s
    ON CONFLICT DO NOTHING;
    INSERT INTO follow_up_steps (id, case_id, kind, at, channel, outcome, recorded_by, recorded_by_id)
    SELECT c.id || '-contact', c.id, 'CONTACT', now() - interval '1 day', 'PHONE', 'REACHED', 'Bench', 'bench' FROM follow_up_cases c
    ON CONFLICT DO NOTHING;
    INSERT INTO follow_up_steps (id, case_id, kind, at, causes, recorded_by, recorded_by_id)
    SELECT c.id || '-causes', c.id, 'CAUSES', now() - interval '1 day', ARRAY['TRANSPORT', 'FAMILY'], 'Bench', 'bench' FROM follow_up_cases c
    ON CONFLICT DO NOTHING;`);
  // Vacuumed as a running server's upkeep does at its first quiet moment (server/db/maintenance.ts): the pages the seed
  // wrote marked all-visible and the counts' dead rows gone, as on a programme's database, not a just-seeded one.
  await db.exec('VACUUM (ANALYZE)');
  const [{ marks = 0, rolls = 0 } = {}] = await db.query<{ marks: number; rolls: number }>(
    'SELECT (SELECT count(*)::int FROM attendance_entries) AS marks, (SELECT count(*)::int FROM attendance_rolls) AS rolls',
  );
  // The largest class: the grid with the most rows.
  const [largest] = await db.query<{ id: string; n: number }>(
    'SELECT class_id AS id, count(*)::int AS n FROM class_enrollments GROUP BY class_id ORDER BY n DESC LIMIT 1',
  );
  process.stderr.write(
    `Seeded ${students} extra students, ${rolls} rolls, ${marks} marks in ${((performance.now() - started) / 1000).toFixed(1)} s; largest class ${largest!.n} students\n`,
  );

  const app = await buildServer({ db, distDir: dataDir });
  await app.ready();
  const month = new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 7);
  const time = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 2; i += 1) {
      started = performance.now();
      const response = await app.inject(url);
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (i >= 2) times.push(ms);
    }
    return { medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)) };
  };
  const figures = {
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    students,
    marks,
    grid: await time(`/api/classes/${largest!.id}/attendance?month=${month}`),
    alerts: await time('/api/attendance/alerts'),
    // The half year the rolls cover, the whole programme: the figures alone (list=none), what the screen asks first,
    // then with the nominal list of every child served and its access record (asked when the list is shown).
    beneficiaries: await time(`/api/reports/beneficiaries?from=${isoDaysAgo(182)}&to=${isoDaysAgo(1)}&list=none`),
    beneficiariesWithList: await time(`/api/reports/beneficiaries?from=${isoDaysAgo(182)}&to=${isoDaysAgo(1)}`),
    // Every open case: the child, their classes, days open, next step, late, and each child's read in the access record.
    cases: await time('/api/cases?status=open'),
  };
  const [{ open = 0 } = {}] = await db.query<{ open: number }>('SELECT count(*)::int AS open FROM follow_up_cases WHERE closed_at IS NULL');
  await app.close();
  await db.close();
  const pack = timePack(dataDir, `/api/reports/funder-pack?from=${isoDaysAgo(182)}&to=${isoDaysAgo(1)}`);
  if (!keep) await rm(dataDir, { recursive: true, force: true });
  for (const name of ['grid', 'alerts', 'beneficiaries', 'cases'] as const) {
    const { medianMs, maxMs } = figures[name];
    const goal = GOAL_MS[name];
    const label = name === 'cases' ? `cases (${open} open)` : name;
    console.log(`${label.padEnd(13)} median ${medianMs} ms, slowest ${maxMs} ms (goal <= ${goal} ms: ${verdict(medianMs, goal)})`);
  }
  const listed = figures.beneficiariesWithList;
  console.log(`with the list median ${listed.medianMs} ms, slowest ${listed.maxMs} ms (no goal: the nominal list, asked when shown)`);
  console.log(
    `pack          median ${pack.medianMs} ms, slowest ${pack.maxMs} ms (goal <= ${PACK_GOAL.ms} ms: ${verdict(pack.medianMs, PACK_GOAL.ms)}); ` +
      `${pack.lists} class-month lists, ${pack.zipMB} MB; resident memory at most ${pack.peakRssMB} MB (${pack.baseRssMB} MB before; ` +
      `goal <= ${PACK_GOAL.rssMB} MB: ${verdict(pack.peakRssMB, PACK_GOAL.rssMB)})`,
  );
  console.log(`BENCH_JSON ${JSON.stringify({ ...figures, openCases: open, pack })}`);
}

/** The pack timed by scripts/bench-pack.ts on the server as `npm start` runs it, on the seeded folder (this process closed it). */
function timePack(dataDir: string, path: string) {
  const child = spawnSync(join(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/bench-pack.ts'], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_PACK_DIR: dataDir, BENCH_PACK_PATH: path },
    timeout: 900_000,
  });
  const line = (child.stdout ?? '').split('\n').find((text) => text.startsWith('BENCH_PACK_JSON '));
  if (!line) throw new Error(`scripts/bench-pack.ts printed no figures:\n${child.stderr}`);
  return JSON.parse(line.slice('BENCH_PACK_JSON '.length)) as {
    medianMs: number;
    maxMs: number;
    zipMB: number;
    lists: number;
    baseRssMB: number;
    peakRssMB: number;
  };
}

await main();

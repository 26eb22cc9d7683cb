/**
 * Server time of a guardian's copy (issue 51): GET /api/students/{id}/export of one child with three years of weekly
 * rolls in each of their classes (every classmate marked too), five 1 MB documents, consents and 1,000 entries of
 * access record, among BENCH_STUDENTS (5000) extra students, on a fresh embedded database, driven in this process
 * through app.inject (the figure is the server's own time: read, page, ZIP). Prints the median and the slowest of
 * BENCH_RUNS (5) after one warm-up call, and BENCH_JSON {...} for scripts/bench.ts.
 *   npx tsx scripts/bench-student-export.ts
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-student-export.ts      the same on PostgreSQL (DATABASE_URL)
 * Goal: <= 5 s (a guardian's request answered in under a minute by one person).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { unzipSync } from 'fflate';
import { buildServer } from '../server/app.ts';
import { insertDocument } from '../server/data/documents.ts';
import { recountAll } from '../server/data/rules/counts.ts';
import { meetsOnDay } from '../server/data/rules/class-schedule.ts';
import { openDatabase } from '../server/db/open.ts';
import { median } from './bench-common.ts';

const students = Number(process.env.BENCH_STUDENTS ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 5000;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quadra-bench-export-'));
  let started = performance.now();
  const db = await openDatabase({ dataDir, extraStudents: students });
  // The child enrolled in the most classes, with a guardian.
  const [child] = await db.query<{ id: string }>(
    `SELECT e.student_id AS id FROM class_enrollments e WHERE EXISTS (SELECT 1 FROM guardians g WHERE g.student_id = e.student_id)
      GROUP BY e.student_id ORDER BY count(*) DESC, e.student_id LIMIT 1`,
  );
  const id = child!.id;
  // Three years of weekly rolls of the child's classes, every student enrolled in them marked (a few justified).
  await db.exec(`
    INSERT INTO attendance_rolls (class_id, date, taken_by, first_taken_by, taken_at, first_taken_at)
    SELECT c.id, d::date, 'bench@example.org', 'bench@example.org', d + interval '10 hours', d + interval '10 hours'
      FROM classes c, generate_series(current_date - 3 * 365, current_date - 1, interval '1 day') d
     WHERE c.id IN (SELECT class_id FROM class_enrollments WHERE student_id = '${id}')
       AND ${meetsOnDay('c', 'd::date')}
    ON CONFLICT DO NOTHING;
    INSERT INTO attendance_entries (class_id, date, student_id, status, reason, position)
    SELECT r.class_id, r.date, e.student_id, m.status, CASE WHEN m.status = 'JUSTIFIED' THEN 'HEALTH' END,
           row_number() OVER (PARTITION BY r.class_id, r.date ORDER BY e.student_id)
      FROM attendance_rolls r
      JOIN class_enrollments e ON e.class_id = r.class_id
     CROSS JOIN LATERAL (SELECT CASE WHEN h < 80 THEN 'PRESENT' WHEN h < 95 THEN 'ABSENT' ELSE 'JUSTIFIED' END AS status
                           FROM (SELECT abs(hashtext(e.student_id || r.date::text)) % 100 AS h) x) m
     WHERE r.taken_by = 'bench@example.org'
    ON CONFLICT DO NOTHING;
    INSERT INTO access_log (user_id, user_email, kind, method, route, student_id, status)
    SELECT 'bench', 'bench@example.org', 'read', 'GET', '/students/:id', '${id}', 200 FROM generate_series(1, 1000);
  `);
  await db.transaction(recountAll);
  // Five scans of 1 MB (a PDF's header, then noise: it does not compress, like a real scan).
  for (let n = 1; n <= 5; n += 1) {
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1024 * 1024 - 9)]);
    await insertDocument(db, {
      id: randomUUID(),
      studentId: id,
      fileName: `documento-${n}.pdf`,
      fileType: 'COMPROVANTE_RESIDENCIA',
      origin: 'bench',
      date: '2024-03-01',
      description: 'bench',
      mimeType: 'application/pdf',
      content,
    });
  }
  await db.exec('ANALYZE');
  const [{ marks = 0 } = {}] = await db.query<{ marks: number }>('SELECT count(*)::int AS marks FROM attendance_entries WHERE student_id = $1', [id]);
  process.stderr.write(
    `Seeded ${students} extra students; the child has ${marks} marks; in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const app = await buildServer({ db, distDir: dataDir });
  await app.ready();
  const times: number[] = [];
  let zipBytes = 0;
  for (let i = 0; i < runs + 1; i += 1) {
    started = performance.now();
    const response = await app.inject(`/api/students/${id}/export`);
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body.slice(0, 200)}`);
    zipBytes = response.rawPayload.length;
    if (i === 0 && Object.keys(unzipSync(new Uint8Array(response.rawPayload))).length !== 7) throw new Error('the ZIP does not hold 7 files');
    if (i >= 1) times.push(ms);
  }
  const figures = {
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    students,
    marks,
    zipMB: Math.round((zipBytes / 2 ** 20) * 10) / 10,
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
  };
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `export of one child (${marks} marks, 5 documents, ${figures.zipMB} MB): median ${figures.medianMs} ms, slowest ${figures.maxMs} ms (goal <= ${GOAL_MS} ms: ${(figures.medianMs / GOAL_MS).toFixed(2)} x goal)`,
  );
  console.log(`BENCH_JSON ${JSON.stringify(figures)}`);
}

await main();

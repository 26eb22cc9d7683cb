/**
 * Deterministic seed data (same PRNG seed, same rows): every activity area with its three frequencies and a teacher,
 * classes on every weekday and level, ~60 students enrolled in classes, guardians for most of them, six weeks of
 * saved rolls (so frequencyPercent means something), and users of every access level.
 * Runs only on an empty database, inside one transaction.
 */
import { parseScheduleTimes } from '../../src/api/class-schedule.ts';
import { accessLevels, enums } from '../../src/api/contract.ts';
import { insertRows } from './bulk-insert.ts';
import { createRandom, randomCpf, type Random } from './prng.ts';
import { storedSchoolYear } from '../../src/api/school-years.ts';
import { firstNames, neighbourhoods, schedules, schoolYears, schools, seedActivities, seedUsers, streets, surnames } from './seed-data.ts';
import type { Db, Queryable, SqlParam } from './types.ts';

export const SEED_STUDENT_COUNT = 60;
/**
 * Extra students (SEED_STUDENTS, for benchmarks) go into classes of their own, about this many enrolments each, as a
 * programme that size runs them: 5,000 students in 1-3 classes each fill ~330 classes, not the 30 of the small seed
 * (which would make every class a roll of 330).
 */
export const EXTRA_CLASS_SIZE = 30;
/** Monday of the week after the last seeded roll; fixed so the seed does not depend on the day it runs. */
const ROLL_WEEKS_END = new Date(Date.UTC(2026, 10, 16));
const ROLL_WEEKS = 6;

export interface SeedOptions {
  /** Students added on top of the ~60 realistic ones, e.g. 5000 for the benchmark. */
  extraStudents?: number;
  /**
   * Whether a new database gets the sample programme (made-up children, guardians, rolls and ten staff users at
   * @quadra.org.br addresses): true for a try-out (default), false for a programme's own database (SEED_DEMO=off, the
   * default when sign-in is required), which starts empty but for its admins (ADMIN_EMAILS).
   */
  demo?: boolean;
}

/** Seeds an empty database; answers false (and changes nothing) when it holds anything or no sample is wanted. */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<boolean> {
  if (options.demo === false) return false;
  const seeded = await db.transaction(async (tx) => {
    // Only a database with nothing in it: a programme's own (its staff, its students) never gets the sample on top.
    const [existing] = await tx.query<{ n: number }>(
      'SELECT ((SELECT count(*) FROM activities) + (SELECT count(*) FROM students) + (SELECT count(*) FROM users))::int AS n',
    );
    if ((existing?.n ?? 0) > 0) return false;
    const random = createRandom(20_261_121);
    const classIds = await seedCatalog(tx, random);
    const cpfs = new Set<string>();
    const studentIds = await seedStudents(tx, random, classIds, SEED_STUDENT_COUNT, cpfs, true);
    await seedRolls(tx, random, classIds);
    await seedGuardians(tx, random, studentIds);
    await seedUsersTable(tx, random);
    if (options.extraStudents) await seedExtraStudents(tx, random, options.extraStudents, cpfs);
    return true;
  });
  // Fresh statistics, or the planner guesses row counts and picks slow plans, and pages marked all-visible, or an
  // index-only scan reads every row (PGlite never runs autovacuum; db/maintenance.ts does its work later).
  if (seeded) await db.exec('VACUUM (ANALYZE)');
  return seeded;
}

/** n students in 1-3 of ~2n / EXTRA_CLASS_SIZE new classes, spread over the activities, weekdays and levels. */
async function seedExtraStudents(tx: Queryable, random: Random, n: number, cpfs: Set<string>): Promise<void> {
  const activities = await tx.query<{ id: string; name: string }>('SELECT id, name FROM activities ORDER BY name, id');
  const [counted] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM classes');
  const classRows: SqlParam[][] = [];
  for (let i = 0; i < Math.max(1, Math.round((2 * n) / EXTRA_CLASS_SIZE)); i += 1) {
    const activity = activities[i % activities.length]!;
    const index = (counted?.n ?? 0) + i;
    classRows.push([
      random.uuid(),
      `${activity.name} - Turma ${index + 1}`,
      seedMeetings(enums.weekDay[index % enums.weekDay.length] as string, random.pick(schedules)),
      enums.level[index % enums.level.length] as string,
      activity.id,
    ]);
  }
  await insertRows(tx, 'classes', ['id', 'title', 'meetings', 'level', 'activity_id'], classRows);
  await seedStudents(
    tx,
    random,
    classRows.map((row) => row[0] as string),
    n,
    cpfs,
    false,
  );
}

/** A seeded class's one weekly meeting (the meetings column, migration 022): its weekday and its schedule's times. */
function seedMeetings(weekDay: string, schedule: string): string {
  const times = parseScheduleTimes(schedule);
  return JSON.stringify([{ weekDay, start: times?.start ?? null, end: times?.end ?? null }]);
}

async function seedCatalog(tx: Queryable, random: Random): Promise<string[]> {
  const activityRows: SqlParam[][] = [];
  const classRows: SqlParam[][] = [];
  let classIndex = 0;
  for (const activity of seedActivities) {
    const activityId = random.uuid();
    activityRows.push([activityId, activity.name, activity.teacher, activity.area, activity.frequency]);
    for (const group of ['A', 'B']) {
      // Cycling weekday (7) and level (4) over 30 classes covers every code of both.
      const weekDay = enums.weekDay[classIndex % enums.weekDay.length] as string;
      const level = enums.level[classIndex % enums.level.length] as string;
      classRows.push([random.uuid(), `${activity.name} - Turma ${group}`, seedMeetings(weekDay, random.pick(schedules)), level, activityId]);
      classIndex += 1;
    }
  }
  await insertRows(tx, 'activities', ['id', 'name', 'teacher', 'area', 'frequency'], activityRows);
  await insertRows(tx, 'classes', ['id', 'title', 'meetings', 'level', 'activity_id'], classRows);
  return classRows.map((row) => row[0] as string);
}

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
const pad = (n: number, size: number): string => String(n).padStart(size, '0');
const personName = (random: Random): string => `${random.pick(firstNames)} ${random.pick(surnames)} ${random.pick(surnames)}`;
const sometimes = <T>(random: Random, p: number, value: () => T): T | null => (random.chance(p) ? value() : null);

async function seedStudents(
  tx: Queryable,
  random: Random,
  classIds: readonly string[],
  count: number,
  cpfs: Set<string>,
  detailed: boolean,
): Promise<string[]> {
  // The lists as they were before issue 52 lengthened them: the same demo children as before, drawn the same way.
  const seedGenders = ['MASCULINO', 'FEMININO', 'OUTRO'] as const;
  const seedEmployment = ['EMPREGADO', 'DESEMPREGADO', 'ESTUDANTE', 'OUTRO'] as const;
  const students: SqlParam[][] = [];
  const enrollments: SqlParam[][] = [];
  for (let i = 0; i < count; i += 1) {
    const id = random.uuid();
    let cpf = randomCpf(random);
    while (cpfs.has(cpf)) cpf = randomCpf(random);
    cpfs.add(cpf);
    const enrolledOn = `2026-${pad(random.int(2, 8), 2)}-${pad(random.int(1, 28), 2)}`;
    students.push([
      id,
      personName(random),
      `${random.int(2008, 2018)}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`,
      cpf,
      enrolledOn,
      random.pick(enums.race),
      random.pick(seedGenders),
      detailed ? random.pick(schools) : null,
      // Stored as the API stores them (issue 52): '6º ano' as FUNDAMENTAL_6.
      detailed ? storedSchoolYear(random.pick(schoolYears)) : null,
      sometimes(random, 0.6, () => random.pick(enums.socialProgram)),
      random.pick(seedEmployment),
      random.pick(enums.educationLevel),
      `${pad(random.int(50_000, 56_999), 5)}${pad(random.int(0, 999), 3)}`,
      `${random.pick(streets)}, ${random.pick(neighbourhoods)}, Recife - PE`,
      String(random.int(1, 2500)),
      sometimes(random, 0.3, () => `Apto ${random.int(101, 804)}`),
    ]);
    const classCount = random.int(1, 3);
    const chosen = new Set<string>();
    while (chosen.size < classCount) chosen.add(random.pick(classIds));
    for (const classId of chosen) enrollments.push([classId, id, enrolledOn]);
  }
  await insertRows(
    tx,
    'students',
    [
      'id',
      'full_name',
      'date_of_birth',
      'registration_number',
      'enrollment_date',
      'race',
      'gender',
      'school_name',
      'school_year',
      'social_program',
      'employment_status',
      'education_level',
      'address_code',
      'address_street',
      'address_number',
      'address_complement',
    ],
    students,
  );
  await insertRows(tx, 'class_enrollments', ['class_id', 'student_id', 'enrolled_on'], enrollments);
  return students.map((row) => row[0] as string);
}

/** Weekly rolls on each class's weekday for the ROLL_WEEKS weeks before ROLL_WEEKS_END; ~80% present. */
async function seedRolls(tx: Queryable, random: Random, classIds: readonly string[]): Promise<void> {
  // A seeded class meets once a week (seedMeetings).
  const classes = await tx.query<{ id: string; week_day: string }>("SELECT id, meetings->0->>'weekDay' AS week_day FROM classes");
  const enrolled = await tx.query<{ class_id: string; student_id: string; enrolled_on: string }>(
    'SELECT class_id, student_id, enrolled_on FROM class_enrollments ORDER BY class_id, student_id',
  );
  const rolls: SqlParam[][] = [];
  const entries: SqlParam[][] = [];
  for (const { id, week_day } of classes) {
    if (!classIds.includes(id)) continue;
    const dayOffset = (enums.weekDay as readonly string[]).indexOf(week_day);
    for (let week = ROLL_WEEKS; week >= 1; week -= 1) {
      const date = isoDate(new Date(ROLL_WEEKS_END.getTime() + (dayOffset - 7 * week) * 86_400_000));
      const roster = enrolled.filter((row) => row.class_id === id && row.enrolled_on <= date);
      if (roster.length === 0) continue;
      const instructor = random.pick(seedUsers.filter((user) => user.access === 'instrutor'));
      rolls.push([id, date, instructor.fullName, `${date}T${pad(random.int(11, 21), 2)}:${pad(random.int(0, 59), 2)}:00Z`]);
      roster.forEach((row, position) => {
        entries.push([id, date, row.student_id, random.chance(0.8) ? 'PRESENT' : 'ABSENT', position]);
      });
    }
  }
  await insertRows(tx, 'attendance_rolls', ['class_id', 'date', 'taken_by', 'taken_at'], rolls);
  await insertRows(tx, 'attendance_entries', ['class_id', 'date', 'student_id', 'status', 'position'], entries);
}

const emailOf = (name: string, domain: string): string =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .join('.')}@${domain}`;
const phoneOf = (random: Random): string => `(81) 9${random.int(8000, 9999)}-${pad(random.int(0, 9999), 4)}`;

async function seedGuardians(tx: Queryable, random: Random, studentIds: readonly string[]): Promise<void> {
  const rows: SqlParam[][] = [];
  for (const studentId of studentIds) {
    // Most students have one or two guardians; about one in six has none yet.
    const count = random.chance(0.85) ? random.int(1, 2) : 0;
    for (let i = 0; i < count; i += 1) {
      const name = personName(random);
      rows.push([
        random.uuid(),
        studentId,
        name,
        randomCpf(random),
        `${random.int(1965, 1998)}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`,
        random.pick(enums.civilState),
        pad(random.int(10_000, 99_999), 5) + pad(random.int(0, 999_999), 6),
        phoneOf(random),
        emailOf(name, 'email.com.br'),
        `${random.pick(streets)}, ${random.int(1, 2500)} - ${random.pick(neighbourhoods)}, Recife - PE`,
      ]);
    }
  }
  await insertRows(tx, 'guardians', ['id', 'student_id', 'name', 'cpf', 'birth_date', 'civil_state', 'nis', 'phone', 'email', 'address'], rows);
}

async function seedUsersTable(tx: Queryable, random: Random): Promise<void> {
  // Every access level must be present (the users screen and its tests rely on it).
  const levels = new Set(seedUsers.map((user) => user.access));
  for (const level of accessLevels) if (!levels.has(level)) throw new Error(`seed has no user with access ${level}`);
  await insertRows(
    tx,
    'users',
    ['id', 'full_name', 'phone', 'access', 'formation', 'email'],
    seedUsers.map((user) => [
      random.uuid(),
      user.fullName,
      sometimes(random, 0.8, () => phoneOf(random)),
      user.access,
      user.formation,
      emailOf(user.fullName, 'quadra.org.br'),
    ]),
  );
}

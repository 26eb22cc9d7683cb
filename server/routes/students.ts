/**
 * Students: the list with attendance percentages, registration (idempotent by client id), the record with its version,
 * edits (409 with the current record when stale), deactivation and reactivation, and class rosters of a given date.
 *
 * frequencyPercent follows the one frequency rule (server/routes/frequency.ts: present / (roll days - justified)),
 * over every roll. One SQL query with aggregation answers the whole list.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enrolmentEndSchema,
  enrolmentSchema,
  enrolmentStartSchema,
  onlyDigits,
  rosterQuerySchema,
  studentCreatedSchema,
  studentCreateSchema,
  STUDENT_LIST_LIMIT_MAX,
  studentListSchema,
  studentSchema,
  studentStatusFilters,
  studentStatusInputSchema,
  studentUpdateSchema,
  type Enrolment,
  type Student,
  type StudentCreate,
  type StudentSummary,
  type WriteRefusal,
} from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, HttpError, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';
import { frequencySql } from './frequency.ts';
import { lockCounts, recountStudent } from './attendance-counts.ts';
import { latestToday, onRoster, requireClass, seenByInstructor, today } from './roster.ts';
import { nameOrder, nameOrderKey } from './name-order.ts';
import { ownClassesOnly, permissionsOf } from '../../src/api/permissions.ts';
import { studentFrequency } from './student-frequency.ts';
import { randomUUID } from 'node:crypto';
import type { ListReader, ListRow, Placed } from '../student-list-cache.ts';
import { acceptedEncodings } from '../accepted-encodings.ts';

// The one frequency rule (server/routes/frequency.ts), over every roll: the counts kept up to date by every write that
// changes them (attendance-counts.ts), summed over the student's classes.
// `countsWhere` narrows the counts summed to the students asked for (a few, not the whole list).
export const studentSummarySql = (where: string, countsWhere = ''): string => `
  WITH counts AS (
    SELECT student_id, sum(days)::int AS days, sum(present)::int AS present, sum(absent)::int AS absent, sum(justified)::int AS justified
      FROM attendance_counts ${countsWhere} GROUP BY student_id
  )
  SELECT s.id, s.full_name AS name, ${frequencySql('c')} AS "frequencyPercent", s.active
    FROM students s
    LEFT JOIN counts c ON c.student_id = s.id
   ${where}
   ORDER BY ${nameOrder('s')}`;

const statusWhere: Record<(typeof studentStatusFilters)[number], string> = {
  active: 'WHERE s.active',
  inactive: 'WHERE NOT s.active',
  all: '',
};

/** Each variant of the list, read whole or for some students only (a patch of the kept list), and where some stand in it. */
const listReaders = Object.fromEntries(
  studentStatusFilters.map((status) => {
    const where = statusWhere[status];
    const reader: ListReader = {
      rows: (tx, ids) =>
        ids
          ? tx.query<ListRow>(studentSummarySql(`${where ? `${where} AND` : 'WHERE'} s.id = ANY($1::text[])`, 'WHERE student_id = ANY($1::text[])'), [
              ids,
            ])
          : tx.query<ListRow>(studentSummarySql(where)),
      neighbours: (tx, ids) =>
        tx.query<Placed>(
          `SELECT m.id,
                  (SELECT s.id FROM students s ${where ? `${where} AND` : 'WHERE'} ${nameOrderKey('s')} < ${nameOrderKey('m')} AND s.id <> ALL($1::text[])
                    ORDER BY ${nameOrder('s', 'DESC')} LIMIT 1) AS after
             FROM students m WHERE m.id = ANY($1::text[])
            ORDER BY ${nameOrder('m')}`,
          [ids],
        ),
    };
    return [status, reader];
  }),
) as Record<(typeof studentStatusFilters)[number], ListReader>;

const emptyToNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';
const cpfTaken = () => new HttpError(409, 'A student with this CPF is already registered', 'cpf-taken' satisfies WriteRefusal);

/** The stored columns of a registration, in the order of studentColumns. */
function registrationValues(body: Omit<StudentCreate, 'id'>): (string | null)[] {
  const cpf = emptyToNull(body.registrationNumber);
  return [
    body.fullName,
    emptyToNull(body.dateOfBirth),
    cpf === null ? null : onlyDigits(cpf),
    emptyToNull(body.enrollmentDate),
    emptyToNull(body.race),
    emptyToNull(body.gender),
    emptyToNull(body.schoolName),
    emptyToNull(body.schoolYear),
    emptyToNull(body.socialProgram),
    emptyToNull(body.employmentStatus),
    emptyToNull(body.educationLevel),
    emptyToNull(body.address?.code),
    emptyToNull(body.address?.street),
    emptyToNull(body.address?.number),
    emptyToNull(body.address?.complement),
  ];
}
const studentColumns = [
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
] as const;
type StudentRow = Record<(typeof studentColumns)[number], string | null> & {
  id: string;
  active: boolean;
  status_date: string | null;
  status_reason: string | null;
  version: number;
};

const optional = <K extends string>(key: K, value: string | null): Partial<Record<K, string>> =>
  value === null ? {} : ({ [key]: value } as Record<K, string>);

/** The whole record of GET /students/{id}, or undefined when there is no such student. */
export async function readStudent(db: Queryable, id: string): Promise<Student | undefined> {
  const [row] = await db.query<StudentRow>(
    `SELECT id, ${studentColumns.map((c) => (c.endsWith('_date') || c === 'date_of_birth' ? `to_char(${c}, 'YYYY-MM-DD') AS ${c}` : c)).join(', ')},
            active, to_char(status_date, 'YYYY-MM-DD') AS status_date, status_reason, version
       FROM students WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const [summary] = await db.query<{ frequencyPercent: number }>(studentSummarySql('WHERE s.id = $1', 'WHERE student_id = $1'), [id]);
  const enrolments = await db.query<{ classId: string; from: string; to: string | null }>(
    `SELECT class_id AS "classId", to_char(enrolled_on, 'YYYY-MM-DD') AS "from", to_char(ended_on, 'YYYY-MM-DD') AS "to"
       FROM class_enrollments WHERE student_id = $1 ORDER BY enrolled_on, class_id`,
    [id],
  );
  return {
    id: row.id,
    fullName: row.full_name!,
    ...optional('dateOfBirth', row.date_of_birth),
    ...optional('registrationNumber', row.registration_number),
    ...optional('enrollmentDate', row.enrollment_date),
    ...optional('race', row.race),
    ...optional('gender', row.gender),
    ...optional('schoolName', row.school_name),
    ...optional('schoolYear', row.school_year),
    ...optional('socialProgram', row.social_program),
    ...optional('employmentStatus', row.employment_status),
    ...optional('educationLevel', row.education_level),
    address: {
      ...optional('code', row.address_code),
      ...optional('street', row.address_street),
      ...optional('number', row.address_number),
      ...optional('complement', row.address_complement),
    },
    active: row.active,
    ...optional('statusDate', row.status_date),
    ...optional('statusReason', row.status_reason),
    frequencyPercent: summary?.frequencyPercent ?? 0,
    enrolments: enrolments.map(({ classId, from, to }) => ({ classId, from, ...(to === null ? {} : { to }) })),
    version: row.version,
  };
}

/** The registration's values of a stored record, to tell a resent edit (already applied) from a stale one. */
const storedValues = (student: Student): (string | null)[] =>
  registrationValues({ ...student, address: student.address } as Omit<StudentCreate, 'id'>);

async function lockStudent(tx: Queryable, id: string): Promise<Student> {
  const [row] = await tx.query<{ version: number }>('SELECT version FROM students WHERE id = $1 FOR UPDATE', [id]);
  if (!row) throw notFound('Student');
  return (await readStudent(tx, id))!;
}

type EnrolmentRow = { from: string; to: string | null };
const enrolmentOf = (classId: string, row: EnrolmentRow): Enrolment => ({ classId, from: row.from, ...(row.to === null ? {} : { to: row.to }) });

/** The enrolments of one student in one class, latest first, locked for the change that reads them. */
const periodsOf = (tx: Queryable, classId: string, studentId: string) =>
  tx.query<EnrolmentRow>(
    `SELECT to_char(enrolled_on, 'YYYY-MM-DD') AS "from", to_char(ended_on, 'YYYY-MM-DD') AS "to"
       FROM class_enrollments WHERE class_id = $1 AND student_id = $2 ORDER BY enrolled_on DESC FOR UPDATE`,
    [classId, studentId],
  );

export const studentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, studentList }) => {
  const studentParams = z.object({ id: pathIdSchema });

  app.get(
    '/students',
    {
      config: { rule: 'students:list' },
      schema: {
        tags: ['students'],
        summary: 'Students with their attendance percentage: the active ones, or the inactive ones, or all',
        description:
          'Answers an ETag (a matching If-None-Match gets 304) and is gzipped when the request accepts gzip. With `limit`, ' +
          'only the first students of the list: a first screenful, shown while the whole list is on its way.',
        querystring: z.object({
          status: z.enum(studentStatusFilters).default('active'),
          limit: z.optional(z.coerce.number().int().min(1).max(STUDENT_LIST_LIMIT_MAX)),
        }),
        response: { 200: studentListSchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { status, limit } = request.query;
      const staff = request.staff!;
      // An instructor's list: the students of the classes they see only (roster.ts seenByInstructor), read for them
      // alone (a few dozen rows; the ETag plugin tags it by its content, as any other answer).
      if (ownClassesOnly(staff.access)) {
        const where = statusWhere[status];
        // A first screenful reads only its first students (LIMIT after the summary's ORDER BY).
        return db.query<StudentSummary>(
          studentSummarySql(
            `${where ? `${where} AND` : 'WHERE'} ${seenByInstructor('s.id', '$1', '$2::date')}`,
            `WHERE ${seenByInstructor('student_id', '$1', '$2::date')}`,
          ) + (limit === undefined ? '' : ` LIMIT ${limit}`),
          [staff.id, today()],
        );
      }
      const list = await studentList.get(db, listReaders[status], status);
      const raw = reply as unknown as FastifyReply;
      // A first screenful: small, so the ETag and compression plugins (app.ts) take it as any other answer.
      if (limit !== undefined) return raw.type('application/json; charset=utf-8').send(list.first(limit));
      // The list's own ETag, kept with it: the ETag plugin (app.ts) answers 304 to it, as to every other answer's.
      reply.header('ETag', list.etag);
      // The raw reply: the body is already serialised (from the schema's exact columns); the typed reply only knows the
      // schema's object.
      raw.header('Vary', 'Accept-Encoding');
      raw.type('application/json; charset=utf-8');
      if (acceptedEncodings(request.headers['accept-encoding']).has('gzip')) {
        return raw.header('Content-Encoding', 'gzip').send(list.gzipped());
      }
      return raw.send(list.body());
    },
  );

  app.post(
    '/students',
    {
      config: { rule: 'students:write' },
      schema: {
        tags: ['students'],
        summary: 'Register a student',
        description:
          'Answers 201 with the new id. With a client-generated `id`, sending the same request again creates nothing ' +
          'and answers 200 with the same id. A CPF already registered to another student answers 409. Dates may be ' +
          'sent as YYYY-MM-DD or as a full ISO date-time, of which the calendar date is kept.',
        body: studentCreateSchema,
        response: { 200: studentCreatedSchema, 201: studentCreatedSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = body.id ?? randomUUID();
      let created: boolean;
      try {
        const rows = await db.query(
          `INSERT INTO students (id, ${studentColumns.join(', ')})
           VALUES ($1, ${studentColumns.map((_, i) => `$${i + 2}`).join(', ')})
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [id, ...registrationValues(body)],
        );
        created = rows.length === 1;
      } catch (error) {
        if (isUniqueViolation(error)) throw cpfTaken();
        throw error;
      }
      return reply.code(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    '/students/:id',
    {
      config: { rule: 'students:read', audit: 'student' },
      schema: {
        tags: ['students'],
        summary:
          'A student: every registered field, the status, the enrolments, the attendance percentage, the frequency this month and this school year (overall, per activity, per class) and the version',
        params: studentParams,
        response: { 200: studentSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const student = await readStudent(db, request.params.id);
      if (!student) throw notFound('Student');
      // The frequency's detail (per class, justified absences counted) is attendance: not for a role that does not read
      // it (the office), which keeps the one figure of the lists.
      if (!permissionsOf(request.staff!.access).includes('attendance:read')) return student;
      return { ...student, frequency: await studentFrequency(db, student.id, today()) };
    },
  );

  app.put(
    '/students/:id',
    {
      config: { rule: 'students:write' },
      schema: {
        tags: ['students'],
        summary: "Edit a student's registration (the fields of POST /students, with the version it was read at)",
        description:
          'Answers the record. A record changed since that version answers 409 (code stale-version) with the current ' +
          'record in `current`, and nothing is written; the same edit sent again after it was applied answers 200.',
        params: studentParams,
        body: studentUpdateSchema,
        response: { 200: studentSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, ...fields } = request.body;
      const values = registrationValues(fields);
      let student: Student;
      try {
        student = await db.transaction(async (tx) => {
          const current = await lockStudent(tx, id);
          if (version !== undefined && version !== current.version) {
            if (JSON.stringify(storedValues(current)) === JSON.stringify(values)) return current;
            throw staleVersion('student', current);
          }
          await tx.run(`UPDATE students SET ${studentColumns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, version = version + 1 WHERE id = $1`, [
            id,
            ...values,
          ]);
          return (await readStudent(tx, id))!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw cpfTaken();
        throw error;
      }
      return student;
    },
  );

  app.post(
    '/students/:id/status',
    {
      config: { rule: 'students:write' },
      schema: {
        tags: ['students'],
        summary: 'Deactivate or reactivate a student, with a reason and a date',
        description:
          'Deactivated, the student leaves every roster from that date on (their history stays); reactivated, they are ' +
          'back on the rosters of their open enrolments from that date, which is not after today (400 ' +
          "'status-date-future'). Sends the version it was read at (409 with " +
          'the current record when stale, or when the student already has that status).',
        params: studentParams,
        body: studentStatusInputSchema,
        response: { 200: studentSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { active, date, reason, version } = request.body;
      // Not after today (tomorrow in UTC, today or later in every time zone, as a roll's date): a status that starts
      // later would show the student inactive in the lists while the rosters still have them, until that day.
      if (date.slice(0, 10) > latestToday(new Date())) {
        throw new HttpError(400, `A deactivation or reactivation cannot be dated after today (${date})`, 'status-date-future');
      }
      const student = await db.transaction(async (tx) => {
        // Before any row lock (attendance-counts.ts): a status change recounts the student's attendance.
        await lockCounts(tx);
        const current = await lockStudent(tx, id);
        const resent = current.active === active && current.statusDate === date && current.statusReason === reason;
        if (version !== undefined && version !== current.version) {
          if (resent) return current;
          throw staleVersion('student', current);
        }
        // Already so: nothing to change (a resend, or a client that knows no versions).
        if (current.active === active) {
          if (resent || version === undefined) return current;
          throw staleVersion('student', current);
        }
        if (!active) {
          const [later] = await tx.query('SELECT 1 FROM student_inactivity WHERE student_id = $1 AND until_on > $2', [id, date]);
          if (later) throw badRequest(`The student was inactive after ${date} already: choose a date after their last reactivation`);
          // Deactivated again on the day of a reactivation: that day's row is reopened.
          await tx.run(
            `INSERT INTO student_inactivity (student_id, from_on, reason) VALUES ($1, $2, $3)
             ON CONFLICT (student_id, from_on) DO UPDATE SET until_on = NULL, reason = EXCLUDED.reason`,
            [id, date, reason],
          );
        } else {
          const [open] = await tx.query<{ from_on: string }>(
            "SELECT to_char(from_on, 'YYYY-MM-DD') AS from_on FROM student_inactivity WHERE student_id = $1 AND until_on IS NULL",
            [id],
          );
          if (open && open.from_on > date) throw badRequest(`The student was deactivated on ${open.from_on}: reactivate on or after it`);
          if (open) await tx.run('UPDATE student_inactivity SET until_on = $2 WHERE student_id = $1 AND until_on IS NULL', [id, date]);
        }
        await tx.run('UPDATE students SET active = $2, status_date = $3, status_reason = $4, version = version + 1 WHERE id = $1', [
          id,
          active,
          date,
          reason,
        ]);
        await recountStudent(tx, id);
        return (await readStudent(tx, id))!;
      });
      return student;
    },
  );

  const enrolmentParams = z.object({ classId: pathIdSchema, studentId: pathIdSchema });

  app.get(
    '/classes/:classId/students',
    {
      config: { rule: 'students:list' },
      schema: {
        tags: ['classes'],
        summary: 'Roster of a class on a date (today when absent), with each student’s attendance percentage',
        params: z.object({ classId: pathIdSchema }),
        querystring: rosterQuerySchema,
        response: { 200: studentListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { classId } = request.params;
      await requireClass(db, classId, request.staff!);
      const onIt = `IN (SELECT e.student_id FROM class_enrollments e WHERE e.class_id = $1 AND ${onRoster('e', '$2::date')})`;
      return db.query(studentSummarySql(`WHERE s.id ${onIt}`, `WHERE student_id ${onIt}`), [classId, request.query.date ?? today()]);
    },
  );

  app.put(
    '/classes/:classId/students/:studentId',
    {
      config: { rule: 'enrolments:write' },
      schema: {
        tags: ['classes'],
        summary: 'Enrol a student in a class from a date',
        description:
          'Answers 201 with the enrolment, or 200 with the open one when the student is already enrolled (a resend is ' +
          'harmless). A date before the end of an earlier enrolment in the class answers 400; an archived class 409.',
        params: enrolmentParams,
        body: enrolmentStartSchema,
        response: { 200: enrolmentSchema, 201: enrolmentSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { classId, studentId } = request.params;
      const { from } = request.body;
      const { created, enrolment } = await db.transaction(async (tx) => {
        await lockCounts(tx);
        const group = await requireClass(tx, classId);
        const [student] = await tx.query('SELECT 1 FROM students WHERE id = $1', [studentId]);
        if (!student) throw notFound('Student');
        const periods = await periodsOf(tx, classId, studentId);
        const open = periods.find((period) => period.to === null);
        if (open) return { created: false, enrolment: enrolmentOf(classId, open) };
        if (group.archived) throw new HttpError(409, 'This class is archived: it takes no new students');
        if (group.activityArchived) throw new HttpError(409, 'This class belongs to an archived activity: it takes no new students');
        const latest = periods[0];
        if (latest && latest.to! > from) throw badRequest(`The student was enrolled in this class until ${latest.to}: enrol from that date on`);
        if (latest && latest.from === from) {
          await tx.run('UPDATE class_enrollments SET ended_on = NULL WHERE class_id = $1 AND student_id = $2 AND enrolled_on = $3', [
            classId,
            studentId,
            from,
          ]);
        } else {
          await tx.run('INSERT INTO class_enrollments (class_id, student_id, enrolled_on) VALUES ($1, $2, $3)', [classId, studentId, from]);
        }
        await recountStudent(tx, studentId);
        return { created: true, enrolment: { classId, from } };
      });
      return reply.code(created ? 201 : 200).send(enrolment);
    },
  );

  app.delete(
    '/classes/:classId/students/:studentId',
    {
      config: { rule: 'enrolments:write' },
      schema: {
        tags: ['classes'],
        summary: 'End a student’s enrolment in a class at a date (the first day off the roster); history stays',
        description:
          'Answers the ended enrolment; when it had already ended, answers it as it is (a resend is harmless). A date ' +
          'before the enrolment began answers 400; a student never enrolled in the class 404.',
        params: enrolmentParams,
        body: enrolmentEndSchema,
        response: { 200: enrolmentSchema, ...errors(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const { classId, studentId } = request.params;
      const { to } = request.body;
      const enrolment = await db.transaction(async (tx) => {
        await lockCounts(tx);
        await requireClass(tx, classId);
        const periods = await periodsOf(tx, classId, studentId);
        if (periods.length === 0) throw notFound('Enrolment');
        const open = periods.find((period) => period.to === null);
        if (!open) return enrolmentOf(classId, periods[0]!);
        if (to < open.from) throw badRequest(`The enrolment began on ${open.from}: end it on or after that date`);
        await tx.run('UPDATE class_enrollments SET ended_on = $4 WHERE class_id = $1 AND student_id = $2 AND enrolled_on = $3', [
          classId,
          studentId,
          open.from,
          to,
        ]);
        await recountStudent(tx, studentId);
        return { classId, from: open.from, to };
      });
      return enrolment;
    },
  );
};

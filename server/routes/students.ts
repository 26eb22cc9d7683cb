/**
 * Students: the list with attendance percentages, registration (idempotent by client id), the record with its version,
 * edits (409 with the current record when stale), deactivation and reactivation. Class rosters and enrolments:
 * routes/enrolments.ts. The SQL: data/students.ts and data/student-list.ts.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  studentCreatedSchema,
  studentCreateSchema,
  STUDENT_LIST_LIMIT_MAX,
  studentListSchema,
  studentSchema,
  studentStatusFilters,
  studentStatusInputSchema,
  studentUpdateSchema,
  type Student,
  type StudentCreate,
  type WriteRefusal,
} from '../../src/api/contract.ts';
import { ownClassesOnly, permissionsOf } from '../../src/api/permissions.ts';
import { randomUUID } from 'node:crypto';
import { acceptedEncodings } from '../accepted-encodings.ts';
import { lockCounts, recountStudent } from '../data/rules/counts.ts';
import { latestToday, today } from '../data/rules/roster.ts';
import { instructorStudents, listReaders } from '../data/student-list.ts';
import { studentFrequency } from '../data/student-frequency.ts';
import { currentConsents } from '../data/consents.ts';
import {
  closeInactivity,
  inactiveAfter,
  insertStudent,
  lockStudent as lockStudentRow,
  openInactivity,
  openInactivitySince,
  readStudent,
  registrationValues,
  setStatus,
  updateRegistration,
  changedRegistrationFields,
} from '../data/students.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, HttpError, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';
const cpfTaken = () => new HttpError(409, 'A student with this CPF is already registered', 'cpf-taken' satisfies WriteRefusal);

/** The registration's values of a stored record, to tell a resent edit (already applied) from a stale one. */
/**
 * Issue 52's fields an edit leaves out keep their stored values: an older client (the programme's original one, or this
 * app's copy from before them, with an edit still in its outbox) knows nothing of them and must not clear them.
 */
const keepingLeftOut = (fields: Omit<StudentCreate, 'id'>, current: Student): Omit<StudentCreate, 'id'> => {
  const address = { ...fields.address };
  for (const key of ['neighborhood', 'city', 'state'] as const) {
    if (address[key] === undefined && current.address[key] !== undefined) (address as Record<string, string>)[key] = current.address[key];
  }
  return {
    ...fields,
    socialName: fields.socialName ?? current.socialName,
    schoolShift: fields.schoolShift ?? (current.schoolShift as StudentCreate['schoolShift']),
    gradeGap: fields.gradeGap === undefined ? current.gradeGap : fields.gradeGap,
    address,
  };
};

const storedValues = (student: Student): (string | null)[] =>
  registrationValues({ ...student, address: student.address } as Omit<StudentCreate, 'id'>);

/** The student's record, its row locked for the change that reads it (404 when there is none). */
async function lockStudent(tx: Queryable, id: string): Promise<Student> {
  if (!(await lockStudentRow(tx, id))) throw notFound('Student');
  return (await readStudent(tx, id))!;
}

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
      // An instructor's list: the students of the classes they see only, read for them alone (a few dozen rows; the
      // ETag plugin tags it by its content, as any other answer).
      if (ownClassesOnly(staff.access)) return instructorStudents(db, status, staff.id, today(), limit);
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
        created = await insertStudent(db, id, registrationValues(body));
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
      const found = await readStudent(db, request.params.id);
      if (!found) throw notFound('Student');
      const granted = permissionsOf(request.staff!.access);
      // The consents' state per purpose, for the roles that read consents (issue 51).
      const student = granted.includes('consents:read') ? { ...found, consents: (await currentConsents(db, [found.id])).get(found.id)! } : found;
      // The frequency's detail (per class, justified absences counted) is attendance: not for a role that does not read
      // it (the office), which keeps the one figure of the lists.
      if (!granted.includes('attendance:read')) return student;
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
      let student: Student;
      try {
        student = await db.transaction(async (tx) => {
          const current = await lockStudent(tx, id);
          const values = registrationValues(keepingLeftOut(fields, current));
          if (version !== undefined && version !== current.version) {
            if (JSON.stringify(storedValues(current)) === JSON.stringify(values)) return current;
            throw staleVersion('student', current);
          }
          // The access record says which fields the edit changed (their names, never their values).
          request.auditDetail = { fields: changedRegistrationFields(storedValues(current), values) };
          await updateRegistration(tx, id, values);
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
      // The access record says which it was (a refused one too: what was asked).
      request.auditDetail = { change: active ? 'reactivated' : 'deactivated' };
      // Not after today (tomorrow in UTC, today or later in every time zone, as a roll's date): a status that starts
      // later would show the student inactive in the lists while the rosters still have them, until that day.
      if (date.slice(0, 10) > latestToday(new Date())) {
        throw new HttpError(400, `A deactivation or reactivation cannot be dated after today (${date})`, 'status-date-future');
      }
      const student = await db.transaction(async (tx) => {
        // Before any row lock (rules/counts.ts): a status change recounts the student's attendance.
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
          if (await inactiveAfter(tx, id, date))
            throw badRequest(`The student was inactive after ${date} already: choose a date after their last reactivation`);
          // Deactivated again on the day of a reactivation: that day's row is reopened.
          await openInactivity(tx, id, date, reason);
        } else {
          const since = await openInactivitySince(tx, id);
          if (since && since > date) throw badRequest(`The student was deactivated on ${since}: reactivate on or after it`);
          if (since) await closeInactivity(tx, id, date);
        }
        await setStatus(tx, id, { active, date, reason });
        await recountStudent(tx, id);
        return (await readStudent(tx, id))!;
      });
      return student;
    },
  );
};

/**
 * Students: the list with attendance percentages, registration (idempotent by client id), and class rosters.
 *
 * frequencyPercent = days present / roll days of the student's classes, where a roll day counts if it was taken on
 * or after the student's enrolment in that class, or if it lists the student anyway. 0 when there is no roll yet.
 * Rounded to one decimal. One SQL query with aggregation answers the whole list.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlyDigits, studentCreatedSchema, studentCreateSchema, studentListSchema } from '../../src/api/contract.ts';
import { HttpError, notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';
import { randomUUID } from 'node:crypto';

// Two small aggregates instead of one join of enrolments x rolls x entries: roll days on or after enrolment, and the
// student's marks (present ones, and ones on rolls from before their enrolment, which count as roll days too).
export const studentSummarySql = (where: string): string => `
  WITH roll_days AS (
    SELECT e.student_id, count(*) AS days
      FROM class_enrollments e
      JOIN attendance_rolls r ON r.class_id = e.class_id AND r.date >= e.enrolled_on
     GROUP BY e.student_id
  ), marks AS (
    SELECT a.student_id,
           count(*) FILTER (WHERE a.status = 'PRESENT') AS present,
           count(*) FILTER (WHERE a.date < e.enrolled_on) AS early_days
      FROM attendance_entries a
      JOIN class_enrollments e ON e.class_id = a.class_id AND e.student_id = a.student_id
     GROUP BY a.student_id
  )
  SELECT s.id, s.full_name AS name,
         CASE WHEN coalesce(d.days, 0) + coalesce(m.early_days, 0) > 0
              THEN round(100.0 * coalesce(m.present, 0) / (coalesce(d.days, 0) + coalesce(m.early_days, 0)), 1)::float8
              ELSE 0 END AS "frequencyPercent"
    FROM students s
    LEFT JOIN roll_days d ON d.student_id = s.id
    LEFT JOIN marks m ON m.student_id = s.id
   ${where}
   ORDER BY s.full_name, s.id`;

const emptyToNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';

export const studentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, studentList }) => {
  app.get(
    '/students',
    {
      config: { rule: 'students:list' },
      schema: {
        tags: ['students'],
        summary: 'All students with their attendance percentage',
        description: 'Answers an ETag (a matching If-None-Match gets 304) and is gzipped when the request accepts gzip.',
        response: { 200: studentListSchema },
      },
    },
    async (request, reply) => {
      const list = await studentList.get(db, (tx) => tx.query(studentSummarySql('')));
      reply.header('ETag', list.etag);
      // The raw reply: the body is already serialised (from the schema's exact columns), and a 304 has none; the
      // typed reply only knows the 200 schema.
      const raw = reply as unknown as FastifyReply;
      raw.header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === list.etag) return raw.code(304).send();
      raw.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return raw.header('Content-Encoding', 'gzip').send(list.gzipped);
      }
      return raw.send(list.body);
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
          'and answers 200 with the same id. A CPF already registered to another student answers 409.',
        body: studentCreateSchema,
        response: { 200: studentCreatedSchema, 201: studentCreatedSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = body.id ?? randomUUID();
      const cpf = emptyToNull(body.registrationNumber);
      let created: boolean;
      try {
        created = await db.transaction(async (tx) => {
          const rows = await tx.query(
            `INSERT INTO students (id, full_name, date_of_birth, registration_number, enrollment_date, race, gender,
                                   school_name, school_year, social_program, employment_status, education_level,
                                   address_code, address_street, address_number, address_complement)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
             ON CONFLICT (id) DO NOTHING RETURNING id`,
            [
              id,
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
            ],
          );
          return rows.length === 1;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'A student with this CPF is already registered');
        throw error;
      }
      return reply.code(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    '/classes/:classId/students',
    {
      config: { rule: 'students:list' },
      schema: {
        tags: ['classes'],
        summary: 'Roster of a class: its enrolled students with their attendance percentage',
        params: z.object({ classId: pathIdSchema }),
        response: { 200: studentListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { classId } = request.params;
      const [found] = await db.query('SELECT 1 FROM classes WHERE id = $1', [classId]);
      if (!found) throw notFound('Class');
      return db.query(studentSummarySql('WHERE s.id IN (SELECT student_id FROM class_enrollments WHERE class_id = $1)'), [classId]);
    },
  );
};

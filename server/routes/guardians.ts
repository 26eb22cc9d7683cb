/** Guardians (responsáveis) of a student: list (SPEC §7), create and edit (extensions). */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guardianFieldsSchema,
  guardianInputSchema,
  guardianListSchema,
  guardianSchema,
  onlyDigits,
  type GuardianInput,
} from '../../src/api/contract.ts';
import { HttpError, notFound } from '../errors.ts';
import type { Queryable } from '../db/types.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const guardianColumns = 'id, name, cpf, birth_date AS "birthDate", civil_state AS "civilState", nis, phone, email, address';

const guardianValues = (input: Omit<GuardianInput, 'id'>) =>
  [input.name, onlyDigits(input.cpf), input.birthDate, input.civilState, input.nis, input.phone, input.email, input.address] as const;

async function requireStudent(db: Queryable, id: string): Promise<void> {
  const [found] = await db.query('SELECT 1 FROM students WHERE id = $1', [id]);
  if (!found) throw notFound('Student');
}

export const guardianRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  const studentParams = z.object({ id: pathIdSchema });

  app.get(
    '/students/:id/responsibles',
    {
      config: { rule: 'guardians:read', audit: 'student' },
      schema: {
        tags: ['guardians'],
        summary: "A student's guardians",
        params: studentParams,
        response: { 200: guardianListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      await requireStudent(db, request.params.id);
      return db.query(`SELECT ${guardianColumns} FROM guardians WHERE student_id = $1 ORDER BY name, id`, [request.params.id]);
    },
  );

  app.post(
    '/students/:id/responsibles',
    {
      config: { rule: 'guardians:write' },
      schema: {
        tags: ['guardians'],
        summary: 'Register a guardian of a student',
        description:
          'Answers 201 with the guardian. With a client-generated `id`, sending it again creates nothing and answers ' +
          '200 with the stored guardian; an id already used for another student answers 409.',
        params: studentParams,
        body: guardianInputSchema,
        response: { 200: guardianSchema, 201: guardianSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const studentId = request.params.id;
      const id = request.body.id ?? randomUUID();
      const { created, guardian } = await db.transaction(async (tx) => {
        await requireStudent(tx, studentId);
        const inserted = await tx.query(
          `INSERT INTO guardians (id, student_id, name, cpf, birth_date, civil_state, nis, phone, email, address)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (id) DO NOTHING RETURNING ${guardianColumns}`,
          [id, studentId, ...guardianValues(request.body)],
        );
        if (inserted[0]) return { created: true, guardian: inserted[0] };
        const [existing] = await tx.query<{ student_id: string }>(`SELECT student_id, ${guardianColumns} FROM guardians WHERE id = $1`, [id]);
        if (!existing || existing.student_id !== studentId) {
          throw new HttpError(409, 'This guardian id is already used for another student');
        }
        const { student_id: _studentId, ...stored } = existing;
        return { created: false, guardian: stored };
      });
      return reply.code(created ? 201 : 200).send(guardian as z.infer<typeof guardianSchema>);
    },
  );

  app.put(
    '/responsibles/:id',
    {
      config: { rule: 'guardians:write' },
      schema: {
        tags: ['guardians'],
        summary: 'Edit a guardian (all eight fields)',
        params: z.object({ id: pathIdSchema }),
        body: guardianFieldsSchema,
        response: { 200: guardianSchema, ...errors(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const [updated] = await db.query<z.infer<typeof guardianSchema> & { student_id: string }>(
        `UPDATE guardians SET name = $2, cpf = $3, birth_date = $4, civil_state = $5, nis = $6, phone = $7,
                              email = $8, address = $9
          WHERE id = $1 RETURNING ${guardianColumns}, student_id`,
        [request.params.id, ...guardianValues(request.body)],
      );
      if (!updated) throw notFound('Guardian');
      request.auditStudent = updated.student_id;
      const { student_id: _studentId, ...guardian } = updated;
      return guardian;
    },
  );
};

/**
 * Guardians (responsáveis) of a student: list (SPEC §7), create, edit and remove (extensions). An edit or a removal
 * sent from an older version answers 409 with the current guardian. A removed guardian leaves the list and is kept,
 * marked removed, for the record.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guardianInputSchema,
  guardianListSchema,
  guardianRemoveSchema,
  guardianSchema,
  guardianUpdateSchema,
  type GuardianInput,
} from '../../src/api/contract.ts';
import {
  guardianValues,
  insertGuardian,
  listGuardians,
  lockGuardian,
  readGuardian,
  removeGuardian,
  updateGuardian,
  type GuardianRow,
} from '../data/guardians.ts';
import { studentExists } from '../data/students.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const publicGuardian = ({ student_id: _studentId, removed: _removed, ...guardian }: GuardianRow) => guardian;

async function requireStudent(db: Queryable, id: string): Promise<void> {
  if (!(await studentExists(db, id))) throw notFound('Student');
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
      return listGuardians(db, request.params.id);
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
        const inserted = await insertGuardian(tx, id, studentId, request.body);
        if (inserted) return { created: true, guardian: inserted };
        const existing = await readGuardian(tx, id);
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
        summary: 'Edit a guardian (all eight fields, with the version it was read at)',
        description: 'A guardian changed since that version answers 409 (code stale-version) with the current one in `current`.',
        params: z.object({ id: pathIdSchema }),
        body: guardianUpdateSchema,
        response: { 200: guardianSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { version, ...fields } = request.body;
      const updated = await db.transaction(async (tx) => {
        const current = await lockGuardian(tx, request.params.id);
        if (!current || current.removed) throw notFound('Guardian');
        request.auditStudents = [current.student_id];
        if (version !== undefined && version !== current.version) {
          const values = guardianValues(fields);
          const stored = guardianValues({
            ...current,
            civilState: current.civilState as GuardianInput['civilState'],
            relationship: current.relationship as GuardianInput['relationship'],
          });
          if (JSON.stringify(values) === JSON.stringify(stored)) return current;
          throw staleVersion('guardian', publicGuardian(current));
        }
        return updateGuardian(tx, request.params.id, fields);
      });
      return publicGuardian(updated);
    },
  );

  app.delete(
    '/responsibles/:id',
    {
      config: { rule: 'guardians:write' },
      schema: {
        tags: ['guardians'],
        summary: 'Remove a guardian (with the version the removal was decided on)',
        description:
          'Answers 204; the guardian leaves the list and is kept, marked removed, for the record. Removing it again ' +
          'answers 204 (a resend is harmless); a guardian changed since that version answers 409 with the current one.',
        params: z.object({ id: pathIdSchema }),
        body: guardianRemoveSchema,
        response: { 204: z.null(), ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const current = await lockGuardian(tx, request.params.id);
        if (!current) throw notFound('Guardian');
        request.auditStudents = [current.student_id];
        if (current.removed) return;
        const { version } = request.body;
        if (version !== undefined && version !== current.version) throw staleVersion('guardian', publicGuardian(current));
        await removeGuardian(tx, request.params.id);
      });
      return reply.code(204).send(null);
    },
  );
};

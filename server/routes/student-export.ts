/**
 * GET /students/{id}/export: a guardian's copy of everything Quadra holds about one child (issue 51, LGPD art. 18 II
 * and V), as one ZIP (server/student-export-zip.ts). The admin's and the coordinator's (students:export); the export is
 * itself an entry of the child's access record (a read of their data, route /students/:id/export), written before the
 * ZIP leaves.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assessmentFormTypes } from '../../src/api/assessment-contract.ts';
import { formRights } from '../../src/api/permissions.ts';
import { dayOf } from '../data/cases.ts';
import { readStudentExport } from '../data/student-export.ts';
import { notFound } from '../errors.ts';
import { studentExportZip } from '../student-export-zip.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

export const studentExportRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, now }) => {
  app.get(
    '/students/:id/export',
    {
      config: { rule: 'students:export', audit: 'student' },
      schema: {
        tags: ['students'],
        summary: "A guardian's copy of everything about one student: a ZIP with a readable page, data.json and the documents' files",
        description:
          'dados.html (pt-BR), data.json (the record, status history, guardians, enrolments, every attendance mark with its ' +
          "reason, the general roll's marks, consents with their term texts, anamnese answers, follow-up cases with their " +
          'steps, causes, notes and outcome, documents, the access record) and documentos/ with each ' +
          "document's file. Read in one transaction. The export is recorded in the student's access record.",
        params: z.object({ id: pathIdSchema }),
        response: { 200: z.any(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const staff = request.staff!;
      const formTypes = assessmentFormTypes.filter((formType) => formRights(staff.access, formType).read);
      const data = await readStudentExport(db, request.params.id, formTypes, dayOf(now()));
      if (!data) throw notFound('Student');
      const exportedAt = new Date().toISOString();
      const zip = studentExportZip(data, { exportedAt, exportedBy: `${staff.full_name} (${staff.email})` });
      // The file's name carries no personal data: the id (a UUID for every record Quadra makes) and the day.
      const fileId = request.params.id.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'aluno';
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="quadra-aluno-${fileId}-${exportedAt.slice(0, 10)}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
};

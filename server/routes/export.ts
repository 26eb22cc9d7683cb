/**
 * GET /export: everything a programme keeps in Quadra as one XLSX (a sheet per entity) or the same as CSV files in a
 * ZIP (server/data/export.ts). The admin's (data:export), and in the access record as a read (one row; it names no
 * one student because it is all of them).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFormats } from '../../src/api/export-contract.ts';
import { exportXlsx, exportZip, readExport } from '../data/export.ts';
import { errors, type ApiContext } from './context.ts';

const mimeTypes = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: 'application/zip' } as const;

export const exportRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/export',
    {
      config: { rule: 'data:export', audit: 'export' },
      schema: {
        tags: ['export'],
        summary: 'Everything in Quadra: an XLSX with a sheet per entity, or the same tables as CSV files in a ZIP',
        description:
          'Students (with their status history), guardians, documents (their list, not their files), activities, classes, ' +
          'enrolments, rolls and their marks, and users without their sign-in links. Ids and dates as text (YYYY-MM-DD, ' +
          'instants in UTC). Read in one transaction: one moment of the data.',
        querystring: z.object({ format: z.enum(exportFormats).default('xlsx') }),
        response: { 200: z.any(), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const data = await db.transaction((tx) => readExport(tx));
      const body = format === 'xlsx' ? await exportXlsx(data) : Buffer.from(exportZip(data));
      const stamp = new Date().toISOString().slice(0, 10);
      return reply.type(mimeTypes[format]).header('Content-Disposition', `attachment; filename="quadra-${stamp}.${format}"`).send(body);
    },
  );
};

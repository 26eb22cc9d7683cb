/**
 * The students import (issue 54): which rows of a spreadsheet name children Quadra has already, and the rows written
 * in batches (server/data/imports.ts). The app reads and maps the file; the server takes rows in the contract's shape.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importMatchesSchema, importMatchQuerySchema, importResultSchema, importStudentsSchema } from '../../src/api/imports-contract.ts';
import { findMatches, importStudents } from '../data/imports.ts';
import { errors, type ApiContext } from './context.ts';
import { today } from '../data/rules/roster.ts';

export const importRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.post(
    '/imports/students/matches',
    {
      // A match says a child with that CPF, or that name and birth date, is registered: personal data, recorded as
      // a read of each child found.
      config: { rule: 'students:import', audit: 'student' },
      schema: {
        tags: ['imports'],
        summary: 'Which rows of a spreadsheet name a child already registered (same CPF, or same name and birth date)',
        body: importMatchQuerySchema,
        response: { 200: importMatchesSchema, ...errors(400, 413, 415) },
      },
    },
    async (request) => {
      const matches = await findMatches(db, request.body.keys);
      request.auditStudents = [...new Set(matches.map((match) => match.studentId))];
      return matches;
    },
  );

  app.post(
    '/imports/students',
    {
      config: { rule: 'students:import' },
      schema: {
        tags: ['imports'],
        summary: 'Import a batch of students (rows already read and mapped), with their guardians and enrolments',
        description:
          'Each row is created, updated (a child already registered with the same CPF, or the same name and birth ' +
          "date, when `onMatch` is 'update': the row's filled cells replace the record's), skipped, or refused with a " +
          'reason. The whole batch is one transaction. The same import id and row number sent again answers what became ' +
          'of that row the first time and writes nothing: a resent batch creates nothing twice.',
        body: importStudentsSchema,
        response: { 200: importResultSchema, ...errors(400, 413, 415) },
      },
    },
    async (request) => {
      const { importId, onMatch, rows } = request.body;
      const results = await db.transaction((tx) => importStudents(tx, { importId, onMatch, rows, userId: request.staff!.id, today: today() }));
      request.auditStudents = [...new Set(results.flatMap((result) => (result.studentId && result.outcome !== 'skipped' ? [result.studentId] : [])))];
      return { results };
    },
  );
};

/**
 * The import of activities, classes and enrolments (issue 54 item 2; server/data/enrolment-imports.ts). A route of
 * its own rather than a mode of POST /imports/students: its rows are a child and a class, not a registration, and its
 * batches carry the activities and classes to create, which the students import never does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enrolmentMatchesSchema,
  enrolmentMatchQuerySchema,
  importEnrolmentResultSchema,
  importEnrolmentsSchema,
} from '../../src/api/enrolment-imports-contract.ts';
import { permissionsOf } from '../../src/api/permissions.ts';
import { findEnrolmentMatches, importEnrolments } from '../data/enrolment-imports.ts';
import { today } from '../data/rules/roster.ts';
import { HttpError } from '../errors.ts';
import { errors, type ApiContext } from './context.ts';

export const enrolmentImportRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.post(
    '/imports/enrolments/matches',
    {
      // As the students import's matches: a child found by CPF or name is personal data, recorded as a read of them.
      config: { rule: 'students:import', audit: 'student' },
      schema: {
        tags: ['imports'],
        summary: "Which rows of a class list name a child already registered, and whether they are on the row's class's roster",
        body: enrolmentMatchQuerySchema,
        response: { 200: enrolmentMatchesSchema, ...errors(400, 413, 415) },
      },
    },
    async (request) => {
      const matches = await findEnrolmentMatches(db, request.body.keys, today());
      request.auditStudents = [...new Set(matches.map((match) => match.studentId))];
      return matches;
    },
  );

  app.post(
    '/imports/enrolments',
    {
      config: { rule: 'students:import' },
      schema: {
        tags: ['imports'],
        summary: 'Import a batch of enrolments from a class list, creating the activities and classes it names that are missing',
        description:
          "The batch's `activities` and `classes` are created first, each once by its client id (they need " +
          'activities:write and classes:write: a role without them gets 403). Each row then finds its child (same CPF, ' +
          'same name and birth date, or the name alone when one child has it), registers a child Quadra does not have ' +
          "from the row, and enrols them from `from` (else today) unless they are on the class's roster already " +
          "('skipped'). The whole batch is one transaction; the same import id and row number sent again answers as " +
          'the first time and writes nothing.',
        body: importEnrolmentsSchema,
        response: { 200: importEnrolmentResultSchema, ...errors(400, 403, 413, 415) },
      },
    },
    async (request) => {
      const { importId, activities = [], classes = [], rows } = request.body;
      const staff = request.staff!;
      const may = permissionsOf(staff.access);
      if ((activities.length > 0 && !may.includes('activities:write')) || (classes.length > 0 && !may.includes('classes:write')))
        throw new HttpError(403, `The ${staff.access} access does not allow creating activities or classes`, 'forbidden');
      const results = await db.transaction((tx) => importEnrolments(tx, { importId, activities, classes, rows, userId: staff.id, today: today() }));
      request.auditStudents = [...new Set(results.flatMap((result) => (result.studentId && result.outcome !== 'refused' ? [result.studentId] : [])))];
      return { results };
    },
  );
};

/**
 * A class's roster of a date, and enrolments: a student enrolled in a class from a date, and the enrolment ended at a
 * date (history stays). Each change recounts the student's attendance (rules/counts.ts). The SQL:
 * data/student-list.ts rosterOf and data/enrolments.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enrolmentEndSchema,
  enrolmentSchema,
  enrolmentStartSchema,
  rosterQuerySchema,
  studentListSchema,
  type Enrolment,
} from '../../src/api/contract.ts';
import { endEnrolment, insertEnrolment, periodsOf, reopenEnrolment, type EnrolmentPeriod } from '../data/enrolments.ts';
import { lockCounts, recountStudent } from '../data/rules/counts.ts';
import { today } from '../data/rules/roster.ts';
import { rosterOf } from '../data/student-list.ts';
import { studentExists } from '../data/students.ts';
import { currentConsents } from '../data/consents.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { requireClass } from './class-access.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const enrolmentOf = (classId: string, row: EnrolmentPeriod): Enrolment => ({ classId, from: row.from, ...(row.to === null ? {} : { to: row.to }) });

export const enrolmentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
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
      const roster = await rosterOf(db, classId, request.query.date ?? today());
      // Each entry's consents (issue 51): the roll call marks the children without IMAGE_USE, to leave out of photos.
      const consents = await currentConsents(
        db,
        roster.map((student) => student.id),
      );
      return roster.map((student) => ({ ...student, consents: consents.get(student.id)! }));
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
        if (!(await studentExists(tx, studentId))) throw notFound('Student');
        const periods = await periodsOf(tx, classId, studentId);
        const open = periods.find((period) => period.to === null);
        if (open) return { created: false, enrolment: enrolmentOf(classId, open) };
        if (group.archived) throw new HttpError(409, 'This class is archived: it takes no new students');
        if (group.activityArchived) throw new HttpError(409, 'This class belongs to an archived activity: it takes no new students');
        const latest = periods[0];
        if (latest && latest.to! > from) throw badRequest(`The student was enrolled in this class until ${latest.to}: enrol from that date on`);
        if (latest && latest.from === from) {
          await reopenEnrolment(tx, classId, studentId, from);
        } else {
          await insertEnrolment(tx, classId, studentId, from);
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
        await endEnrolment(tx, classId, studentId, open.from, to);
        await recountStudent(tx, studentId);
        return { classId, from: open.from, to };
      });
      return enrolment;
    },
  );
};

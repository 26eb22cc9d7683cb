/**
 * Rolls to complete for whoever may correct them (issue 56): an instructor may correct the rolls of their own classes
 * and of classes that name no instructor (attendance:write, held to those classes: permissions.ts seesRollsOf), but
 * reads no alerts (reports:read), where the coordinators see every class's. This route answers the same list under the
 * permission that corrects a roll, held to the classes the user's rolls are (data/rolls-to-complete.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLL_TO_COMPLETE_DAYS, rollsToCompleteSchema } from '../../src/api/contract.ts';
import { ownClassesOnly } from '../../src/api/permissions.ts';
import { rollsToComplete } from '../data/rolls-to-complete.ts';
import { today } from '../data/rules/roster.ts';
import type { ApiContext } from './context.ts';

export const rollsToCompleteRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/attendance/rolls-to-complete',
    {
      config: { rule: 'attendance:write' },
      schema: {
        tags: ['attendance'],
        summary: `Rolls of the last ${ROLL_TO_COMPLETE_DAYS} days that leave children of their roster not marked, of the classes whose rolls the user may correct`,
        response: { 200: rollsToCompleteSchema },
      },
    },
    async (request) => {
      const staff = request.staff;
      const instructorId = staff && ownClassesOnly(staff.access) ? staff.id : null;
      return { rolls: await rollsToComplete(db, today(), instructorId) };
    },
  );
};

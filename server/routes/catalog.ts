/**
 * Activities and classes (SPEC §7: the lists; extensions: create, edit and archive) and the ten filter enumerations
 * (staff users: routes/users.ts). Archived activities and classes leave the lists (and so the app's pickers) unless
 * `?include=archived` asks for them; they stay in history (rolls, enrolments). Every edit sends the version it was read
 * at; a stale one answers 409 with the current record.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityCreateSchema,
  activityListSchema,
  activitySchema,
  activityUpdateSchema,
  classCreateSchema,
  classListSchema,
  classSchema,
  classUpdateSchema,
  enums,
  filterAnswerSchema,
  filterPaths,
  type EnumName,
} from '../../src/api/contract.ts';
import {
  activityArchived,
  insertActivity,
  insertClass,
  listActivities,
  listClasses,
  lockActivity,
  lockClass,
  readActivity,
  readClass,
  readStoredClass,
  updateActivity,
  updateClass,
  type ClassFields,
} from '../data/catalog.ts';
import { classFieldsOf, sameClass, type ClassWrite } from './class-write.ts';
import { userExists } from '../data/users.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const includeQuery = z.object({ include: z.enum(['archived']).optional() });

/**
 * A class's activity must exist and not be archived; its instructors must be staff users, and so must the original
 * client's `instructorId` when a write sends it beside `instructorIds` (it is not stored then, but never a wrong id).
 */
async function checkClassLinks(tx: Queryable, fields: ClassFields, allowArchivedActivity: boolean, sentInstructor?: string | null): Promise<void> {
  const archived = await activityArchived(tx, fields.activityId);
  if (archived === undefined) throw badRequest(`Unknown activity: ${fields.activityId}`);
  if (archived && !allowArchivedActivity) throw badRequest('This activity is archived: choose another one');
  for (const instructorId of new Set([...fields.instructorIds, ...(sentInstructor ? [sentInstructor] : [])])) {
    if (!(await userExists(tx, instructorId))) throw badRequest(`Unknown instructor (user): ${instructorId}`);
  }
}

export const catalogRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  const idParams = z.object({ id: pathIdSchema });

  app.get(
    '/activities',
    {
      config: { rule: 'activities:read' },
      schema: {
        tags: ['activities'],
        summary: 'All activities (archived ones only with ?include=archived)',
        querystring: includeQuery,
        response: { 200: activityListSchema, ...errors(400) },
      },
    },
    (request) => listActivities(db, request.query.include === 'archived'),
  );

  app.post(
    '/activities',
    {
      config: { rule: 'activities:write' },
      schema: {
        tags: ['activities'],
        summary: 'Create an activity',
        description: 'Answers 201 with the activity; with a client-generated `id`, sending it again creates nothing and answers 200.',
        body: activityCreateSchema,
        response: { 200: activitySchema, 201: activitySchema, ...errors(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id = randomUUID(), name, teacher, area, frequency } = request.body;
      const created = await insertActivity(db, id, { name, teacher, area, frequency });
      if (created) return reply.code(201).send(created);
      return reply.code(200).send((await readActivity(db, id))!);
    },
  );

  app.put(
    '/activities/:id',
    {
      config: { rule: 'activities:write' },
      schema: {
        tags: ['activities'],
        summary: 'Edit or archive an activity (the whole record, with the version it was read at)',
        description: 'A record changed since that version answers 409 (code stale-version) with the current record in `current`.',
        params: idParams,
        body: activityUpdateSchema,
        response: { 200: activitySchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, archived, name, teacher, area, frequency } = request.body;
      return db.transaction(async (tx) => {
        const current = await lockActivity(tx, id);
        if (!current) throw notFound('Activity');
        const nextArchived = archived ?? current.archived;
        if (version !== undefined && version !== current.version) {
          const same =
            current.name === name &&
            current.teacher === teacher &&
            current.area === area &&
            current.frequency === frequency &&
            current.archived === nextArchived;
          if (same) return current;
          throw staleVersion('activity', current);
        }
        return updateActivity(tx, id, { name, teacher, area, frequency, archived: nextArchived });
      });
    },
  );

  app.get(
    '/classes',
    {
      config: { rule: 'classes:read' },
      schema: {
        tags: ['classes'],
        summary: 'All classes, or the classes of one activity (archived ones, and those of archived activities, only with ?include=archived)',
        querystring: z.object({ activityId: pathIdSchema.optional(), include: z.enum(['archived']).optional() }),
        response: { 200: classListSchema, ...errors(400) },
      },
    },
    (request) => listClasses(db, request.query.activityId ?? null, request.query.include === 'archived'),
  );

  app.post(
    '/classes',
    {
      config: { rule: 'classes:write' },
      schema: {
        tags: ['classes'],
        summary: 'Create a class of an activity',
        description:
          'Answers 201 with the class; with a client-generated `id`, sending it again creates nothing and answers 200. ' +
          'An unknown or archived activity, or an unknown instructor, answers 400. Without `meetings`, the original ' +
          "client's `weekDay` and `schedule` make the one meeting (times read from the schedule, else kept as the note); " +
          'without `instructorIds`, `instructorId` is the one instructor.',
        body: classCreateSchema,
        response: { 200: classSchema, 201: classSchema, ...errors(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id = randomUUID(), ...body } = request.body;
      const { created, group } = await db.transaction(async (tx) => {
        const existing = await readClass(tx, id);
        if (existing) return { created: false, group: existing };
        const fields = classFieldsOf(body, undefined);
        await checkClassLinks(tx, fields, false, body.instructorId);
        await insertClass(tx, id, fields);
        return { created: true, group: (await readClass(tx, id))! };
      });
      return reply.code(created ? 201 : 200).send(group);
    },
  );

  app.put(
    '/classes/:id',
    {
      config: { rule: 'classes:write' },
      schema: {
        tags: ['classes'],
        summary: 'Edit or archive a class (the whole record, with the version it was read at)',
        description:
          'A record changed since that version answers 409 (code stale-version) with the current record in `current`. ' +
          "The original client's write (`weekDay`, `schedule`, `instructorId` only) keeps the class's meetings when its " +
          'weekday and schedule are those the class answers, and its instructors when its instructor is the first; ' +
          'a new instructor takes the first place (null: none), a new weekday or schedule makes the one meeting.',
        params: idParams,
        body: classUpdateSchema,
        response: { 200: classSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, archived, ...body } = request.body;
      return db.transaction(async (tx) => {
        if (!(await lockClass(tx, id))) throw notFound('Class');
        const stored = (await readStoredClass(tx, id))!;
        const current = (await readClass(tx, id))!;
        const fields = classFieldsOf(body satisfies ClassWrite, stored);
        const nextArchived = archived ?? current.archived ?? false;
        if (version !== undefined && version !== current.version) {
          if (sameClass(stored, fields) && stored.archived === nextArchived) return current;
          throw staleVersion('class', current);
        }
        await checkClassLinks(tx, fields, fields.activityId === current.activityId, body.instructorId);
        await updateClass(tx, id, { ...fields, archived: nextArchived });
        return (await readClass(tx, id))!;
      });
    },
  );

  for (const [name, path] of Object.entries(filterPaths) as [EnumName, string][]) {
    app.get(
      `/${path}`,
      {
        config: { rule: 'filters:read' },
        schema: {
          tags: ['filters'],
          summary: `Codes of the ${name} enumeration`,
          response: { 200: filterAnswerSchema },
        },
      },
      async () => [...enums[name]],
    );
  }
};

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
  type Activity,
  type ClassCreate,
  type ClassGroup,
  type EnumName,
} from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, notFound, staleVersion } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';
import { foldedOrder } from './name-order.ts';

export const activityColumns = 'id, name, teacher, area, frequency, archived, version';
export const classColumns =
  'c.id, c.title, c.week_day AS "weekDay", c.schedule, c.level, c.activity_id AS "activityId", c.instructor_id AS "instructorId", c.archived, c.version';
const includeQuery = z.object({ include: z.enum(['archived']).optional() });

/** A class's activity must exist and not be archived; its instructor must be a staff user. */
async function checkClassLinks(tx: Queryable, fields: Omit<ClassCreate, 'id'>, allowArchivedActivity: boolean): Promise<void> {
  const [activity] = await tx.query<{ archived: boolean }>('SELECT archived FROM activities WHERE id = $1', [fields.activityId]);
  if (!activity) throw badRequest(`Unknown activity: ${fields.activityId}`);
  if (activity.archived && !allowArchivedActivity) throw badRequest('This activity is archived: choose another one');
  if (fields.instructorId) {
    const [user] = await tx.query('SELECT 1 FROM users WHERE id = $1', [fields.instructorId]);
    if (!user) throw badRequest(`Unknown instructor (user): ${fields.instructorId}`);
  }
}

const readClass = async (db: Queryable, id: string) => (await db.query<ClassGroup>(`SELECT ${classColumns} FROM classes c WHERE c.id = $1`, [id]))[0];

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
    (request) =>
      db.query<Activity>(`SELECT ${activityColumns} FROM activities WHERE $1 OR NOT archived ORDER BY ${foldedOrder('name', 'id')}`, [
        request.query.include === 'archived',
      ]),
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
      const [created] = await db.query<Activity>(
        `INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING RETURNING ${activityColumns}`,
        [id, name, teacher, area, frequency],
      );
      if (created) return reply.code(201).send(created);
      const [existing] = await db.query<Activity>(`SELECT ${activityColumns} FROM activities WHERE id = $1`, [id]);
      return reply.code(200).send(existing!);
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
        const [current] = await tx.query<Activity & { version: number; archived: boolean }>(
          `SELECT ${activityColumns} FROM activities WHERE id = $1 FOR UPDATE`,
          [id],
        );
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
        const [updated] = await tx.query<Activity>(
          `UPDATE activities SET name = $2, teacher = $3, area = $4, frequency = $5, archived = $6, version = version + 1
            WHERE id = $1 RETURNING ${activityColumns}`,
          [id, name, teacher, area, frequency, nextArchived],
        );
        return updated!;
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
    (request) =>
      db.query<ClassGroup>(
        `SELECT ${classColumns} FROM classes c JOIN activities a ON a.id = c.activity_id
          WHERE ($1::text IS NULL OR c.activity_id = $1) AND ($2 OR NOT (c.archived OR a.archived))
          ORDER BY ${foldedOrder('c.title', 'c.id')}`,
        [request.query.activityId ?? null, request.query.include === 'archived'],
      ),
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
          'An unknown or archived activity, or an unknown instructor, answers 400.',
        body: classCreateSchema,
        response: { 200: classSchema, 201: classSchema, ...errors(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id = randomUUID(), ...fields } = request.body;
      const { created, group } = await db.transaction(async (tx) => {
        const existing = await readClass(tx, id);
        if (existing) return { created: false, group: existing };
        await checkClassLinks(tx, fields, false);
        await tx.run(`INSERT INTO classes (id, title, week_day, schedule, level, activity_id, instructor_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          id,
          fields.title,
          fields.weekDay,
          fields.schedule,
          fields.level,
          fields.activityId,
          fields.instructorId ?? null,
        ]);
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
        description: 'A record changed since that version answers 409 (code stale-version) with the current record in `current`.',
        params: idParams,
        body: classUpdateSchema,
        response: { 200: classSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, archived, ...fields } = request.body;
      return db.transaction(async (tx) => {
        const [locked] = await tx.query('SELECT 1 FROM classes WHERE id = $1 FOR UPDATE', [id]);
        if (!locked) throw notFound('Class');
        const current = (await readClass(tx, id))!;
        const nextArchived = archived ?? current.archived ?? false;
        if (version !== undefined && version !== current.version) {
          const same =
            current.title === fields.title &&
            current.activityId === fields.activityId &&
            current.weekDay === fields.weekDay &&
            current.schedule === fields.schedule &&
            current.level === fields.level &&
            (current.instructorId ?? null) === (fields.instructorId ?? null) &&
            current.archived === nextArchived;
          if (same) return current;
          throw staleVersion('class', current);
        }
        await checkClassLinks(tx, fields, fields.activityId === current.activityId);
        await tx.run(
          `UPDATE classes SET title = $2, week_day = $3, schedule = $4, level = $5, activity_id = $6, instructor_id = $7, archived = $8,
                              version = version + 1
            WHERE id = $1`,
          [id, fields.title, fields.weekDay, fields.schedule, fields.level, fields.activityId, fields.instructorId ?? null, nextArchived],
        );
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

/**
 * Staff users: the list (SPEC §7), the signed-in user (GET /me), and user management for admins. Users are the
 * allow-list of a verifying server (server/access.ts): adding one lets that e-mail in, deactivating one refuses their
 * next request. A user is never deleted: their name stays on what they wrote.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema, userCreateSchema, userListSchema, userSchema, userUpdateSchema, type WriteRefusal } from '../../src/api/contract.ts';
import { meOf } from '../access.ts';
import { lockActiveAdmins, otherActiveAdmins } from '../data/admins.ts';
import { insertUser, listUsers, lockUser, readUser, updateUser } from '../data/users.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, notFound } from '../errors.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';

/** Quadra must keep someone who can manage users (the admins' rows are locked: see server/data/admins.ts). */
async function requireAnotherAdmin(tx: Queryable, id: string): Promise<void> {
  if ((await otherActiveAdmins(tx, id)) === 0) throw new HttpError(409, 'Quadra needs at least one active admin: make another user admin first');
}

export const userRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, openMode }) => {
  app.get(
    '/me',
    {
      config: { rule: 'me:read' },
      schema: { tags: ['users'], summary: 'The signed-in staff user and what their role may do', response: { 200: meSchema } },
    },
    (request) => meOf(request.staff!, openMode),
  );

  app.get('/users', { config: { rule: 'users:read' }, schema: { tags: ['users'], summary: 'Staff users', response: { 200: userListSchema } } }, () =>
    listUsers(db),
  );

  app.post(
    '/users',
    {
      config: { rule: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Add a staff user (admins)',
        description:
          'Answers 201 with the user, who can sign in from then on with that e-mail. With a client-generated `id`, ' +
          'sending it again creates nothing and answers 200. An e-mail already registered answers 409.',
        body: userCreateSchema,
        response: { 200: userSchema, 201: userSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = body.id ?? randomUUID();
      try {
        const created = await insertUser(db, id, body);
        if (created) return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, `A user with the e-mail ${body.email} is already registered`, 'email-taken' satisfies WriteRefusal);
        throw error;
      }
      return reply.code(200).send((await readUser(db, id))!);
    },
  );

  app.put(
    '/users/:id',
    {
      config: { rule: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Change a staff user: details, access, active (admins)',
        description:
          'Sends the whole record. With `version`, a record changed since then answers 409 and nothing is written. ' +
          "A deactivated user's next request is refused (403). The last active admin cannot be demoted or deactivated.",
        params: z.object({ id: pathIdSchema }),
        body: userUpdateSchema,
        response: { 200: userSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      try {
        return await db.transaction(async (tx) => {
          // The admins first, then the user: two edits at once queue in one order (no deadlock), and the second
          // counts the admins the first left.
          await lockActiveAdmins(tx);
          const current = await lockUser(tx, id);
          if (!current) throw notFound('User');
          if (body.version !== undefined && body.version !== current.version) {
            throw new HttpError(409, 'This user was changed by someone else since you opened it: review the current record', 'stale-version');
          }
          if (current.access === 'admin' && current.active && (body.access !== 'admin' || !body.active)) await requireAnotherAdmin(tx, id);
          return updateUser(tx, id, body);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, `A user with the e-mail ${body.email} is already registered`, 'email-taken' satisfies WriteRefusal);
        throw error;
      }
    },
  );
};

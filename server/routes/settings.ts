/**
 * Programme settings (issue 58): GET /settings (every signed-in role, `settings:read`: names and a message text, nothing
 * personal), PUT /settings (admins, `settings:write`) with the version the edit started from.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsInputSchema, settingsSchema } from '../../src/api/settings-contract.ts';
import { lockSettings, saveSettings, settings } from '../data/settings.ts';
import { OPEN_MODE_STAFF } from '../access.ts';
import { staleVersion } from '../errors.ts';
import { errors, type ApiContext } from './context.ts';

export const settingsRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    '/settings',
    {
      config: { rule: 'settings:read' },
      schema: {
        tags: ['settings'],
        summary: "The programme's settings: the programme's, project's and funder's names and the WhatsApp text to a guardian",
        response: { 200: settingsSchema },
      },
    },
    () => settings(db),
  );

  app.put(
    '/settings',
    {
      config: { rule: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: "Change the programme's settings (admins)",
        description:
          "The WhatsApp text may hold {nome} (the child's name) and {datas} (the dates missed) and no other placeholder. " +
          '`basedOn` is the version the edit started from: a newer one answers 409 (stale-version) with it in `current`; ' +
          'settings equal to the current ones answer 200 (a resend whose answer was lost).',
        body: settingsInputSchema,
        response: { 200: settingsSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request) => {
      const { basedOn, ...fields } = request.body;
      const by = request.staff?.full_name ?? OPEN_MODE_STAFF.full_name;
      return db.transaction(async (tx) => {
        const current = await lockSettings(tx);
        if (basedOn !== current.version) {
          // The same settings sent again (an answer lost on the way): done already.
          if ((Object.keys(fields) as Array<keyof typeof fields>).every((key) => fields[key] === current[key])) return current;
          throw staleVersion('settings', current);
        }
        return saveSettings(tx, fields, by);
      });
    },
  );
};

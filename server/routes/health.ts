/**
 * GET /api/health: for a supervisor, a load balancer or a person: is the server up, can it read its database, and at
 * which schema version. No sign-in (the PUBLIC rule) and no personal data. 503 when the database does not answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, type Health } from '../../src/api/contract.ts';
import { PUBLIC } from '../../src/api/permissions.ts';
import { latestMigration } from '../data/health.ts';
import { diskState } from '../disk.ts';
import type { ApiContext } from './context.ts';

/** A database that does not answer within this long counts as down. */
const DATABASE_TIMEOUT_MS = 3_000;

type HealthOptions = ApiContext & { version: string; tokensUnverified: boolean; disk: { dir: string; lowMb: number } | undefined };

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, version, tokensUnverified, disk }) => {
  // Said on every answer, up or down: whoever watches the server learns that its sign-in lets any token in.
  const tokens = tokensUnverified ? { tokens: 'unverified' as const } : {};
  app.get(
    '/health',
    {
      config: { rule: PUBLIC },
      schema: {
        tags: ['health'],
        summary: "The server's and its database's state, and the schema version (no sign-in)",
        description: 'Answers 200 when the database answers, 503 otherwise; the body says which.',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const diskNow = disk ? await diskState(disk.dir, disk.lowMb) : undefined;
      const state = { ...tokens, ...(diskNow ? { disk: diskNow } : {}) };
      let schemaVersion: string | null = null;
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
        });
        schemaVersion = await Promise.race([latestMigration(db), timeout]);
      } catch (error) {
        request.log.error({ err: error }, 'health: the database does not answer');
        const down: Health = { status: 'unavailable', database: 'down', engine: db.kind, schemaVersion: null, version, ...state };
        return reply.code(503).send(down);
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: 'up' as const, engine: db.kind, schemaVersion, version, ...state };
    },
  );
};

/**
 * GET /api/privacy (issue 51): the programme's data-protection contact and retention period for the privacy page, which
 * anyone may read without signing in (the PUBLIC rule). Configuration only: no personal data of a child.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyInfoSchema, type PrivacyInfo } from '../../src/api/privacy-contract.ts';
import { PUBLIC } from '../../src/api/permissions.ts';
import type { ApiContext } from './context.ts';

export const privacyRoutes: FastifyPluginAsyncZod<ApiContext & { privacy: PrivacyInfo }> = async (app, { privacy }) => {
  app.get(
    '/privacy',
    {
      config: { rule: PUBLIC },
      schema: {
        tags: ['privacy'],
        summary: "The programme's data-protection contact and how long a child's record is kept (no sign-in)",
        response: { 200: privacyInfoSchema },
      },
    },
    async (_request, reply) => {
      // Not personal: a browser may keep it (the page opens offline from the app's own copy anyway).
      reply.header('Cache-Control', 'no-cache');
      return privacy;
    },
  );
};

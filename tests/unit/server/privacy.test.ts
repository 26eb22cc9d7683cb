// @vitest-environment node
/** The privacy page's data (issue 51): anyone reads it, with sign-in required and no user; nothing else opens without one. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../../server/app.ts';
import { privacyInfoSchema } from '../../../src/api/privacy-contract.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let signInRequired: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer();
  signInRequired = await buildServer({
    db: server.db,
    distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    // Sign-in required, and no token is ever valid: nobody is signed in.
    verifyToken: async () => {
      throw new Error('no valid token');
    },
    privacy: { contactName: 'Marta Encarregada', contactEmail: 'dpo@programa.org.br', retentionYears: 7 },
  });
  await signInRequired.ready();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await signInRequired?.close();
  await server.close();
});

describe('GET /api/privacy', () => {
  it('answers the contact and the retention period with sign-in required and no user', async () => {
    const response = await signInRequired.inject('/api/privacy');
    expect(response.statusCode).toBe(200);
    expect(privacyInfoSchema.parse(response.json())).toEqual({
      contactName: 'Marta Encarregada',
      contactEmail: 'dpo@programa.org.br',
      retentionYears: 7,
    });
    // The rest of the API still asks for a sign-in.
    expect((await signInRequired.inject('/api/students')).statusCode).toBe(401);
  });

  it('says when no contact was set, and the default retention of 5 years', async () => {
    expect(privacyInfoSchema.parse((await server.app.inject('/api/privacy')).json())).toEqual({
      contactName: null,
      contactEmail: null,
      retentionYears: 5,
    });
  });
});

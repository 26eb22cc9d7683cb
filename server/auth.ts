/**
 * The seam for authentication: one onRequest hook on every /api route. The reference server trusts every caller
 * for now; verifying the app's Firebase bearer token (and answering 401 with errorBody) belongs here later, so no
 * route needs to change.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function authenticate(_request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  // Intentionally empty: see the header.
}

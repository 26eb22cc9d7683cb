/**
 * Every error the API answers has one shape, apiErrorSchema: { statusCode, error, message }, with a message a
 * person can act on. Handlers throw HttpError; Fastify's own errors (validation, body too large, bad content type,
 * multipart limits) are translated here.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../src/api/contract.ts';
import { DISK_FULL_CODE, DISK_FULL_MESSAGE, isDiskFull } from './disk.ts';

/** At most this many offending values are named in an error; the rest are counted (issue 55: a 400 repeated 10,000 ids). */
export const LISTED_VALUES_MAX = 20;

/** `values` joined for an error message: the first LISTED_VALUES_MAX, then how many more. */
export function listed(values: readonly string[]): string {
  const named = values.slice(0, LISTED_VALUES_MAX).join(', ');
  const more = values.length - LISTED_VALUES_MAX;
  return more > 0 ? `${named} and ${more} more` : named;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A stable word for the app to act on (ApiError.code), e.g. why an account is refused. */
    readonly code?: string,
    /** With a 409 'stale-version': the record as it is now (ApiError.current). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);
export const badRequest = (message: string): HttpError => new HttpError(400, message);
/** An edit sent from an older version of the record: nothing is written, and the answer carries the record as it is. */
export const staleVersion = (what: string, current: unknown): HttpError =>
  new HttpError(409, `This ${what} was changed by someone else since you opened it: review the current record`, 'stale-version', current);

export function errorBody(statusCode: number, message: string, code?: string, current?: unknown): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code ? { code } : {}),
    ...(current === undefined ? {} : { current }),
  };
}

// Fastify and plugin error codes whose own message is too technical or too vague for the person reading it.
const friendlyMessages: Record<string, (error: FastifyError) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'Request body is too large',
  FST_REQ_FILE_TOO_LARGE: () => 'File is too large: the limit is 10 MB',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (error) => error.message.replace(/^Unsupported Media Type:?\s*/i, 'Unsupported content type: '),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Body cannot be empty when content-type is application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'Body is not valid JSON',
};

function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const issues = (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return path ? `${where}.${path}: ${issue.message}` : `${where}: ${issue.message}`;
  });
  return issues.length > 0 ? `Invalid ${where}: ${issues.join('; ')}` : error.message;
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      // The record as it is now is personal data: the access record holds it back if it cannot record it (access.ts).
      if (error.current !== undefined) request.answerCarriesRecord = true;
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.code, error.current));
    }
    if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(errorBody(400, validationMessage(error)));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'answer does not match its schema');
      return reply.code(500).send(errorBody(500, 'The server produced an invalid answer'));
    }
    // A full disk (a file or the database could not write): 507 with a code the app words, never a 500 (issue 55).
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'the disk is full');
      return reply.code(507).send(errorBody(507, DISK_FULL_MESSAGE, DISK_FULL_CODE));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (process.env.QUADRA_DEBUG) console.error(error);
      return reply.code(status).send(errorBody(status, 'Internal server error'));
    }
    const friendly = error.code ? friendlyMessages[error.code] : undefined;
    return reply.code(status).send(errorBody(status, friendly ? friendly(error) : error.message));
  });
}

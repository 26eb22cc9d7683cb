/**
 * The server's edge, where nothing a client sends may reach the database unchecked:
 * - request bodies are parsed with the contract's zod schemas (the rule for text among them: src/api/contract.ts
 *   textSchema), and a body with a field the schema does not name is refused 400 rather than silently dropped;
 * - the request log: one JSON line per answered request, with no personal data (the route's pattern, never the path's
 *   ids or the query string, nor names, CPFs, tokens or bodies), at the level LOG_LEVEL sets.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyLoggerOptions, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { errorBody, HttpError, listed } from './errors.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * JSON bodies must be UTF-8: bytes that are not (a lone surrogate written as bytes, Latin-1 text) are refused 400
 * instead of being turned into U+FFFD without a word. Parsing is then Fastify's own (prototype poisoning refused).
 */
export function registerStrictJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new HttpError(400, 'Body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** A URL whose percent-encoded bytes are not UTF-8 (e.g. a lone surrogate) is refused 400, not decoded to U+FFFD. */
export function registerUrlCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.includes('%')) return;
    try {
      decodeURIComponent(request.url);
    } catch {
      return reply.code(400).send(errorBody(400, 'The URL is not valid: its percent-encoded bytes are not UTF-8'));
    }
  });
}

/** Paths (a.b.0.c) of the keys of `input` that zod dropped from `parsed`: the fields the schema does not name. */
export function unknownFields(input: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(parsed)) {
    return input.flatMap((item, index) => unknownFields(item, parsed[index], path ? `${path}.${index}` : String(index)));
  }
  if (!isPlainObject(input) || !isPlainObject(parsed)) return [];
  return Object.keys(input).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return Object.hasOwn(parsed, key) ? unknownFields(input[key], parsed[key], at) : [at];
  });
}

/** fastify-type-provider-zod's validator, which also refuses body fields the contract does not name. */
export const strictValidatorCompiler: FastifySchemaCompiler<ZodType> = (routeSchema) => {
  const validate = validatorCompiler(routeSchema) as (data: unknown) => { value?: unknown; error?: Error | FastifySchemaValidationError[] };
  if (routeSchema.httpPart !== 'body') return validate;
  return (data: unknown) => {
    const result = validate(data);
    if (result.error) return result;
    const unknown = unknownFields(data, result.value);
    if (unknown.length === 0) return result;
    return { error: new HttpError(400, `Invalid body: unknown field${unknown.length > 1 ? 's' : ''} ${listed(unknown.map((f) => `body.${f}`))}`) };
  };
};

type LoggableError = Error & { code?: unknown; statusCode?: unknown };
/** SQLSTATE codes are five characters; a database error's message and detail may quote the values it refused. */
const isDatabaseError = (error: LoggableError): boolean => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

/** Logs an error without what it may quote of personal data: a database error keeps its code and stack frames only. */
export function serializeError(error: LoggableError): { type: string; message: string; stack: string; code?: unknown } {
  if (isDatabaseError(error)) {
    const frames = (error.stack ?? '').split('\n').slice(1).join('\n');
    return { type: error.name, message: `database error ${String(error.code)}`, code: error.code, stack: frames };
  }
  return { type: error.name, message: error.message, ...(error.code ? { code: error.code } : {}), stack: error.stack ?? '' };
}

/** Pino options: JSON lines at `level`; request and reply objects are never logged whole. */
export function loggerOptions(level: string): FastifyLoggerOptions {
  return {
    level,
    serializers: {
      err: serializeError,
      req: (request: { method?: string }) => ({ method: request.method }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * One line per answered request at `info`: method, the route's pattern (e.g. /api/students/:id, never the ids
 * themselves nor the query string), status, time in ms. Fastify's own two lines per request are turned off
 * (LogController's disableRequestLogging), since they carry the full URL.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const log: FastifyBaseLogger = request.log;
    log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}

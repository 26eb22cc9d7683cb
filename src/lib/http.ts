/**
 * The one HTTP client (ky). Base URL from the build-time API setting, SPEC §7's ten-minute timeout, and the
 * signed-in user's bearer token, fetched fresh from the identity SDK at send time. Answers are parsed by a schema
 * before anyone sees them: an answer of the wrong shape is a failure, like a network error.
 */
import ky, { HTTPError, TimeoutError, type KyInstance, type Options, type ResponsePromise } from 'ky';
import type { ZodMiniType, output } from 'zod/mini';
import { config } from './config.ts';
import type { QueryKey } from '@tanstack/react-query';
import { reportServerAnswer, reportServerUnreachable } from './server-status.ts';
import { firstScreenRead, parseAfterFirstScreen } from './first-screen.ts';

/**
 * A 403 of the API, with the server's code (ApiError.code) and words, and the token the request was sent with (none:
 * null): the auth provider decides what it means, and whether it is about the user signed in now.
 */
export type ForbiddenListener = (code: string | undefined, message: string, token: string | null) => void;
let forbiddenListener: ForbiddenListener = () => undefined;
export function setForbiddenListener(listener: ForbiddenListener): void {
  forbiddenListener = listener;
}

/** The server's { code, message } of an error answer, or undefined when it is not one. */
async function errorBodyOf(response: Response): Promise<{ code?: string; message?: string } | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown };
    return {
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The server's current record of a 409 'stale-version' (ApiError.current): someone else changed the record since the
 * edit started. Undefined for any other error.
 */
export async function staleRecordOf(error: unknown): Promise<{ current: unknown } | undefined> {
  if (!(error instanceof HTTPError) || error.response.status !== 409) return undefined;
  try {
    const body = (await error.response.clone().json()) as { code?: unknown; current?: unknown };
    return body.code === 'stale-version' && body.current !== undefined ? { current: body.current } : undefined;
  } catch {
    return undefined;
  }
}

export type TokenProvider = (forceRefresh: boolean) => Promise<string | null>;
let tokenProvider: TokenProvider = async () => null;
/** The identity module registers how to get the current user's ID token. */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/**
 * Set once the page hands over to a new version of the app (lib/service-worker.ts): from then on no request leaves
 * (the page reloads in a moment). A request that starts while Chromium swaps the service workers restarts the old
 * one and stalls the swap; the reload that follows then never loads.
 */
let handover: Promise<never> | undefined;
const handoverListeners: (() => void)[] = [];
export function holdRequestsForHandover(): void {
  handover ??= new Promise<never>(() => undefined);
  for (const listener of handoverListeners) listener();
}
/** `listener` stops what would send a request outside this client (the sync worker). */
export function onHandover(listener: () => void): void {
  handoverListeners.push(listener);
}
/** Never resolves once the page hands over to a new version. */
export async function notHandingOver(): Promise<void> {
  if (handover) await handover;
}

/** The signed-in user's current token (null when nobody is), for a request made outside this client (the sync worker). */
export async function currentToken(): Promise<string | null> {
  await notHandingOver();
  return tokenProvider(false);
}

/** A failure that no retry can fix (e.g. an answer that lacks the id it must carry): it goes to the failed list. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}

/**
 * The server answered 404 for the record a screen is about (a class, an activity, a student): the record does not
 * exist, which is not the same as a server that cannot be reached. Screens say "not found" with a way back, and never
 * show another list or sample data instead. Never retried.
 */
export class RecordNotFoundError extends Error {
  override name = 'RecordNotFoundError';
  constructor(readonly record: 'class' | 'activity' | 'student') {
    super(`The ${record} was not found`);
  }
}

/**
 * A read the server refused for good (403: the role may not read it any more; 404 or 410: it is gone), not one that
 * may pass later (no connection, a timeout, a 5xx, a 401 waiting for a sign-in): the device must not keep its copy.
 */
export function refusedForGood(error: unknown): boolean {
  if (error instanceof RecordNotFoundError) return true;
  return error instanceof HTTPError && [403, 404, 410].includes(error.response.status);
}

/** A 404 of the API whose body says the route itself is unknown (a server without it), not the record. */
export async function isUnknownRoute(error: unknown): Promise<boolean> {
  if (!(error instanceof HTTPError) || error.response.status !== 404) return false;
  const message = (await errorBodyOf(error.response))?.message ?? '';
  return /^Route /.test(message);
}

/** Thrown when an answer does not match its schema, or is not JSON at all (`notJson`: an HTML page, a cut-off body). */
export class MalformedAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly issues: string,
    readonly notJson = false,
  ) {
    super(`Malformed answer from ${path}: ${issues}`);
    this.name = 'MalformedAnswerError';
  }
}

export function createHttp(prefixUrl: string = config.apiUrl, timeout: number = config.requestTimeoutMs): KyInstance {
  return ky.create({
    prefixUrl: new URL(prefixUrl, globalThis.location?.href ?? 'http://localhost/').toString(),
    timeout,
    retry: 0, // the outbox and the query client own retries
    // Every answer (or none) tells the header whether the server is there (lib/server-status.ts).
    fetch: async (input, init) => {
      try {
        const response = await globalThis.fetch(input, init);
        reportServerAnswer(response.status, response.status === 503 ? (await errorBodyOf(response))?.code : undefined);
        return response;
      } catch (error) {
        reportServerUnreachable();
        throw error;
      }
    },
    hooks: {
      beforeRequest: [
        async (request) => {
          await notHandingOver();
          const token = await tokenProvider(false);
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        // A 401 with a token that may have just expired: get a fresh one once and try again.
        async (request, _options, response) => {
          if (response.status !== 401 || request.headers.get('X-Quadra-Retried')) return response;
          const token = await tokenProvider(true);
          if (!token) return response;
          const retry = new Request(request, { headers: new Headers(request.headers) });
          retry.headers.set('Authorization', `Bearer ${token}`);
          retry.headers.set('X-Quadra-Retried', '1');
          return ky(retry, { timeout, retry: 0, throwHttpErrors: false });
        },
        async (request, _options, response) => {
          if (response.status !== 403) return response;
          const body = await errorBodyOf(response);
          const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
          forbiddenListener(body?.code, body?.message ?? statusLine(response), token);
          return response;
        },
      ],
    },
  });
}

export const http = createHttp();

/**
 * A schema, or a function that loads it. A list's query passes `() => import('./contract.ts').then((c) => c.xListSchema)`,
 * so that its route's loader can start the request before the contract's code has arrived (the two download side by
 * side) and the route files, in the start-up chunk, stay free of zod. (Written out in each query: a shared helper taking
 * the schema's name defeated tree-shaking and put 1.2 KB more of the contract into every list's first load.)
 */
type SchemaSource<S extends ZodMiniType> = S | (() => Promise<S>);

let readsReady: Promise<unknown> = Promise.resolve();
/**
 * Reads wait for `ready` before they go out. The app paints before the device's saved copy is back in the query cache,
 * and a read's answer (or, offline, its failure) must not land before that copy: the screen would show sample data
 * or an error for a moment instead of the saved list.
 */
export function holdReadsUntil(ready: Promise<unknown>): void {
  readsReady = ready;
}

/** Resolves once reads may go out (see holdReadsUntil). */
export function readsAllowed(): Promise<unknown> {
  return readsReady;
}

/**
 * The server read a child's personal data but could not write the access record of that read (LGPD art. 37), so it did
 * not answer the data (503 'access-record-unavailable', server/access.ts). Not the connection: screens say so.
 */
export class AccessRecordUnavailableError extends Error {
  override name = 'AccessRecordUnavailableError';
  constructor() {
    super('The access record could not be written, so the data was not shown');
  }
}

/** A read's failure as screens tell it apart: the unwritten access record is an error of its own. */
async function readFailure(error: unknown): Promise<unknown> {
  if (error instanceof HTTPError && error.response.status === 503 && (await errorBodyOf(error.response))?.code === 'access-record-unavailable') {
    return new AccessRecordUnavailableError();
  }
  return error;
}

/** GET a path under the API and parse the answer; throws on HTTP errors, timeouts and malformed answers. */
export async function getParsed<S extends ZodMiniType>(path: string, schema: SchemaSource<S>, client: KyInstance = http): Promise<output<S>> {
  const parser = typeof schema === 'function' ? schema() : schema;
  await readsReady;
  try {
    const [body, parse] = await Promise.all([bodyOf(path, client.get(path)), parser]);
    return parseAnswer(path, parse, body);
  } catch (error) {
    throw await readFailure(error);
  }
}

/**
 * A read a first screen shows (GET /me, the students list, home's alerts; issue 57): like getParsed, except while the
 * first screen's reads are not done (lib/first-screen.ts), when the contract's code is not asked for: the answer (JSON)
 * is shown as it comes and parsed right after the first screen, before anything keeps it on the device; one that does
 * not parse is read again and fails then. The first screen does not wait for zod and the schemas (16 KB gzip).
 * `queryKey`: the key of the query whose data this answer is.
 */
export async function getParsedShownFirst<S extends ZodMiniType>(
  path: string,
  schema: () => Promise<S>,
  queryKey: QueryKey,
  client: KyInstance = http,
): Promise<output<S>> {
  if (firstScreenRead()) return getParsed(path, schema, client);
  await readsReady;
  try {
    const body = await bodyOf(path, client.get(path));
    if (firstScreenRead()) return parseAnswer(path, await schema(), body);
    parseAfterFirstScreen(queryKey, body, async () => parseAnswer(path, await schema(), body));
    return body as output<S>;
  } catch (error) {
    throw await readFailure(error);
  }
}

/** GET one record's data (`record` is what the path names): a 404 for it is a RecordNotFoundError. */
export async function getRecordParsed<S extends ZodMiniType>(
  path: string,
  schema: SchemaSource<S>,
  record: RecordNotFoundError['record'],
  client: KyInstance = http,
): Promise<output<S>> {
  try {
    return await getParsed(path, schema, client);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404 && !(await isUnknownRoute(error))) throw new RecordNotFoundError(record);
    throw error;
  }
}

/** Send JSON and parse the answer with the schema. */
export async function sendParsed<S extends ZodMiniType>(
  method: 'post' | 'put' | 'delete',
  path: string,
  json: unknown,
  schema: S,
  client: KyInstance = http,
  options: Options = {},
): Promise<output<S>> {
  return parseAnswer(path, schema, await bodyOf(path, client(path, { ...options, method, json })));
}

/** GET a file of the API (a document), with the user's token, as a Blob. */
export async function getBlob(path: string, client: KyInstance = http): Promise<Blob> {
  try {
    return await client.get(path).blob();
  } catch (error) {
    throw await readFailure(error);
  }
}

/** POST a multipart form and parse the answer. */
export async function postForm<S extends ZodMiniType>(path: string, form: FormData, schema: S, client: KyInstance = http): Promise<output<S>> {
  return parseAnswer(path, schema, await bodyOf(path, client.post(path, { body: form })));
}

/** An answer's JSON body; a body that is not JSON (an HTML error page, a cut-off answer) is a malformed answer too. */
async function bodyOf(path: string, answer: ResponsePromise): Promise<unknown> {
  try {
    return await answer.json<unknown>();
  } catch (error) {
    if (error instanceof SyntaxError) throw new MalformedAnswerError(path, error.message, true);
    throw error;
  }
}

export function parseAnswer<S extends ZodMiniType>(path: string, schema: S, body: unknown): output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new MalformedAnswerError(path, parsed.error.message);
  return parsed.data;
}

/** GET an absolute URL outside the API (postcode service, demo endpoint): no token, same timeout. */
export async function getExternalParsed<S extends ZodMiniType>(url: string, schema: S, timeout = 15_000): Promise<output<S>> {
  return parseAnswer(url, schema, await bodyOf(url, ky.get(url, { timeout, retry: 0 })));
}

export type FailureKind = 'rejected' | 'unauthorized' | 'transient';
/**
 * 403 codes that refuse the account rather than the action (contract accessRefusals, repeated here because lib/ sits
 * below api/; tests/unit/lib/http.test.ts holds the two lists equal).
 */
export const ACCOUNT_REFUSALS: readonly string[] = ['not-registered', 'deactivated', 'email-unverified'];

/**
 * How the outbox should treat an error: a 4xx is the server saying no to this write (a 403 of the role included);
 * no valid sign-in (401, or a 403 that refuses the account) waits for someone to sign in; everything else may pass on
 * a retry.
 */
export async function classifyFailure(error: unknown): Promise<{ kind: FailureKind; status?: number }> {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    if (status === 401) return { kind: 'unauthorized', status };
    if (status === 403) {
      const code = (await errorBodyOf(error.response))?.code;
      return { kind: code && ACCOUNT_REFUSALS.includes(code) ? 'unauthorized' : 'rejected', status };
    }
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'rejected', status };
    // A full disk on the server (507 'disk-full') waits for a person, the administrator: the write is kept and shown with
    // its reason ("The server's disk is full: tell the administrator.") and Retry, not retried unseen (issue 55).
    if (status === 507) return { kind: 'rejected', status };
    return { kind: 'transient', status };
  }
  if (error instanceof RefusedError) return { kind: 'rejected' };
  // Timeouts, network errors and malformed answers may pass on a later try.
  return { kind: 'transient' };
}

/** The server's own words for a refusal ({statusCode, error, message}), or the error's message. */
export async function failureMessage(error: unknown): Promise<string> {
  if (error instanceof HTTPError) return (await errorBodyOf(error.response))?.message || statusLine(error);
  return error instanceof Error ? error.message : String(error);
}

/** The server's code for a refusal (ApiError.code: 'cpf-taken', 'stale-version' ...), when it gave one. */
export async function failureCode(error: unknown): Promise<string | undefined> {
  return error instanceof HTTPError ? (await errorBodyOf(error.response))?.code : undefined;
}

/** "503 Service Unavailable": what an HTTP error says in any language. */
export function statusLine(error: HTTPError | Response): string {
  const response = error instanceof HTTPError ? error.response : error;
  return `${response.status} ${response.statusText}`.trim();
}

export { HTTPError, TimeoutError };
export type { Options };

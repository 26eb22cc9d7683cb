/**
 * Who may come in and do what, checked in one hook for every /api route (ARCHITECTURE: one rule table).
 *
 * Every route names its rule in its options, `config: { rule }`: a permission of src/api/permissions.ts, or PUBLIC. A
 * route registered without one stops the server from starting (requireRules), so no route can be served open by
 * omission. On each request, before the body is read:
 * 1. PUBLIC routes pass.
 * 2. The bearer token is verified (server/auth.ts; 401 when it is not valid).
 * 3. The staff user is found: with sign-in required, only a verified e-mail of an active row of `users` comes in; the
 *    identity provider's uid is linked to the row at the first sign-in; an e-mail of ADMIN_EMAILS becomes an admin at
 *    its first sign-in (how a fresh deployment gets its first admin). Otherwise 403 with the refusal's code
 *    (contract accessRefusals). Without sign-in (open mode), everyone is the built-in admin.
 * 4. The route's permission must be in the role's row of the matrix (403 'forbidden' otherwise).
 * Before the answer is sent, the access record (LGPD art. 37) gets one append-only row for every write and for every
 * read of one student's personal data (routes marked `audit: 'student'`): who, when, what, which student, and the
 * status. A read whose row cannot be written is not answered (recordAccessWith).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessDetail, Me } from '../src/api/contract.ts';
import { permissionsOf, PUBLIC, type RouteRule } from '../src/api/permissions.ts';
import type { TokenVerifier, VerifiedUser } from './auth.ts';
import { authenticateWith } from './auth.ts';
import { appendAccessRecord } from './data/access-record.ts';
import { insertFirstAdmin, linkSignIn, signInUserOf, type SignInRow, type StaffUser } from './data/users.ts';
import type { Db } from './db/types.ts';
import { DISK_FULL_CODE, DISK_FULL_MESSAGE, isDiskFull } from './disk.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: a permission of the matrix, or PUBLIC. */
    rule?: RouteRule;
    /**
     * Reads written to the access record: of one student's personal data ('student'), or of everything at once
     * ('export', one row naming no student).
     */
    audit?: 'student' | 'export';
  }
  interface FastifyRequest {
    /** The staff user the request acts as, once let in. */
    staff?: Staff;
    /**
     * Set by a handler whose path does not name the students it touched, for the record: a guardian's own path (its
     * student), a roll (every student on it; on a read, those whose justified absence says why: an empty list records
     * nothing).
     */
    auditStudents?: readonly string[];
    /** What the request did beyond its route, for its access-record entry: a status change's direction, an edit's fields. */
    auditDetail?: AccessDetail;
    /** An error answer that carries a record as it is now (a 409 'stale-version's `current`): a child's data, as a read's. */
    answerCarriesRecord?: boolean;
  }
}

export type Staff = StaffUser;

/** Who everyone is when the server runs without sign-in (a local try-out). */
export const OPEN_MODE_STAFF: Staff = { id: 'open-mode', email: 'open-mode@localhost', full_name: 'Open mode (no sign-in)', access: 'admin' };

export function meOf(staff: Staff, openMode: boolean): Me {
  return { ...staff, permissions: [...permissionsOf(staff.access)], ...(openMode ? { openMode: true } : {}) };
}

export type RouteRuleEntry = { method: string; url: string; rule: RouteRule; audit?: string };

/**
 * Refuses to register a route that names no rule: the server does not start rather than serve it open. Fills `rules`
 * with every route and its rule (the route-by-role tests are generated from it).
 */
export function requireRules(app: FastifyInstance, rules: RouteRuleEntry[]): void {
  app.addHook('onRoute', (route) => {
    const rule = route.config?.rule;
    if (!rule) throw new Error(`${String(route.method)} ${route.url} has no access rule (config.rule): every /api route needs one`);
    const audit = route.config?.audit;
    for (const method of [route.method].flat()) rules.push({ method, url: route.url, rule, ...(audit ? { audit } : {}) });
  });
}

export type AccessOptions = {
  db: Db;
  /** Null: open mode, no sign-in. */
  verifyToken: TokenVerifier | null;
  /** E-mails that become admins at their first sign-in (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
};

const staffFrom = ({ id, email, full_name, access }: SignInRow): Staff => ({ id, email, full_name, access });

function refuse(reply: FastifyReply, code: string, message: string): FastifyReply {
  return reply.code(403).send(errorBody(403, message, code));
}

/** The onRequest hook of /api: steps 1-4 above. */
export function admitWith({ db, verifyToken, adminEmails = [] }: AccessOptions) {
  const authenticate = authenticateWith(verifyToken);
  const admins = new Set(adminEmails.map((email) => email.trim().toLowerCase()).filter(Boolean));

  /** The user of this sign-in account, else of this e-mail: the account's own row first. */
  const userOf = (uid: string, email: string): Promise<SignInRow | undefined> => signInUserOf(db, uid, email);

  async function staffOf(user: VerifiedUser, reply: FastifyReply): Promise<Staff | undefined> {
    const email = user.email?.toLowerCase();
    if (!email || !user.emailVerified) {
      refuse(
        reply,
        'email-unverified',
        'The e-mail address of this account is not verified: verify it with your sign-in provider, then sign in again',
      );
      return undefined;
    }
    const row = await userOf(user.uid, email);
    if (!row) {
      if (admins.has(email)) return createAdmin(user, email);
      refuse(reply, 'not-registered', `This account (${email}) is not registered in Quadra: ask an administrator to add it`);
      return undefined;
    }
    if (!row.active) {
      refuse(reply, 'deactivated', 'This account was deactivated in Quadra: ask an administrator if you need access again');
      return undefined;
    }
    if (row.firebase_uid !== user.uid) {
      if (row.firebase_uid) {
        refuse(reply, 'not-registered', `This e-mail (${email}) is linked to another sign-in account in Quadra: ask an administrator`);
        return undefined;
      }
      await linkSignIn(db, row.id, user.uid);
    }
    return staffFrom(row);
  }

  async function createAdmin(user: VerifiedUser, email: string): Promise<Staff> {
    const name = user.name?.trim() || email;
    // Two first requests at once: on PostgreSQL they insert side by side, and the second may meet the first's row on
    // either unique index (e-mail or sign-in uid), so it inserts nothing and reads the row the first made.
    const row = await insertFirstAdmin(db, name, email, user.uid);
    if (row) return row;
    return staffFrom((await userOf(user.uid, email))!);
  }

  // A refusal is returned as the reply itself, which Fastify awaits until the answer has left: the answer's hooks are
  // asynchronous (the access record is written before it leaves), and a hook that ended before them would let the
  // request go on to its body and handler.
  return async function admit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const rule = request.routeOptions.config?.rule;
    if (rule === PUBLIC) return undefined;
    await authenticate(request, reply); // a 401 it sends is awaited there
    if (reply.sent) return undefined;
    const staff = request.user ? await staffOf(request.user, reply) : verifyToken ? undefined : OPEN_MODE_STAFF;
    if (!staff) return reply; // refused by staffOf
    request.staff = staff;
    // No rule: the not-found handler (an unknown path), which reads nothing.
    if (!rule) return undefined;
    if (!permissionsOf(staff.access).includes(rule)) return refuse(reply, 'forbidden', `The ${staff.access} access does not allow this (${rule})`);
    return undefined;
  };
}

/**
 * The ids of the students a request is about: what the handler said, else a :studentId, the :id of /students/:id...,
 * or a new student's client id; null when none (a write about no student still leaves one row).
 */
function studentsOf(request: FastifyRequest, routeUrl: string): readonly string[] | null {
  if (request.auditStudents) return request.auditStudents;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (typeof params.studentId === 'string') return [params.studentId];
  if (/^\/api\/students\/:id\b/.test(routeUrl) && typeof params.id === 'string') return [params.id];
  const body = request.body as { id?: unknown } | undefined;
  if (routeUrl === '/api/students' && request.method === 'POST' && typeof body?.id === 'string') return [body.id];
  return null;
}

/**
 * The onSend hook of /api: the access record, written before the answer leaves. A read of a student's personal data
 * whose record cannot be written is not answered (503 'access-record-unavailable', no data): nothing of a child's goes
 * out unrecorded (an error answer, which carries none, goes as it is). A write is answered as it went (it is done, or refused, either way already): its record's failure is
 * logged, and the client is not told it failed, which would have it send the change again. A refusal that shows a
 * record as it is now (a 409 with `current`) is held back like a read.
 */
export function recordAccessWith(db: Db) {
  return async function recordAccess(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const staff = request.staff;
    const routeUrl = request.routeOptions.url;
    if (!staff || !routeUrl) return payload;
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (!write && !request.routeOptions.config?.audit) return payload;
    const students = studentsOf(request, routeUrl);
    try {
      // A row per student (one statement for any number: one text, one prepared statement); one row for none.
      await appendAccessRecord(db, {
        userId: staff.id,
        userEmail: staff.email,
        kind: write ? 'write' : 'read',
        method: request.method,
        route: routeUrl.replace(/^\/api/, ''),
        students,
        status: reply.statusCode,
        detail: request.auditDetail ?? null,
      });
      return payload;
    } catch (error) {
      request.log.error({ err: error }, 'the access record could not be written');
      // An error answer carries no child's data (a refused id may not even be storable text) and changed nothing;
      // except an answer that shows a record as it is now (a stale edit's 409), held back like a read's.
      if (reply.statusCode >= 400 && !request.answerCarriesRecord) return payload;
      // A file's stream is let go unread.
      (payload as { destroy?: () => void } | null)?.destroy?.();
      reply.header('content-type', 'application/json; charset=utf-8').removeHeader('content-disposition');
      // A write done whose row could not be written is not acknowledged (issue 55): the client keeps it and sends it
      // again (every write is idempotent: its client id, its version), and the resend that is recorded is the one
      // acknowledged. A full disk says so (507 'disk-full'), so the app can tell the user whom to call.
      if (write && isDiskFull(error)) {
        reply.code(507);
        return JSON.stringify(errorBody(507, DISK_FULL_MESSAGE, DISK_FULL_CODE));
      }
      reply.code(503);
      return JSON.stringify(
        write
          ? errorBody(503, 'The access record could not be written, so this change is not confirmed: it is sent again.', 'access-record-unavailable')
          : errorBody(503, 'The access record could not be written, so this was not shown. Try again.', 'access-record-unavailable'),
      );
    }
  };
}

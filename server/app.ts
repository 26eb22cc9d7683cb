/**
 * buildServer(): the whole reference server as a Fastify instance over an already-open database, so tests drive it
 * with inject() and main.ts only adds configuration and a port.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admitWith, recordAccessWith, requireRules, type RouteRuleEntry } from './access.ts';
import type { TokenVerifier } from './auth.ts';
import { cspDirectives, readCspSources } from './content-security-policy.ts';
import type { Db } from './db/types.ts';
import { registerRequestLog, registerStrictJson, registerUrlCheck, strictValidatorCompiler } from './edge.ts';
import { healthRoutes } from './routes/health.ts';
import { errorBody, registerErrorHandlers } from './errors.ts';
import { attendanceRoutes } from './routes/attendance.ts';
import { generalRollRoutes } from './routes/general-roll.ts';
import { attendanceReportRoutes, DEFAULT_ATTENDANCE_MIN_PERCENT } from './routes/attendance-reports.ts';
import { rollsToCompleteRoutes } from './routes/rolls-to-complete.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { caseRoutes } from './routes/cases.ts';
import { settingsRoutes } from './routes/settings.ts';
import { frequencyReportRoutes } from './routes/frequency-report.ts';
import { beneficiariesRoutes } from './routes/beneficiaries.ts';
import type { ApiContext } from './routes/context.ts';
import { documentRoutes, multipartLimits } from './routes/documents.ts';
import { guardianRoutes } from './routes/guardians.ts';
import { studentRoutes } from './routes/students.ts';
import { enrolmentRoutes } from './routes/enrolments.ts';
import { accessLogRoutes } from './routes/access-log.ts';
import { consentRoutes } from './routes/consents.ts';
import { assessmentRoutes } from './routes/assessments.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { retentionRoutes } from './routes/retention.ts';
import type { PrivacyInfo } from '../src/api/privacy-contract.ts';
import { DEFAULT_AGE_BANDS, parseAgeBands, type AgeBand } from '../src/api/beneficiaries-contract.ts';
import { userRoutes } from './routes/users.ts';
import { syncRoutes } from './routes/sync.ts';
import { importRoutes } from './routes/imports.ts';
import { enrolmentImportRoutes } from './routes/enrolment-imports.ts';
import { exportRoutes } from './routes/export.ts';
import { funderPackRoutes } from './routes/funder-pack.ts';
import { studentExportRoutes } from './routes/student-export.ts';
import { parsingSerializerCompiler } from './serializer.ts';
import { registerFrontend } from './static.ts';
import { StudentListCache } from './student-list-cache.ts';
import { ROOT } from './root.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildServerOptions {
  db: Db;
  /** Folder of the built app (index.html, sw.js, assets/). */
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Keep GET /api/students serialised in memory between writes (default true). */
  cacheStudentList?: boolean;
  /** Verifies the bearer token of every /api request; null or absent: the API is open (everyone is an admin). */
  verifyToken?: TokenVerifier | null;
  /** E-mails that become admin users at their first sign-in (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
  /** Students below this attendance percentage this month are alerted (ATTENDANCE_MIN_PERCENT, default 75). */
  attendanceMinPercent?: number;
  /** The period report's age bands (REPORT_AGE_BANDS, default 6-10, 11-14, 15-17, 18+). */
  ageBands?: readonly AgeBand[];
  /** The clock a roll's date is checked against (default the machine's). */
  now?: () => Date;
  /** The privacy page's contact (PRIVACY_CONTACT_NAME, PRIVACY_CONTACT_EMAIL) and RETENTION_YEARS (default 5). */
  privacy?: Partial<PrivacyInfo>;
  /** Tokens are checked against the Auth emulator, which accepts any: /api/health says so. */
  tokensUnverified?: boolean;
  /** The folder whose file system /api/health watches (the embedded database's), and its low mark in MB (DISK_LOW_MB). */
  disk?: { dir: string; lowMb: number };
}

export const DEFAULT_RETENTION_YEARS = 5;

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access rule (server/access.ts). */
    routeRules: RouteRuleEntry[];
  }
}

type ApiOptions = ApiContext & {
  verifyToken: TokenVerifier | null;
  adminEmails: readonly string[];
  routeRules: RouteRuleEntry[];
  attendanceMinPercent: number;
  ageBands: readonly AgeBand[];
  privacy: PrivacyInfo;
  tokensUnverified: boolean;
  disk: { dir: string; lowMb: number } | undefined;
};

const api: FastifyPluginAsyncZod<ApiOptions> = async (
  app,
  { db, studentList, now, verifyToken, adminEmails, routeRules, attendanceMinPercent, ageBands, tokensUnverified, disk, privacy },
) => {
  // Pass only the context on: the options object also carries this plugin's own prefix.
  const context: ApiContext = { db, studentList, now, openMode: verifyToken === null };
  // Every answer carries an ETag, a hash of its body (so any number of server processes give the same one for the same
  // answer), and a GET whose If-None-Match names it gets 304 with no body (issue 23). Registered before compression: it
  // hashes the JSON, not a compressed stream. The students list brings its own (student-list-cache.ts), kept as it is.
  // The access record first among the answer's hooks: a read it refuses leaves as a 503 before any hash or compression.
  app.addHook('onSend', recordAccessWith(db));
  await app.register(fastifyEtag);
  // Answers of more than 1 KB go gzipped to a client that accepts it (a tablet's mobile link); an answer that is
  // already compressed (the cached students list) is left as it is.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['gzip'] });
  requireRules(app, routeRules);
  app.addHook('onRequest', admitWith({ db, verifyToken, adminEmails }));
  // Answers carry personal data (students, guardians, documents): never keep them in shared or disk caches.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`)));

  await app.register(catalogRoutes, context);
  await app.register(studentRoutes, context);
  await app.register(enrolmentRoutes, context);
  await app.register(guardianRoutes, context);
  await app.register(documentRoutes, context);
  await app.register(attendanceRoutes, context);
  await app.register(generalRollRoutes, context);
  await app.register(attendanceReportRoutes, { ...context, minPercent: attendanceMinPercent });
  await app.register(rollsToCompleteRoutes, context);
  await app.register(frequencyReportRoutes, context);
  await app.register(beneficiariesRoutes, { ...context, ageBands });
  await app.register(funderPackRoutes, { ...context, ageBands });
  await app.register(calendarRoutes, context);
  await app.register(caseRoutes, context);
  await app.register(settingsRoutes, context);
  await app.register(userRoutes, context);
  await app.register(accessLogRoutes, context);
  await app.register(consentRoutes, context);
  await app.register(assessmentRoutes, context);
  await app.register(privacyRoutes, { ...context, privacy });
  await app.register(retentionRoutes, { ...context, retentionYears: privacy.retentionYears });
  await app.register(syncRoutes, context);
  await app.register(importRoutes, context);
  await app.register(enrolmentImportRoutes, context);
  await app.register(exportRoutes, context);
  await app.register(studentExportRoutes, context);
  await app.register(healthRoutes, { ...context, version, tokensUnverified, disk });

  app.get('/openapi.json', { schema: { hide: true }, config: { rule: 'me:read' } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(app.swagger()),
  );
};

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  // Fastify's own request lines carry the whole URL (ids, query strings): registerRequestLog writes one line instead.
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(strictValidatorCompiler);
  registerRequestLog(app);
  registerStrictJson(app);
  registerUrlCheck(app);
  app.setSerializerCompiler(parsingSerializerCompiler);
  registerErrorHandlers(app);
  // Security headers on every answer: the CSP (matching the served build), nosniff, a Referrer-Policy, no framing.
  // The opener policy keeps the Google sign-in popup able to report back to the app.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(readCspSources(options.distDir)) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The origin only, never the page's address: the guardian modal's fields live in the URL (SPEC §2), and a full
    // Referer on every /api request would put them in any proxy's access log.
    referrerPolicy: { policy: 'strict-origin' },
    strictTransportSecurity: false, // the reference server speaks plain HTTP; HSTS belongs to the TLS front
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quadra reference API',
        description: 'The API the Quadra app speaks (SPEC §7) plus its extensions. Every error answers {statusCode, error, message}.',
        version,
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyMultipart, { limits: multipartLimits });

  const verifyToken = options.verifyToken ?? null;
  const context: ApiContext = {
    db: options.db,
    studentList: new StudentListCache(options.cacheStudentList ?? true),
    openMode: verifyToken === null,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('routeRules', [] as RouteRuleEntry[]);
  await app.register(api, {
    prefix: '/api',
    ...context,
    verifyToken,
    adminEmails: options.adminEmails ?? [],
    routeRules: app.routeRules,
    attendanceMinPercent: options.attendanceMinPercent ?? DEFAULT_ATTENDANCE_MIN_PERCENT,
    ageBands: options.ageBands ?? parseAgeBands(DEFAULT_AGE_BANDS),
    privacy: {
      contactName: options.privacy?.contactName ?? null,
      contactEmail: options.privacy?.contactEmail ?? null,
      retentionYears: options.privacy?.retentionYears ?? DEFAULT_RETENTION_YEARS,
    },
    tokensUnverified: options.tokensUnverified ?? false,
    disk: options.disk,
  });
  await registerFrontend(app, options.distDir);
  app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`)));
  return app;
}

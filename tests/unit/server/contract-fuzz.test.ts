// @vitest-environment node
/**
 * Contract fuzzing: for every route of the server's own OpenAPI document (generated from the zod contract), fast-check
 * generates valid requests, which must be accepted (2xx), and invalid ones (wrong types, missing and extra fields, huge
 * strings, NUL and other control characters, unpaired surrogates, odd dates, negative or huge numbers, wrong content
 * types, broken JSON and UTF-8), which must be answered 4xx with the usual { statusCode, error, message }. Nothing may
 * ever answer 5xx.
 *
 * Seeded and replayable: FUZZ_SEED=<integer> (default below; the seed is printed when a property fails, with the
 * fast-check path of the failing case), FUZZ_RUNS=<n> runs per route and property (default 12: about 1,500 requests,
 * a few seconds). A new route is fuzzed as soon as it is in the OpenAPI document; give it valid path values in
 * `pathValue` below so its valid requests are held to 2xx (until then they are only held to "never 5xx").
 */
import { rosterIds } from '../../../server/data/rules/roster.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, documentMetaSchema } from '../../../src/api/contract.ts';
import { multipartBody, PDF } from './support/multipart.ts';
import {
  badTextArbitrary,
  cpfArbitrary,
  emailArbitrary,
  fieldsOf,
  isObject,
  oddDates,
  oddMonths,
  EDGE_DATES,
  valid,
  withField,
  wrongTypeValues,
  type JsonSchema,
  type Overrides,
} from './support/fuzz.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

const DEFAULT_SEED = 20;
const SEED = parseInteger('FUZZ_SEED', DEFAULT_SEED);
const RUNS = parseInteger('FUZZ_RUNS', 12);

function parseInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = {
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; required?: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
  multipart: boolean;
};
type Request = { method: string; url: string; headers?: Record<string, string>; payload?: string | Buffer };

let server: TestServer;
let routes: Route[] = [];
const fx = {
  studentId: '',
  spareStudentId: '',
  /** A student deactivated long before the test clock's retention period, for the anonymisation alone (it is for good). */
  dueStudentId: '',
  classId: '',
  roster: [] as string[],
  guardianId: '',
  /** A guardian of studentId: a consent is given by one of the child's own guardians. */
  ownGuardianId: '',
  userId: '',
  docId: '',
  activityId: '',
  rollDate: '2026-11-20',
  /** A follow-up case (issue 50) of the roll's student, and a contact of it whose outcome is still to say. */
  caseId: '',
  stepId: '',
};

beforeAll(async () => {
  server = await startTestServer();
  const { db, app } = server;
  const [cls] = await db.query<{ class_id: string; activity_id: string }>(
    `SELECT e.class_id, c.activity_id FROM class_enrollments e JOIN classes c ON c.id = e.class_id
      GROUP BY e.class_id, c.activity_id HAVING count(*) >= 3 ORDER BY e.class_id LIMIT 1`,
  );
  fx.classId = cls!.class_id;
  fx.activityId = cls!.activity_id;
  // A roll lists the roster of its own date.
  fx.roster = [...(await rosterIds(db, fx.classId, fx.rollDate))].sort();
  fx.studentId = fx.roster[0]!;
  // A student off that roster, for the writes that change a student's status or enrolments (the roll's stay valid).
  fx.spareStudentId = (await db.query<{ id: string }>('SELECT id FROM students WHERE id <> ALL($1) ORDER BY id LIMIT 1', [fx.roster]))[0]!.id;
  fx.guardianId = (await db.query<{ id: string }>('SELECT id FROM guardians ORDER BY id LIMIT 1'))[0]!.id;
  const ownGuardian = await app.inject({
    method: 'POST',
    url: `/api/students/${fx.studentId}/responsibles`,
    payload: {
      name: 'Fuzz Guardian',
      cpf: '52998224725',
      birthDate: '1980-01-01',
      civilState: 'CASADO',
      nis: '12345678901',
      phone: '81999990000',
      email: 'fuzz@example.org',
      address: 'Rua A, 1',
    },
  });
  fx.ownGuardianId = ownGuardian.json<{ id: string }>().id;
  fx.userId = (await db.query<{ id: string }>("SELECT id FROM users WHERE access <> 'admin' ORDER BY id LIMIT 1"))[0]!.id;
  const upload = multipartBody({ fileType: 'OUTRO', date: '2026-03-01' }, [{ filename: 'fuzz.pdf', content: PDF }]);
  const uploaded = await app.inject({ method: 'POST', url: `/api/students/${fx.studentId}/documentos`, ...upload });
  fx.docId = uploaded.json<{ id: string }>().id;
  const roll = await app.inject({
    method: 'PUT',
    url: `/api/classes/${fx.classId}/attendance/${fx.rollDate}`,
    payload: { takenBy: 'Fuzz', takenAt: '2026-11-20T10:00:00Z', entries: [{ studentId: fx.studentId, status: 'PRESENT' }] },
  });
  expect(roll.statusCode).toBe(200);

  const opened = await app.inject({ method: 'POST', url: '/api/cases', payload: { studentId: fx.studentId, origin: 'MANUAL' } });
  expect(opened.statusCode).toBe(201);
  fx.caseId = opened.json<{ id: string }>().id;
  const contact = await app.inject({
    method: 'POST',
    url: `/api/cases/${fx.caseId}/steps`,
    payload: { kind: 'CONTACT', channel: 'PHONE', at: '2026-11-20T10:00:00Z' },
  });
  expect(contact.statusCode).toBe(201);
  fx.stepId = contact.json<{ steps: Array<{ id: string }> }>().steps[0]!.id;

  const due = await app.inject({ method: 'POST', url: '/api/students', payload: { fullName: 'Fuzz Retido' } });
  fx.dueStudentId = due.json<{ id: string }>().id;
  const deactivated = await app.inject({
    method: 'POST',
    url: `/api/students/${fx.dueStudentId}/status`,
    payload: { active: false, date: '2020-01-01', reason: 'Fuzz', version: 1 },
  });
  expect(deactivated.statusCode).toBe(200);

  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): Route => {
      const parameters = op.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
        multipart: JSON.stringify(op).includes('multipart/form-data'),
      };
    }),
  );
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

/** A valid value of a path parameter, when the fixtures know one (an existing student, class, roll ...). */
function pathValue(route: Route, name: string): fc.Arbitrary<string> | undefined {
  if (name === 'classId') return fc.constant(fx.classId);
  if (name === 'formType') return fc.constant('PSICOLOGIA');
  if (name === 'docId') return fc.constant(fx.docId);
  // A roll lists the roster of its date: valid rolls are of the fixture's date.
  if (name === 'date') return fc.constant(fx.rollDate);
  if (name === 'studentId') return fc.constant(fx.spareStudentId);
  if (name === 'id' && route.path === '/api/students/{id}/status') return fc.constant(fx.spareStudentId);
  // Anonymising is for good: only the student past the retention period kept for it (any other answers 409 not-due).
  if (name === 'id' && route.path === '/api/students/{id}/anonymise') return fc.constant(fx.dueStudentId);
  if (name === 'id' && route.path.startsWith('/api/students/')) return fc.constant(fx.studentId);
  if (name === 'id' && route.path.startsWith('/api/activities/')) return fc.constant(fx.activityId);
  if (name === 'id' && route.path.startsWith('/api/classes/')) return fc.constant(fx.classId);
  if (name === 'id' && route.path.startsWith('/api/responsibles/')) return fc.constant(fx.guardianId);
  if (name === 'id' && route.path.startsWith('/api/users/')) return fc.constant(fx.userId);
  if (name === 'id' && route.path.startsWith('/api/cases/')) return fc.constant(fx.caseId);
  if (name === 'stepId') return fc.constant(fx.stepId);
  return undefined;
}

const anamneseAnswers = (route: Route): boolean => route.path.startsWith('/api/students/{id}/assessments/');

const isKnown = (route: Route): boolean => route.pathParams.every((p) => pathValue(route, p.name));

const lettered = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('a', 'Á', 'ç', 'Z'))
  .map(([text, letter]) => `${letter}${text}`.slice(0, 100));

/** Field names whose valid values need more than their schema says. */
const overrides: Overrides = {
  registrationNumber: () => fc.oneof(cpfArbitrary, fc.constant('')),
  cpf: () => cpfArbitrary,
  code: () => fc.oneof(fc.stringMatching(/^\d{8}$/), fc.constant('')),
  email: () => emailArbitrary,
  // A roll lists enrolled students, each once; a justified absence has a reason, and a note only with OTHER.
  entries: () =>
    fc.subarray(fx.roster, { minLength: 1 }).chain((ids) =>
      fc.tuple(
        ...ids.map((studentId) =>
          fc.oneof(
            fc.record({ studentId: fc.constant(studentId), status: fc.constantFrom('PRESENT', 'ABSENT') }),
            fc.record({
              studentId: fc.constant(studentId),
              status: fc.constant('JUSTIFIED'),
              reason: fc.constantFrom('HEALTH', 'SCHOOL', 'FAMILY', 'TRANSPORT'),
            }),
            fc.record(
              {
                studentId: fc.constant(studentId),
                status: fc.constant('JUSTIFIED'),
                reason: fc.constant('OTHER'),
                note: fc.string({ maxLength: 40 }),
              },
              { requiredKeys: ['studentId', 'status', 'reason'] },
            ),
          ),
        ),
      ),
    ),
  // A form's questions have unique ids, and options only (two or more) on a choice list.
  questions: () =>
    fc.uniqueArray(
      fc
        .record({
          id: fc.stringMatching(/^[a-z0-9-]{1,40}$/),
          text: lettered,
          required: fc.boolean(),
          kind: fc.constantFrom('TEXT', 'YES_NO', 'CHOICE'),
        })
        .map(({ kind, ...question }) => (kind === 'CHOICE' ? { ...question, type: kind, options: ['Sim', 'Não'] } : { ...question, type: kind })),
      { minLength: 1, maxLength: 5, selector: (question) => question.id },
    ),
  // The WhatsApp text (settings) holds text, the child's name and the dates missed, and no other placeholder.
  whatsappTemplate: () =>
    fc
      .tuple(
        lettered,
        fc.subarray(['{nome}', '{datas}']),
        fc.string({ maxLength: 40 }).map((text) => text.replace(/[{}]/g, '')),
      )
      .map(([start, placeholders, end]) => `${start} ${placeholders.join(' ')} ${end}`),
  // A roll has its marks or is a class not held with no marks (see `rollShape`): never both.
  notHeld: () => fc.constant(undefined),
  // The version a record starts at: once a valid edit has moved the record on, the same version is a 409 by design
  // (the valid-request check accepts that answer, and only that 4xx).
  version: () => fc.constant(1),
  // Archiving the fixtures' class or activity would take them from the routes that follow.
  archived: () => fc.constant(false),
  activityId: () => fc.constant(fx.activityId),
  // A person's name holds a letter (issue 55).
  fullName: () => lettered,
  full_name: () => lettered,
  teacher: () => lettered,
  name: () => lettered,
  // Issue 52: a social name is empty or a name (with a letter).
  socialName: () => fc.oneof(lettered, fc.constant('')),
  // A consent is given by one of the child's own guardians, on a term version that exists (none given: the latest).
  guardianId: () => fc.constant(fx.ownGuardianId),
  termVersion: () => fc.constant(undefined),
  documentId: () => fc.constant(undefined),
  instructorId: () => fc.constantFrom(null, fx.userId),
  // A follow-up case is opened for a child who exists (one open case each: the next opening answers 409 case-open).
  studentId: () => fc.constant(fx.spareStudentId),
  // A class's instructors are users; its meetings end after they start; its last day is not before its first (issue 52).
  instructorIds: () => fc.constantFrom([], [fx.userId]),
  meetings: () =>
    fc.array(
      fc
        .record({
          weekDay: fc.constantFrom('SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO'),
          start: fc.integer({ min: 0, max: 23 * 60 + 58 }),
          length: fc.integer({ min: 1, max: 120 }),
        })
        .map(({ weekDay, start, length }) => {
          const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          return { weekDay, start: time(start), end: time(Math.min(start + length, 23 * 60 + 59)) };
        }),
      { minLength: 1, maxLength: 14 },
    ),
  startsOn: () => fc.constantFrom(null, '0001-01-01', '2024-01-01'),
  endsOn: () => fc.constantFrom(null, '2031-12-31', '9999-12-31'),
  // A status change is not dated after today (a document's date, the other `date`, may be any): a day up to the roll date.
  date: () =>
    fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date(`${fx.rollDate}T00:00:00Z`), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
};

const documentFields = z.toJSONSchema(documentMetaSchema, { io: 'input' }) as JsonSchema;

type Parts = { params: Record<string, string>; query: Record<string, string>; body?: unknown; fields?: Record<string, string> };

/** A YYYY-MM-DD day `days` later (earlier when negative). */
const shiftDays = (date: string, days: number): string => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

/** A roll body without marks is a class not held (issue 50): it says why. Other bodies pass as they are. */
function rollShape(body: unknown): unknown {
  if (!isObject(body) || !('takenBy' in body) || body.entries !== undefined) return body;
  return { ...body, notHeld: { reason: 'WEATHER' } };
}

const generalRoll = (route: Route): boolean => route.path === '/api/attendance/general/{date}';

/** A general roll's marks are arrived or not (no justified absence): the roster's marks, each present or absent. */
function generalRollShape(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.entries)) return body;
  const entries = body.entries as { studentId: string; status: string }[];
  return { ...body, entries: entries.map(({ studentId, status }) => ({ studentId, status: status === 'PRESENT' ? 'PRESENT' : 'ABSENT' })) };
}

function validParts(route: Route): fc.Arbitrary<Parts> {
  const params = fc.record(Object.fromEntries(route.pathParams.map((p) => [p.name, pathValue(route, p.name) ?? fc.uuid()])));
  const query = fc.record(
    Object.fromEntries(
      route.query.map((q) => [
        q.name,
        q.name === 'activityId'
          ? fc.constant(fx.activityId)
          : // A month of the grid: any real month (the fixture's roll date's among them).
            q.name === 'month'
            ? fc.constantFrom(fx.rollDate.slice(0, 7), '2024-01', '2031-12', '0001-01', '9999-12')
            : // How many of each alert list: a whole number from 1 to 100, written in the query.
              q.name === 'limit'
              ? fc.integer({ min: 1, max: 100 }).map(String)
              : // The funder's pack: a period of at most a year (every start below before every end, less than a year apart).
                q.name === 'from' && route.path === '/api/reports/funder-pack'
                ? fc.constantFrom(fx.rollDate, shiftDays(fx.rollDate, -20))
                : q.name === 'to' && route.path === '/api/reports/funder-pack'
                  ? fc.constantFrom(fx.rollDate, shiftDays(fx.rollDate, 10))
                  : // A period (the beneficiaries report): every start before every end, the calendar's edges among them.
                    q.name === 'from'
                    ? fc.constantFrom('0001-01-01', '2024-01-01', fx.rollDate)
                    : q.name === 'to'
                      ? fc.constantFrom(fx.rollDate, '2031-12-31', '9999-12-31')
                      : (valid(q.schema) as fc.Arbitrary<string>),
      ]),
    ),
    { requiredKeys: route.query.filter((q) => q.required).map((q) => q.name) },
  );
  const body = route.body ? valid(route.body, overrides).map(generalRoll(route) ? generalRollShape : rollShape) : fc.constant(undefined);
  const fields = route.multipart ? (valid(documentFields, overrides) as fc.Arbitrary<Record<string, string>>) : fc.constant(undefined);
  return fc.record({ params, query, body, fields }).map((parts) => ({ ...parts, query: parts.query as Record<string, string> }));
}

/** Percent-encodes any text, lone surrogates included (as the UTF-8-like bytes a careless client would send). */
function encodePathText(value: string): string {
  return Array.from(value, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

function toRequest(route: Route, parts: Parts): Request {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.params[name] ?? '');
  const search = Object.entries(parts.query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodePathText(value)}`)
    .join('&');
  const url = search ? `${path}?${search}` : path;
  if (route.multipart) {
    const { payload, headers } = multipartBody(parts.fields ?? {}, [{ filename: 'fuzz.pdf', content: PDF }]);
    return { method: route.method, url, headers, payload };
  }
  if (parts.body === undefined) return { method: route.method, url };
  return { method: route.method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(parts.body) };
}

/** One way of breaking a valid request, which the server must refuse with a 4xx. */
function invalidRequests(route: Route): fc.Arbitrary<{ how: string; request: Request }> {
  const base = validParts(route);
  const kinds: Array<fc.Arbitrary<{ how: string; request: Request }>> = [];
  const withParts = (how: string, change: fc.Arbitrary<(parts: Parts) => Parts>) =>
    kinds.push(fc.tuple(base, change).map(([parts, apply]) => ({ how, request: toRequest(route, apply(parts)) })));
  const raw = (how: string, make: (parts: Parts) => Request) => kinds.push(base.map((parts) => ({ how, request: make(parts) })));

  for (const param of route.pathParams) {
    const set = (value: string) => (parts: Parts) => ({ ...parts, params: { ...parts.params, [param.name]: value } });
    withParts(
      `path ${param.name}: bad text`,
      badTextArbitrary.map((text) => set(encodePathText(text))),
    );
    withParts(
      `path ${param.name}: huge`,
      fc.integer({ min: 101, max: 5_000 }).map((n) => set('x'.repeat(n))),
    );
    if (param.name === 'date')
      withParts(
        `path date: odd date`,
        fc.constantFrom(...oddDates.filter(Boolean)).map((d) => set(encodePathText(d))),
      );
  }
  for (const q of route.query) {
    if (q.name === 'month')
      withParts(
        'query month: a month the calendar does not hold',
        fc.constantFrom(...oddMonths).map((month) => (parts: Parts) => ({ ...parts, query: { ...parts.query, month } })),
      );
    withParts(
      `query ${q.name}: bad text`,
      badTextArbitrary.map((text) => (parts: Parts) => ({ ...parts, query: { ...parts.query, [q.name]: text } })),
    );
  }

  if (route.body) {
    const body = route.body;
    const fields = fieldsOf(body);
    const asBody = (parts: Parts) => (isObject(parts.body) ? parts.body : {});
    const setField = (path: string[], value: unknown) => (parts: Parts) => ({ ...parts, body: withField(asBody(parts), path, value) });
    const fieldArb = fc.constantFrom(...fields);
    withParts(
      'body: a field of the wrong type',
      fieldArb.chain(([path, schema]) => fc.constantFrom(...wrongTypeValues(schema)).map((value) => setField(path, value))),
    );
    const required = (body.required ?? []).filter((key) => body.properties?.[key]);
    if (required.length > 0)
      withParts(
        'body: a required field missing',
        fc.constantFrom(...required).map((key) => setField([key], undefined)),
      );
    withParts(
      'body: an extra field',
      fc
        .tuple(
          fc.constantFrom([] as string[], ...fields.filter(([, s]) => s.properties).map(([p]) => p)),
          fc.constantFrom('extra', 'isAdmin', '__proto__x', 'fullname'),
        )
        .map(([at, key]) => setField([...at, key], 'surprise')),
    );
    const strings = fields.filter(([, s]) => [s, ...(s.anyOf ?? [])].some((x) => x.type === 'string' && !x.enum));
    if (strings.length > 0) {
      const stringArb = fc.constantFrom(...strings);
      withParts(
        'body: NUL, control characters or unpaired surrogates in text',
        fc.tuple(stringArb, badTextArbitrary).map(([[path], text]) => setField(path, text)),
      );
      withParts(
        'body: a huge string',
        fc
          .tuple(stringArb, fc.integer({ min: 1, max: 200_000 }))
          .map(([[path, s], extra]) => setField(path, 'x'.repeat((s.maxLength ?? 300) + extra))),
      );
    }
    const dates = fields.filter(([, s]) => JSON.stringify(s).includes('"format":"date'));
    // An empty date is allowed where the contract says so (an optional date left empty).
    const oddDateFor = ([path, s]: [string[], JsonSchema]) =>
      fc.constantFrom(...oddDates.filter((d) => d !== '' || !JSON.stringify(s).includes('"enum":[""]'))).map((d) => setField(path, d));
    if (dates.length > 0) withParts('body: an odd date', fc.constantFrom(...dates).chain(oddDateFor));
    const numbers = fields.filter(([, s]) => JSON.stringify(s).includes('"type":"integer"'));
    if (numbers.length > 0) {
      withParts(
        'body: a negative or huge number',
        fc.tuple(fc.constantFrom(...numbers), fc.constantFrom(-1, -(2 ** 31), 2 ** 53, 1e308, 0.5)).map(([[path], n]) => setField(path, n)),
      );
    }
    if (fields.some(([path]) => path[0] === 'entries')) {
      withParts(
        'body: a roll with a student twice or a stranger',
        fc.constantFrom('twice', 'stranger').map((how) => (parts: Parts) => {
          const entries = (asBody(parts).entries as unknown[]) ?? [];
          const extra = how === 'twice' ? entries[0] : { studentId: 'not-a-student', status: 'PRESENT' };
          return { ...parts, body: { ...asBody(parts), entries: [...entries, extra] } };
        }),
      );
    }
    withParts(
      'body: not an object',
      fc.constantFrom<unknown>([], 'text', 42, null, true).map((value) => (parts: Parts) => ({ ...parts, body: value })),
    );
    raw('body: not JSON', (parts) => ({ ...toRequest(route, parts), payload: '{"fullName": "Ana",' }));
    raw('body: empty', (parts) => ({ ...toRequest(route, parts), payload: '' }));
    raw('body: not UTF-8', (parts) => ({ ...toRequest(route, parts), payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]) }));
    raw('body: over 1 MB', (parts) => ({ ...toRequest(route, parts), payload: JSON.stringify({ ...asBody(parts), pad: 'x'.repeat(1_100_000) }) }));
    kinds.push(
      fc.tuple(base, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml')).map(([parts, type]) => ({
        how: `body: content type ${type}`,
        request: { ...toRequest(route, parts), headers: { 'content-type': type } },
      })),
    );
  }

  if (route.multipart) {
    const setFields = (change: (fields: Record<string, string>) => Record<string, string>) => (parts: Parts) => ({
      ...parts,
      fields: change(parts.fields ?? {}),
    });
    // Multipart text is bytes: an unpaired surrogate cannot be written as UTF-8, so the control characters only.
    const badControlText = badTextArbitrary.filter((text) => !/[\ud800-\udfff]/.test(text));
    withParts(
      'upload: bad text in a field',
      fc.tuple(fc.constantFrom('fileName', 'origin', 'description'), badControlText).map(([key, text]) => setFields((f) => ({ ...f, [key]: text }))),
    );
    withParts(
      'upload: an odd date',
      fc.constantFrom(...oddDates).map((d) => setFields((f) => ({ ...f, date: d }))),
    );
    withParts('upload: an unknown document type', fc.constant(setFields((f) => ({ ...f, fileType: 'PASSPORT' }))));
    withParts('upload: an extra field', fc.constant(setFields((f) => ({ ...f, isAdmin: 'true' }))));
    raw('upload: no file part', (parts) => ({ ...toRequest(route, parts), ...multipartBody(parts.fields ?? {}) }));
    raw('upload: JSON instead of multipart', (parts) => ({
      ...toRequest(route, parts),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(parts.fields ?? {}),
    }));
  }
  return kinds.length > 0 ? fc.oneof(...kinds) : fc.constant({ how: 'none', request: toRequest(route, { params: {}, query: {} }) });
}

const name = (route: Route) => `${route.method} ${route.path}`;
/** Each route gets its own stream of the seed (the same seed everywhere would send the same e-mails, ids and CPFs). */
const fuzzOptions = (route: Route) => ({ seed: SEED + 7919 * routes.indexOf(route), numRuns: RUNS, endOnFailure: true });

function describeAnswer(request: Request, status: number, body: string): string {
  const payload = typeof request.payload === 'string' ? request.payload.slice(0, 300) : request.payload ? `<${request.payload.length} bytes>` : '';
  return `FUZZ_SEED=${SEED}: ${request.method} ${request.url.slice(0, 300)} ${payload} -> ${status} ${body.slice(0, 300)}`;
}

describe(`contract fuzzing (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it('covers every route of the OpenAPI document, and the fixtures give each a valid request', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !isKnown(route)).map(name)).toEqual([]);
  });

  it('accepts valid requests on every route (2xx, or 409 for a record that moved on), never a 5xx', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(validParts(route), async (parts) => {
          const request = toRequest(route, parts);
          const response = await server.app.inject(request);
          // A 409 is the record's state answering (it moved on since version 1, the student is already enrolled, the
          // CPF is taken), not a refusal of the request's shape.
          // Open mode's built-in admin reads a child's anamnese and writes none (issue 52): 403 there by design.
          // A day off removed once is no day off the next time: its DELETE answers 404 from then on.
          const refusedByDesign =
            (anamneseAnswers(route) && response.statusCode === 403) || (name(route) === 'DELETE /api/calendar/{date}' && response.statusCode === 404);
          const ok = isKnown(route) ? response.statusCode < 300 || response.statusCode === 409 || refusedByDesign : response.statusCode < 500;
          if (!ok) throw new Error(`valid request refused: ${describeAnswer(request, response.statusCode, response.body)}`);
        }),
        fuzzOptions(route),
      );
    }
  });

  it('answers invalid requests on every route 4xx with { statusCode, error, message }, never a 5xx', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(invalidRequests(route), async ({ how, request }) => {
          const response = await server.app.inject(request);
          const status = response.statusCode;
          if (how === 'none') {
            if (status >= 500) throw new Error(`${how}: ${describeAnswer(request, status, response.body)}`);
            return;
          }
          const parsed = apiErrorSchema.safeParse(JSON.parse(response.body || 'null'));
          if (status < 400 || status >= 500 || !parsed.success || parsed.data.statusCode !== status) {
            throw new Error(`${how} (${name(route)}): ${describeAnswer(request, status, response.body)}`);
          }
        }),
        fuzzOptions(route),
      );
    }
  });

  it('takes the calendar from 0001 to 9999 on every date, month and date-time (year 0000 and 10000 answer 400, never 5xx)', async () => {
    const monthRoutes = routes.filter((route) => route.method === 'GET' && route.query.some((q) => q.name === 'month'));
    expect(monthRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of monthRoutes) {
      // The month routes' only path value is a class (GET /api/classes/{id}/attendance).
      const url = route.path.replace(/\{\w+\}/g, fx.classId);
      for (const month of ['0001-01', '9999-12']) expect((await server.app.inject(`${url}?month=${month}`)).statusCode, `${url} ${month}`).toBe(200);
      for (const month of ['0000-01', '10000-01']) {
        const answer = await server.app.inject(`${url}?month=${month}`);
        expect(answer.statusCode, `${url} ${month}`).toBe(400);
        if (month === '0000-01') expect(answer.json<{ message: string }>().message).toMatch(/years go from 0001 to 9999/);
      }
    }
    for (const year of ['0001', '9999']) expect((await server.app.inject(`/api/calendar?year=${year}`)).statusCode, year).toBe(200);
    const yearZero = await server.app.inject('/api/calendar?year=0000');
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json<{ message: string }>().message).toMatch(/years go from 0001 to 9999/);
    for (const date of EDGE_DATES) {
      expect((await server.app.inject(`/api/classes/${fx.classId}/students?date=${date}`)).statusCode, date).toBe(200);
      expect((await server.app.inject(`/api/classes/${fx.classId}/attendance/${date}`)).statusCode, date).toBeLessThan(500);
      const student = await server.app.inject({
        method: 'POST',
        url: '/api/students',
        payload: { fullName: 'Borda do Calendário', dateOfBirth: date },
      });
      expect(student.statusCode, date).toBe(201);
      const record = await server.app.inject(`/api/students/${student.json<{ id: string }>().id}`);
      expect(record.json<{ dateOfBirth: string }>().dateOfBirth).toBe(date);
    }
    for (const date of ['0000-12-31', '0000-12-31T23:00:00-05:00', '9999-12-31T23:00:00-05:00']) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/students',
        payload: { fullName: 'Fora do Calendário', dateOfBirth: date },
      });
      expect(answer.statusCode, date).toBe(400);
    }
  });

  it('refuses a NUL, a control character or an unpaired surrogate in every text field with a clear 400', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/students', { fullName: 'Ana\u0000Maria' }],
      ['POST', '/api/students', { fullName: 'Ana', schoolName: 'Escola \ud800' }],
      [
        'POST',
        `/api/students/${fx.studentId}/responsibles`,
        {
          name: 'Jo\u0007ão',
          cpf: FREE_CPFS[0],
          birthDate: '1980-01-01',
          civilState: 'CASADO',
          nis: '1',
          phone: '1',
          email: 'a@b.org',
          address: 'Rua',
        },
      ],
      [
        'PUT',
        `/api/classes/${fx.classId}/attendance/2026-03-03`,
        { takenBy: 'Prof\u0000', takenAt: '2026-03-03T10:00:00Z', entries: [{ studentId: fx.studentId, status: 'PRESENT' }] },
      ],
    ];
    for (const [method, url, payload] of cases) {
      const response = await server.app.inject({ method: method as 'POST', url, payload: payload as object });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/must not contain control characters \(such as NUL\) or unpaired surrogates/);
    }
  });
});

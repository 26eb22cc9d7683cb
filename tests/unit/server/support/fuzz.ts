/**
 * Request generators for the contract fuzzing (tests/unit/server/contract-fuzz.test.ts), read from the server's own
 * OpenAPI document: valid values from a JSON schema (with a few field names that need more than their schema says:
 * CPFs with check digits, 8-digit ZIPs, unique e-mails, enrolled students), and the ways of breaking them.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

/** A field whose valid values depend on its name (what a JSON schema cannot say), given its schema. */
export type Overrides = Record<string, (schema: JsonSchema) => fc.Arbitrary<unknown> | undefined>;

/** A CPF with valid check digits (11 digits), never a repeated digit. */
export const cpfArbitrary: fc.Arbitrary<string> = fc
  .noBias(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }))
  .filter((digits) => new Set(digits).size > 1)
  .map((digits) => {
    const check = (numbers: number[]): number => {
      const sum = numbers.reduce((total, digit, index) => total + digit * (numbers.length + 1 - index), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const first = check(digits);
    return [...digits, first, check([...digits, first])].join('');
  });

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
/** The calendar's edges (contract CALENDAR_RANGE): valid, and a database must keep them. */
export const EDGE_DATES = ['0001-01-01', '9999-12-31'] as const;
/** A real calendar date between 1900 and 2099, or one of the calendar's edges (issue 55). */
export const dateArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATES) },
);
/** An instant between 1900 and 2099, or the calendar's first (a roll's takenAt may not be later than tomorrow). */
export const dateTimeArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  { weight: 1, arbitrary: fc.constant('0001-01-01T00:00:00.000Z') },
);
export const uuidArbitrary: fc.Arbitrary<string> = fc.noBias(fc.uuid({ version: 4 }));
export const emailArbitrary: fc.Arbitrary<string> = uuidArbitrary.map((id) => `fuzz.${id.slice(0, 13)}@example.org`);

function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf || schema.oneOf) return [...new Set((schema.anyOf ?? schema.oneOf ?? []).flatMap(typesOf))];
  const types = schema.type === undefined ? [] : [schema.type].flat();
  return schema.nullable ? [...types, 'null'] : types;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'date') return dateArbitrary;
  if (schema.format === 'date-time') return dateTimeArbitrary;
  if (schema.format === 'uuid') return uuidArbitrary;
  if (schema.format === 'email') return emailArbitrary;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  const fits = (value: string) => value.length <= max && value.trim().length >= min;
  // A pattern's values are generated from it: random text would almost never match one (a filter on it never ends).
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }).filter(fits);
}

/** Valid values of `schema`; `overrides` by property name take precedence. */
export function valid(schema: JsonSchema, overrides: Overrides = {}, name = ''): fc.Arbitrary<unknown> {
  const override = name ? overrides[name]?.(schema) : undefined;
  if (override) return override;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => valid(branch, overrides, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = [schema.type ?? 'object'].flat()[0];
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items ?? {}, overrides, name), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, 3) });
    case 'null':
      return fc.constant(null);
    default: {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valid(child, overrides, key)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
  }
}

/** Values of a JSON type the schema does not allow. */
export function wrongTypeValues(schema: JsonSchema): unknown[] {
  const allowed = typesOf(schema);
  const candidates: Array<[string, unknown]> = [
    ['string', 'not the right type'],
    ['integer', -1],
    ['number', 1e308],
    ['boolean', true],
    ['null', null],
    ['array', []],
    ['object', { nested: 'value' }],
  ];
  return candidates
    .filter(
      ([type]) =>
        !allowed.includes(type) && !(type === 'integer' && allowed.includes('number')) && !(type === 'number' && allowed.includes('integer')),
    )
    .map(([, value]) => value);
}

/** Text that the rule for text refuses, inserted into ordinary text. */
export const badTextArbitrary: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\u0001', '\u0007', '\u000b', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff', '\udc00\ud800'),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Dates and date-times that are not, or that a database cannot keep. */
export const oddDates = [
  '2026-02-30',
  '2025-02-29',
  '0000-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '26-01-01',
  '+275760-09-13',
  '99999-12-31',
  '2026-01-01T25:00:00Z',
  '2026-01-01T00:00:00',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+05:00',
  '0000-12-31T23:00:00-05:00',
  '9999-12-31T23:00:00-05:00',
  '10000-01-01',
  '10000-01-01T00:00:00Z',
  '2026-01-01T00:00:00+24:00',
  'today',
  '',
] as const;

/** Months the calendar does not hold, or that are not months (the calendar is years 0001 to 9999). */
export const oddMonths = ['0000-01', '0000-12', '10000-01', '2026-13', '2026-00', '2026-1', '+02026-01', '9999-12-31', ''] as const;

/** A plain JSON object (not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string field of an object body (top level, and one level into nested objects), as [path, schema]. */
export function fieldsOf(schema: JsonSchema, prefix: string[] = []): Array<[string[], JsonSchema]> {
  // A body that is one of several shapes (a follow-up step by its kind, issue 50): the fields of every shape, each once.
  const branches = schema.anyOf ?? schema.oneOf;
  if (!schema.properties && branches && prefix.length === 0) {
    const byPath = new Map(branches.flatMap((branch) => fieldsOf(branch)).map((field) => [field[0].join('.'), field] as const));
    return [...byPath.values()];
  }
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]): Array<[string[], JsonSchema]> => {
    const path = [...prefix, key];
    if (child.properties && prefix.length === 0) return [[path, child], ...fieldsOf(child, path)];
    return [[path, child]];
  });
}

/** A copy of `body` with `path` set to `value` (creating the parent object if needed), or deleted when value is undefined. */
export function withField(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!isObject(target[key])) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

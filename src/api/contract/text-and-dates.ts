/**
 * The rule for text, ids, dates, versions, postcodes and CPFs: the scalars every resource is built of.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * THE RULE FOR TEXT: every text field a client sends is built on `textSchema` (or `textField(max)` / `requiredText(max)`),
 * so one rule holds everywhere, in the server's validation, its OpenAPI document (as a `pattern`) and the app's forms.
 * Text may hold any character except the ones no person types and no database keeps: the C0 control characters other
 * than tab, line feed and carriage return (NUL above all: PostgreSQL refuses it in text), DEL, the C1 control
 * characters, and unpaired UTF-16 surrogates (half an emoji, which would be stored as U+FFFD without a word). Such text
 * is answered 400 with `textRuleMessage`; `cleanText()` removes those characters (forms apply it to what they send).
 */
// eslint-disable-next-line no-control-regex -- the rule is about control characters
export const SAFE_TEXT_PATTERN = /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const DISALLOWED_TEXT =
  // eslint-disable-next-line no-control-regex -- the rule is about control characters
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const textRuleMessage = 'Text must not contain control characters (such as NUL) or unpaired surrogates';
/** Whether `value` breaks the rule for text. */
export const hasDisallowedText = (value: string): boolean => new RegExp(DISALLOWED_TEXT.source).test(value);
/** `value` without the characters the rule for text refuses (what a form sends of pasted text). */
export const cleanText = (value: string): string => value.replace(DISALLOWED_TEXT, '');
/**
 * Characters that change how text is shown without being seen: the bidirectional controls (U+202A-U+202E, U+2066-U+2069,
 * U+200E, U+200F) and the zero-width ones (U+200B-U+200D, U+2060, U+FEFF). A file name loses them (issue 55):
 * `fdp.\u202Eexe\u200B.pdf` would show as a PDF's name.
 */
const INVISIBLE_FORMAT = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u200B-\u200D\u2060\uFEFF]/g;
export const withoutInvisibleFormat = (value: string): string => value.replace(INVISIBLE_FORMAT, '');
/** Any text a client may send: the rule for text and nothing else. Add length checks with `.check(...)`. */
export const textSchema = z.string().check(z.regex(SAFE_TEXT_PATTERN, { message: textRuleMessage }));
/** Optional text of at most `max` characters (empty allowed). */
export const textField = (max: number) => textSchema.check(z.maxLength(max));
/** Required text: trimmed, 1 to `max` characters. */
export const requiredText = (max: number) => textSchema.check(z.trim(), z.minLength(1), z.maxLength(max));
export const nameRuleMessage = 'A name must contain a letter';
/** A person's name: required text with at least one letter (issue 55: a name of one zero-width space was stored). */
export const NAME_LETTER = /\p{L}/u;
export const personName = (max: number) => requiredText(max).check(z.regex(NAME_LETTER, { message: nameRuleMessage }));

/** Ids arrive as strings from the reference server; other deployments may send numbers, so both are accepted. */
export const idSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'number' ? String(v) : v)),
  textSchema.check(z.minLength(1)),
);
/** A client-generated id (UUID) that makes every create idempotent. */
export const clientIdSchema = z.uuid();

/**
 * The calendar the API takes, one rule for every date, month and date-time (issue 55): years 0001 to 9999. PostgreSQL's
 * calendar has no year 0 (ISO's 0000 is 1 BC); the API writes a year in 4 digits; a JS Date and PostgreSQL's date and
 * timestamptz all hold the whole range. A date-time is an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z
 * (in UTC: `9999-12-31T23:00:00-05:00` is year 10000, refused). Checked here, so the database never sees another.
 */
export const CALENDAR_RANGE = { firstYear: 1, lastYear: 9999 } as const;
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const calendarRangeMessage = `Invalid date: years go from 0001 to ${CALENDAR_RANGE.lastYear}`;
/** Whether a YYYY... text's year is in the calendar the API takes. */
const yearInRange = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_RANGE.firstYear && year <= CALENDAR_RANGE.lastYear;
};
/** Whether an instant (ms since 1970) is in the calendar the API takes. */
export const instantInRange = (ms: number): boolean => ms >= FIRST_INSTANT && ms <= LAST_INSTANT;
/** ISO calendar date, YYYY-MM-DD, that exists on the calendar (years 0001 to 9999). */
export const isoDateSchema = z.iso.date().check(z.refine(yearInRange, { message: calendarRangeMessage }));
/** ISO date-time with an offset, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .check(z.refine((value) => yearInRange(value) && instantInRange(Date.parse(value)), { message: calendarRangeMessage }));
/** A calendar month, YYYY-MM (years 0001 to 9999). */
export const monthSchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM'), z.refine(yearInRange, { message: calendarRangeMessage }));
/** A calendar year, YYYY (0001 to 9999). */
export const yearSchema = z.string().check(z.regex(/^\d{4}$/, 'Expected a year as YYYY'), z.refine(yearInRange, { message: calendarRangeMessage }));
/**
 * A calendar date as the API takes it: YYYY-MM-DD, or a full ISO date-time (what a JS Date becomes in JSON, e.g.
 * `2012-05-01T00:00:00.000Z` from the programme's original client), of which the calendar date as written is kept.
 * Be liberal in what the API takes; it always answers YYYY-MM-DD.
 */
export const calendarDateSchema = z.pipe(
  z.union([isoDateSchema, isoDateTimeSchema]),
  z.transform((value: string) => value.slice(0, 10)),
);
/** Every editable record carries the version it is at; an edit sends the version it started from. */
export const versionSchema = z.int().check(z.gte(1));

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');
export const ZIP_LENGTH = 8;
export const zipSchema = z.pipe(
  z.pipe(textSchema, z.transform(onlyDigits)),
  z.string().check(z.length(ZIP_LENGTH, { message: 'ZIP code must have 8 digits' })),
);
export const cpfSchema = textSchema.check(z.refine(isValidCpf, { message: 'Invalid CPF' }));

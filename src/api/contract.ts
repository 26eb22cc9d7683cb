/**
 * The API contract, written once: the app parses every answer with these schemas, its forms validate with them,
 * and the reference server (server/) validates requests and generates its OpenAPI document from them.
 * A field added here is added everywhere.
 */
// zod/mini: the same schemas and checks as classic zod, at a third of the size in the app's first load; the
// server's own route schemas use classic zod, and both share zod's core.
import * as z from 'zod/mini';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { idCount, PACKED_UUIDS } from './packed-ids.ts';
import { consentStateMapSchema } from './consent-states.ts';

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

// ---- Enumerations (SPEC §3): codes as the server sends them ----
export const enums = {
  race: ['BRANCA', 'PRETA', 'PARDA', 'AMARELA', 'INDIGENA', 'NA'],
  // Issue 52: the programme's backend's list; MASCULINO, FEMININO and OUTRO keep their meaning.
  gender: ['MASCULINO', 'FEMININO', 'HOMEM_TRANS', 'MULHER_TRANS', 'TRAVESTI', 'NAO_BINARIO', 'OUTRO'],
  socialProgram: ['BOLSA_FAMILIA', 'BPC_LOAS', 'TARIFA_SOCIAL_DE_ENERGIA', 'AUXILIO_GAS', 'PROGRAMA_ESTADUAL', 'PROGRAMA_MUNICIPAL_VIA_CRAS'],
  employmentStatus: ['EMPREGADO', 'DESEMPREGADO', 'ESTUDANTE', 'ESTAGIARIO', 'APRENDIZ', 'AUTONOMO', 'OUTRO'],
  educationLevel: [
    'NENHUM',
    'ALFABETIZADO',
    'FUNDAMENTAL_INCOMPLETO',
    'FUNDAMENTAL_COMPLETO',
    'ENSINO_MEDIO_INCOMPLETO',
    'ENSINO_MEDIO_COMPLETO',
    'SUPERIOR_INCOMPLETO',
    'SUPERIOR_COMPLETO',
    'POS_GRADUACAO',
  ],
  identityType: ['RG', 'CPF', 'CERTIDAO_NASCIMENTO'],
  documentType: ['COMPROVANTE_RESIDENCIA', 'COMPROVANTE_RENDA', 'OUTRO'],
  weekDay: ['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO'],
  level: ['INICIANTE', 'INTERMEDIARIO', 'AVANCADO', 'TODOS_NIVEIS'],
  civilState: ['SOLTEIRO', 'CASADO', 'DIVORCIADO', 'VIUVO'],
  /** Issue 52: the school year as the programme's backend codes it (a record may still hold the text typed before). */
  schoolYear: [
    'EDUCACAO_INFANTIL',
    'FUNDAMENTAL_1',
    'FUNDAMENTAL_2',
    'FUNDAMENTAL_3',
    'FUNDAMENTAL_4',
    'FUNDAMENTAL_5',
    'FUNDAMENTAL_6',
    'FUNDAMENTAL_7',
    'FUNDAMENTAL_8',
    'FUNDAMENTAL_9',
    'ENSINO_MEDIO_1',
    'ENSINO_MEDIO_2',
    'ENSINO_MEDIO_3',
    'EJA',
  ],
  /** Issue 52: the school shift (turno escolar); INTEGRAL is the full-day school. */
  schoolShift: ['MANHA', 'TARDE', 'NOITE', 'INTEGRAL'],
  /** Issue 52: a guardian's relationship to the child: mother, father, grandparent, other relative, other. */
  relationship: ['MAE', 'PAI', 'AVO', 'OUTRO_FAMILIAR', 'OUTRO'],
} as const;
export type EnumName = keyof typeof enums;
export type EnumCode<N extends EnumName> = (typeof enums)[N][number];

/** The ten filter endpoints (SPEC §7), and issue 52's three: each answers an array of code strings. */
export const filterPaths: Record<EnumName, string> = {
  race: 'filters/race',
  gender: 'filters/gender',
  socialProgram: 'filters/social-program',
  employmentStatus: 'filters/employment-status',
  educationLevel: 'filters/education-level',
  identityType: 'filters/identity-types',
  documentType: 'filters/document-types',
  weekDay: 'filters/week-days',
  level: 'filters/levels',
  civilState: 'filters/civil-states',
  schoolYear: 'filters/school-years',
  schoolShift: 'filters/school-shifts',
  relationship: 'filters/relationships',
};
export const filterAnswerSchema = z.array(z.string().check(z.minLength(1)));

export const accessLevels = [
  'admin',
  'coordenador',
  'instrutor',
  'psicologo',
  'administrativo',
  'assistente_social',
  'estagiario_psicologia',
  'estagiario_servico_social',
] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Activity areas and frequencies as the programme writes them (SPEC §3, §9). */
export const activityAreas = ['Esportes', 'Academia', 'Aquáticos', 'Bem-estar', 'Tecnologia'] as const;
export const activityFrequencies = ['Diária', 'Semanal', 'Mensal'] as const;

// ---- Entities ----
export const activitySchema = z.object({
  id: idSchema,
  name: z.string(),
  teacher: z.string(),
  area: z.string(),
  frequency: z.string(),
  /** Archived: left out of lists and pickers, kept for history. Absent from servers that do not archive. */
  archived: z.optional(z.boolean()),
  version: z.optional(z.int()),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.array(activitySchema);
const activityFields = {
  name: requiredText(200),
  teacher: personName(200),
  area: z.enum(activityAreas),
  frequency: z.enum(activityFrequencies),
};
/** POST /activities: the fields GET /activities answers; the client id makes a resend harmless. */
export const activityCreateSchema = z.object({ id: z.optional(clientIdSchema), ...activityFields });
export type ActivityCreate = z.infer<typeof activityCreateSchema>;
/** PUT /activities/{id}: the whole record with the version it was read at; `archived: true` archives it. */
export const activityUpdateSchema = z.object({ ...activityFields, archived: z.optional(z.boolean()), version: versionSchema });
export type ActivityUpdate = z.infer<typeof activityUpdateSchema>;

/** A time of day as a class's meeting has it: HH:MM, 24 hours. */
export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Expected a time as HH:MM' }));
/**
 * One weekly meeting of a class (issue 52): its weekday, and its start and end times. A class migrated from a free-text
 * schedule that could not be read as times has null times (its text is the class's `scheduleNote`).
 */
export const classMeetingSchema = z.object({
  weekDay: z.string(),
  start: z.nullable(timeOfDaySchema),
  end: z.nullable(timeOfDaySchema),
});
export type ClassMeeting = z.infer<typeof classMeetingSchema>;
/** A meeting as a write sends it: a known weekday, both times, the end after the start. */
export const classMeetingWriteSchema = z
  .object({ weekDay: z.enum(enums.weekDay), start: timeOfDaySchema, end: timeOfDaySchema })
  .check(z.refine((meeting) => meeting.start < meeting.end, { message: 'A meeting ends after it starts', path: ['end'] }));
export type ClassMeetingWrite = z.infer<typeof classMeetingWriteSchema>;
/** At most two meetings a day, every day of the week. */
export const CLASS_MEETINGS_MAX = 14;
/** More instructors than any class has; a bound on what a request may send. */
export const CLASS_INSTRUCTORS_MAX = 20;

/**
 * A class. `weekDay`, `schedule` and `instructorId` are the fields of the programme's original client (v2.0.0): derived
 * from `meetings` (the first one's weekday; a readable schedule text) and `instructorIds` (the first one). The newer
 * fields are optional so that a copy cached by an older app (or answered by an older server) still parses: the app reads
 * them through src/api/class-schedule.ts, which falls back on the original fields.
 */
export const classSchema = z.object({
  id: idSchema,
  title: z.string(),
  weekDay: z.string(),
  schedule: z.string(),
  level: z.string(),
  activityId: idSchema,
  /** The first instructor, a staff user (the original client's one instructor). */
  instructorId: z.optional(z.nullable(idSchema)),
  /** The weekly meetings, in the order they were written. */
  meetings: z.optional(z.array(classMeetingSchema)),
  /** The first and the last day the class meets (both optional: a class with neither runs on). */
  startsOn: z.optional(z.nullable(isoDateSchema)),
  endsOn: z.optional(z.nullable(isoDateSchema)),
  /** Every instructor of the class: each sees it as their own. None: every instructor sees it. */
  instructorIds: z.optional(z.array(idSchema)),
  /** A free-text schedule the migration could not read as times (kept as written); empty otherwise. */
  scheduleNote: z.optional(z.string()),
  archived: z.optional(z.boolean()),
  version: z.optional(z.int()),
});
export type ClassGroup = z.infer<typeof classSchema>;
export const classListSchema = z.array(classSchema);
/**
 * The fields of a write. The original client sends `weekDay`, `schedule` and `instructorId` only, and they are stored as
 * one meeting (the schedule's times when it reads as "HH:MM - HH:MM", else kept as the note) and the first instructor.
 * A write with `meetings` (or `instructorIds`) is stored from those, and its `weekDay`/`schedule` (`instructorId`) are
 * then not read: the answer derives them again.
 */
/** The original client's fields of a class write (a class import writes these too: src/api/enrolment-imports-contract.ts). */
export const classOriginalFields = {
  title: requiredText(200),
  activityId: idSchema,
  weekDay: z.enum(enums.weekDay),
  schedule: requiredText(100),
  level: z.enum(enums.level),
  instructorId: z.optional(z.nullable(idSchema)),
};
const classFields = {
  ...classOriginalFields,
  meetings: z.optional(z.array(classMeetingWriteSchema).check(z.minLength(1), z.maxLength(CLASS_MEETINGS_MAX))),
  startsOn: z.optional(z.nullable(isoDateSchema)),
  endsOn: z.optional(z.nullable(isoDateSchema)),
  instructorIds: z.optional(z.array(idSchema).check(z.maxLength(CLASS_INSTRUCTORS_MAX))),
};
/** The class's last day is not before its first. */
const datesInOrder = (fields: { startsOn?: string | null; endsOn?: string | null }) =>
  !fields.startsOn || !fields.endsOn || fields.startsOn <= fields.endsOn;
const datesMessage = { message: 'A class ends on or after the day it starts', path: ['endsOn'] };
/** POST /classes: the fields GET /classes answers plus an optional instructor (a user). */
export const classCreateSchema = z.object({ id: z.optional(clientIdSchema), ...classFields }).check(z.refine(datesInOrder, datesMessage));
export type ClassCreate = z.infer<typeof classCreateSchema>;
export const classUpdateSchema = z
  .object({ ...classFields, archived: z.optional(z.boolean()), version: versionSchema })
  .check(z.refine(datesInOrder, datesMessage));
export type ClassUpdate = z.infer<typeof classUpdateSchema>;

export const studentSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
  /** Absent from servers without deactivation: taken as active. */
  active: z.optional(z.boolean()),
  /**
   * Issue 52: the civil name of a child who has a social name (`name` is then the social name), only so that a search
   * finds the child by either; never shown in place of `name`. Absent when the child has none.
   */
  civilName: z.optional(z.string()),
  /**
   * Issue 52: the gender and school year codes (enums.gender, enums.schoolYear; a school year typed before issue 52 as
   * written) the list filters by, on the list of those who read the records (not an instructor's, not a roster), when
   * recorded.
   */
  gender: z.optional(z.string()),
  schoolYear: z.optional(z.string()),
  /** On a roster entry: the guardians' consents per purpose (the roll call marks a child without IMAGE_USE). */
  consents: z.optional(consentStateMapSchema),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;
export const studentListSchema = z.array(studentSummarySchema);
/** GET /students?limit=N answers the list's first N students (a first screenful, at most this many). */
export const STUDENT_LIST_LIMIT_MAX = 200;

const optionalText = z.optional(textField(200));
/** Enum fields of a registration: a known code, or empty / absent when the user left the select empty. */
const optionalCode = <N extends EnumName>(name: N) => z.optional(z.union([z.enum(enums[name]), z.literal('')]));

/** Issue 52: the address's state, a Brazilian UF (two capital letters). */
export const brazilianStates = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

export const addressSchema = z.object({
  code: z.optional(z.union([zipSchema, z.literal('')])),
  street: optionalText,
  number: z.optional(textField(20)),
  complement: optionalText,
  /** Issue 52 (the postcode lookup fills them): the neighbourhood (bairro), the city and the state (UF). */
  neighborhood: z.optional(textField(100)),
  city: z.optional(textField(100)),
  state: z.optional(z.union([z.enum(brazilianStates), z.literal('')])),
});

/** A social name (nome social): empty, or a name with a letter. */
const socialNameSchema = z.optional(z.union([personName(200), z.literal('')]));

export const studentCreateSchema = z.object({
  /** Client-generated id: the same id sent twice creates one student. */
  id: z.optional(clientIdSchema),
  fullName: personName(200),
  dateOfBirth: z.optional(z.union([calendarDateSchema, z.literal('')])),
  registrationNumber: z.optional(z.union([cpfSchema, z.literal('')])),
  enrollmentDate: z.optional(z.union([calendarDateSchema, z.literal('')])),
  race: optionalCode('race'),
  gender: optionalCode('gender'),
  schoolName: optionalText,
  /**
   * A code of enums.schoolYear. Text (what the programme's original client sends) is taken too: text that plainly
   * names a school year is stored as its code, any other as written (src/api/school-years.ts).
   */
  schoolYear: z.optional(textField(50)),
  socialProgram: optionalCode('socialProgram'),
  employmentStatus: optionalCode('employmentStatus'),
  educationLevel: optionalCode('educationLevel'),
  address: z.optional(addressSchema),
  /**
   * Issue 52. The social name (nome social), shown in place of the civil name (`fullName`) wherever a name is shown;
   * the civil name stays on the profile and in documents. On an edit, each of these fields left out keeps its stored
   * value (an older client's edit knows nothing of them); empty (or null) clears it.
   */
  socialName: socialNameSchema,
  schoolShift: optionalCode('schoolShift'),
  /** Age-grade distortion (defasagem escolar), as the office records it: true, false, or null (not known). */
  gradeGap: z.optional(z.nullable(z.boolean())),
});
export type StudentCreate = z.infer<typeof studentCreateSchema>;
export const studentCreatedSchema = z.object({ id: idSchema });

/** PUT /students/{id}: the registration's fields, with the version the edit started from. */
export const studentUpdateSchema = z.extend(z.omit(studentCreateSchema, { id: true }), { version: versionSchema });
export type StudentUpdate = z.infer<typeof studentUpdateSchema>;

/** POST /students/{id}/status: deactivate (leaves every roster from `date` on) or reactivate (back on them from `date`). */
export const studentStatusInputSchema = z.object({
  active: z.boolean(),
  date: calendarDateSchema,
  reason: requiredText(500),
  version: versionSchema,
});
export type StudentStatusInput = z.infer<typeof studentStatusInputSchema>;

/** One enrolment of a student in a class: on the roster from `from` (inclusive) until `to` (exclusive; absent: open). */
export const enrolmentSchema = z.object({ classId: idSchema, from: isoDateSchema, to: z.optional(isoDateSchema) });
export type Enrolment = z.infer<typeof enrolmentSchema>;
/** PUT /classes/{classId}/students/{studentId}: enrol from a date. */
export const enrolmentStartSchema = z.object({ from: calendarDateSchema });
/** DELETE /classes/{classId}/students/{studentId}: the first day the student is no longer on the roster. */
export const enrolmentEndSchema = z.object({ to: calendarDateSchema });

/** GET /classes/{id}/students?date=: the roster of that date (today when absent). */
export const rosterQuerySchema = z.object({ date: z.optional(calendarDateSchema) });

/** GET /students/{id}: every registered field as stored (empty ones absent), the status, enrolments and version. */
/** A student's attendance over one period (issue 17): roll days, marks and the frequency rule's percentage. */
export const frequencyFigureSchema = z.object({
  rollDays: z.int(),
  present: z.int(),
  absent: z.int(),
  justified: z.int(),
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
});
export type FrequencyFigure = z.infer<typeof frequencyFigureSchema>;
const periodFiguresSchema = z.object({ month: frequencyFigureSchema, schoolYear: frequencyFigureSchema });
/**
 * A student's frequency on the profile: this month and this school year (the calendar year, as Brazilian school years
 * run), overall, per activity and per class the student has a roll day in.
 */
export const studentFrequencySchema = z.object({
  month: z.string(),
  schoolYear: z.string(),
  overall: periodFiguresSchema,
  activities: z.array(z.extend(periodFiguresSchema, { activityId: idSchema, activityName: z.string() })),
  classes: z.array(z.extend(periodFiguresSchema, { classId: idSchema, className: z.string(), activityId: idSchema })),
});
export type StudentFrequency = z.infer<typeof studentFrequencySchema>;
export const studentSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  dateOfBirth: z.optional(isoDateSchema),
  registrationNumber: z.optional(z.string()),
  enrollmentDate: z.optional(isoDateSchema),
  race: z.optional(z.string()),
  gender: z.optional(z.string()),
  schoolName: z.optional(z.string()),
  /** A code of enums.schoolYear, or the text typed before issue 52 that names none (shown as written). */
  schoolYear: z.optional(z.string()),
  socialProgram: z.optional(z.string()),
  employmentStatus: z.optional(z.string()),
  educationLevel: z.optional(z.string()),
  address: z.object({
    code: z.optional(z.string()),
    street: z.optional(z.string()),
    number: z.optional(z.string()),
    complement: z.optional(z.string()),
    neighborhood: z.optional(z.string()),
    city: z.optional(z.string()),
    state: z.optional(z.string()),
  }),
  socialName: z.optional(z.string()),
  schoolShift: z.optional(z.string()),
  gradeGap: z.optional(z.boolean()),
  active: z.boolean(),
  /** The date of the last deactivation or reactivation, and why. */
  statusDate: z.optional(isoDateSchema),
  statusReason: z.optional(z.string()),
  /** When the student's personal data was removed for good (issue 51, retention): their name is then a code. */
  anonymisedAt: z.optional(z.string()),
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
  /** On GET /students/{id}; absent from a copy saved before it existed. */
  frequency: z.optional(studentFrequencySchema),
  enrolments: z.array(enrolmentSchema),
  /** On GET /students/{id} for the roles that read consents: the state per purpose; absent from older copies. */
  consents: z.optional(consentStateMapSchema),
  version: z.int(),
});
export type Student = z.infer<typeof studentSchema>;
export const studentStatusFilters = ['active', 'inactive', 'all'] as const;
export type StudentStatusFilter = (typeof studentStatusFilters)[number];

/** Fields sent with each multipart document upload, beside the `file` part. */
export const documentMetaSchema = z.object({
  id: z.optional(clientIdSchema),
  fileName: textField(255).check(z.minLength(1)),
  fileType: z.enum(enums.documentType),
  origin: z._default(textField(200), ''),
  date: z.union([isoDateSchema, isoDateTimeSchema]),
  description: z._default(textField(1000), ''),
});
export const documentSchema = z.object({
  id: idSchema,
  studentId: idSchema,
  fileName: z.string(),
  fileType: z.string(),
  origin: z.string(),
  date: z.string(),
  description: z.string(),
  mimeType: z.string(),
  size: z.int(),
});
export type StudentDocument = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const documentMimeTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * A guardian's fields, as an edit sends them. Issue 52: NIS, e-mail, address and civil state may be left out or empty
 * (a grandmother with neither e-mail nor NIS is registered); the relationship to the child and a social name are new,
 * and optional here for the programme's original client (the app's form asks for the relationship). An edit that leaves
 * out the relationship or the social name keeps the stored one.
 */
export const guardianFieldsSchema = z.object({
  name: personName(200),
  cpf: cpfSchema,
  birthDate: calendarDateSchema,
  civilState: z.optional(z.union([z.enum(enums.civilState), z.literal('')])),
  nis: z.optional(textField(20).check(z.trim())),
  phone: requiredText(30),
  email: z.optional(z.union([z.email(), z.literal('')])),
  address: z.optional(textField(300).check(z.trim())),
  relationship: optionalCode('relationship'),
  socialName: socialNameSchema,
});
/** PUT /responsibles/{id}: the fields, with the version the edit started from (optional for older clients). */
export const guardianUpdateSchema = z.extend(guardianFieldsSchema, { version: z.optional(versionSchema) });
export type GuardianUpdate = z.infer<typeof guardianUpdateSchema>;
/** DELETE /responsibles/{id}: the version the removal was decided on. */
export const guardianRemoveSchema = z.object({ version: versionSchema });
export const guardianInputSchema = z.extend(guardianFieldsSchema, {
  /** Client-generated id: the same id sent twice creates one guardian. */
  id: z.optional(clientIdSchema),
});
export type GuardianInput = z.infer<typeof guardianInputSchema>;
export const guardianSchema = z.object({
  id: idSchema,
  name: z.string(),
  cpf: z.string(),
  birthDate: z.string(),
  civilState: z.string(),
  nis: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  /** Issue 52: absent when not known (a guardian registered before, or by the original client). */
  relationship: z.optional(z.string()),
  socialName: z.optional(z.string()),
  version: z.optional(z.int()),
});
export type Guardian = z.infer<typeof guardianSchema>;
export const guardianListSchema = z.array(guardianSchema);

export const userSchema = z.object({
  id: idSchema,
  full_name: z.string(),
  phone: z.optional(z.nullable(z.string())),
  access: z.string(),
  formation: z.optional(z.nullable(z.string())),
  email: z.string(),
  /** Absent from servers that do not manage users: taken as active. */
  active: z.optional(z.boolean()),
  version: z.optional(z.int()),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

const userFields = {
  full_name: personName(200),
  email: z.email().check(z.maxLength(254)),
  phone: z.optional(textField(30).check(z.trim())),
  formation: z.optional(textField(200).check(z.trim())),
  access: z.enum(accessLevels),
};
/** An admin adds a staff user (POST /users); the client id makes a resend harmless. */
export const userCreateSchema = z.object({ id: z.optional(clientIdSchema), ...userFields });
export type UserCreate = z.infer<typeof userCreateSchema>;
/** An admin changes a user (PUT /users/{id}): the whole record, with the version it was read at. */
export const userUpdateSchema = z.object({ ...userFields, active: z.boolean(), version: z.optional(z.int()) });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** GET /me: the signed-in staff user and what their role may do (src/api/permissions.ts). */
export const meSchema = z.object({
  id: idSchema,
  email: z.string(),
  full_name: z.string(),
  access: z.enum(accessLevels),
  permissions: z.array(z.string()),
  /** The server runs without sign-in: everyone acts as this built-in admin. */
  openMode: z.optional(z.boolean()),
});
export type Me = z.infer<typeof meSchema>;

/** How many entries a page of a student's access record holds: the newest first, then `?before=` the last one's id. */
export const ACCESS_LOG_PAGE = 500;
/** The fields of a student's registration an edit may change, as the access record names them. */
export const studentRecordFields = [
  'fullName',
  'dateOfBirth',
  'registrationNumber',
  'enrollmentDate',
  'race',
  'gender',
  'schoolName',
  'schoolYear',
  'socialProgram',
  'employmentStatus',
  'educationLevel',
  'addressCode',
  'addressStreet',
  'addressNumber',
  'addressComplement',
  'socialName',
  'schoolShift',
  'addressNeighborhood',
  'addressCity',
  'addressState',
  'gradeGap',
] as const;
export type StudentRecordField = (typeof studentRecordFields)[number];
/** What an entry did beyond its route (issue 56): a status change's direction, an edit's changed fields (names only). */
export const accessDetailSchema = z.object({
  change: z.optional(z.enum(['deactivated', 'reactivated'])),
  fields: z.optional(z.array(z.enum(studentRecordFields))),
  /** The funder's pack (issue 53) was asked for with the CPF in full. */
  cpfInFull: z.optional(z.boolean()),
});
export type AccessDetail = z.infer<typeof accessDetailSchema>;
/** One entry of a student's access record (GET /students/{id}/access-log), newest first. */
export const accessLogEntrySchema = z.object({
  /** The entry's id: the cursor of the next (older) page. */
  id: z.string(),
  at: isoDateTimeSchema,
  userEmail: z.string(),
  userName: z.nullable(z.string()),
  kind: z.enum(['read', 'write']),
  method: z.string(),
  route: z.string(),
  status: z.int(),
  /** Null on the entries of other routes and on those written before it was kept (migration 019). */
  detail: z.optional(z.nullable(accessDetailSchema)),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogSchema = z.array(accessLogEntrySchema);

// ---- Attendance (extension) ----
/** The marks a roll call's buttons set (present or absent); a roll may also hold a justified absence. */
export const attendanceStatuses = ['PRESENT', 'ABSENT'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
export const rollStatuses = ['PRESENT', 'ABSENT', 'JUSTIFIED'] as const;
export type RollStatus = (typeof rollStatuses)[number];
/** Why an absence is justified; OTHER may carry a note. */
export const absenceReasons = ['HEALTH', 'SCHOOL', 'FAMILY', 'TRANSPORT', 'OTHER'] as const;
export type AbsenceReason = (typeof absenceReasons)[number];
export const ABSENCE_NOTE_MAX = 500;
const presentEntrySchema = z.object({ studentId: idSchema, status: z.literal('PRESENT') });
const absentEntrySchema = z.object({ studentId: idSchema, status: z.literal('ABSENT') });
const justifiedEntrySchema = z
  .object({
    studentId: idSchema,
    status: z.literal('JUSTIFIED'),
    reason: z.enum(absenceReasons),
    note: z.optional(textField(ABSENCE_NOTE_MAX)),
  })
  .check(
    z.refine((entry) => entry.note === undefined || entry.reason === 'OTHER', {
      message: 'A note is given only with the reason OTHER',
      path: ['note'],
    }),
  );
/** One student's mark in a roll: PRESENT, ABSENT, or JUSTIFIED with its reason (a reason only there). */
export const attendanceEntrySchema = z.discriminatedUnion('status', [presentEntrySchema, absentEntrySchema, justifiedEntrySchema]);
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;
export type JustifiedEntry = Extract<AttendanceEntry, { status: 'JUSTIFIED' }>;
/** Why a class was not held that day (issue 50); OTHER may carry a note. */
export const notHeldReasons = ['WEATHER', 'INSTRUCTOR_ABSENT', 'VENUE', 'EVENT', 'OTHER'] as const;
export type NotHeldReason = (typeof notHeldReasons)[number];
export const notHeldSchema = z.object({ reason: z.enum(notHeldReasons), note: z.optional(textField(ABSENCE_NOTE_MAX)) }).check(
  z.refine((notHeld) => notHeld.note === undefined || notHeld.reason === 'OTHER', {
    message: 'A note is given only with the reason OTHER',
    path: ['note'],
  }),
);
export type NotHeld = z.infer<typeof notHeldSchema>;
const rollFieldsSchema = z.object({
  takenBy: textField(200),
  takenAt: isoDateTimeSchema,
  /** The marks; none on a class not held. */
  entries: z.array(attendanceEntrySchema),
  /** The class was not held that day, and why: no roll day for anyone (no marks then). */
  notHeld: z.optional(notHeldSchema),
});
/**
 * A roll to save. `basedOn`: the latest save of that day's roll the device knew when the roll was taken (its takenAt),
 * null when it knew there was none; the server refuses the save (409 'stale-version', with the roll as it is) when the
 * day's roll has been saved since by someone else. Left out: no check (the API's other clients). `supersedes`: the
 * takenAt of this device's own earlier saves of the day that this one replaced before they were known to have arrived
 * (a send whose answer was lost may have): the day's roll being one of them is no conflict, it is the user's own.
 */
export const rollInputSchema = z
  .extend(rollFieldsSchema, {
    // Left out on a class not held (`notHeld` instead); at least one mark otherwise.
    entries: z.optional(z.array(attendanceEntrySchema)),
    basedOn: z.optional(z.nullable(isoDateTimeSchema)),
    supersedes: z.optional(z.array(isoDateTimeSchema).check(z.maxLength(50))),
  })
  .check(
    z.refine((roll) => (roll.notHeld ? (roll.entries ?? []).length === 0 : (roll.entries ?? []).length > 0), {
      message: 'A roll has its marks (at least one), or `notHeld` and no marks',
      path: ['entries'],
    }),
  );
export type RollInput = z.infer<typeof rollInputSchema>;
/**
 * A saved roll: takenBy/takenAt are its latest save; firstTakenBy/firstTakenAt its first save, kept when a later PUT
 * replaces it; correctedBy/correctedAt the latest save that changed it after the first (null until then).
 */
export const rollSchema = z.extend(rollFieldsSchema, {
  classId: idSchema,
  date: isoDateSchema,
  firstTakenBy: z.optional(z.string()),
  firstTakenAt: z.optional(isoDateTimeSchema),
  correctedBy: z.optional(z.nullable(z.string())),
  correctedAt: z.optional(z.nullable(isoDateTimeSchema)),
});
export type Roll = z.infer<typeof rollSchema>;
export const rollDaySchema = z.object({
  date: isoDateSchema,
  present: z.int(),
  absent: z.int(),
  justified: z.optional(z.int()),
});
export type RollDay = z.infer<typeof rollDaySchema>;

/** present / (roll days - justified), rounded to one decimal; 0 with no countable day (README: "Frequency"). */
const percentSchema = z.number().check(z.gte(0), z.lte(100));
export const attendanceQuerySchema = z.object({ month: z.optional(monthSchema) });
/**
 * A class's month (GET /classes/{id}/attendance?month=YYYY-MM): the dates with a roll, the students on the roster
 * during the month, one cell per student and date ('P', 'A', 'J'; 'N', not marked: on that date's roster but not on
 * its roll, issue 56; or null when the student was not on that date's roster nor roll), totals per student and per
 * date (present + absent + justified = roll days; not marked apart: not a roll day), and who saved and who corrected
 * each date's roll. `notMarked` is absent from a grid the device built (it does not know the rosters of past dates).
 */
export const attendanceGridSchema = z.object({
  classId: idSchema,
  month: monthSchema,
  dates: z.array(isoDateSchema),
  students: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      cells: z.array(z.nullable(z.enum(['P', 'A', 'J', 'N']))),
      present: z.int(),
      absent: z.int(),
      justified: z.int(),
      rollDays: z.int(),
      notMarked: z.optional(z.int()),
      frequencyPercent: percentSchema,
    }),
  ),
  totals: z.array(z.object({ date: isoDateSchema, present: z.int(), absent: z.int(), justified: z.int(), notMarked: z.optional(z.int()) })),
  /** Per date (same order as `dates`): who first saved the roll and when, who last corrected it and when (null until then). */
  rolls: z.array(
    z.object({
      date: isoDateSchema,
      firstTakenBy: z.string(),
      firstTakenAt: isoDateTimeSchema,
      correctedBy: z.nullable(z.string()),
      correctedAt: z.nullable(isoDateTimeSchema),
      /** The class was not held that day (issue 50): no one's roll day, its cells all null. */
      notHeld: z.optional(notHeldSchema),
      /** A calendar day off (a holiday, a recess) on which a roll was saved anyway: no one's roll day. */
      dayOff: z.optional(z.string()),
    }),
  ),
});
export type AttendanceGrid = z.infer<typeof attendanceGridSchema>;
/** A roll that leaves children of its date's roster not marked (issue 56), and how many. */
export const rollToCompleteSchema = z.object({
  classId: idSchema,
  className: z.string(),
  activityId: idSchema,
  activityName: z.string(),
  date: isoDateSchema,
  notMarked: z.int(),
});
export type RollToComplete = z.infer<typeof rollToCompleteSchema>;
/**
 * GET /attendance/rolls-to-complete: the rolls to complete of the classes whose rolls the user may correct (an
 * instructor's own and those naming no instructor; every class for the other roles that write attendance). Home shows
 * them to a role that reads no alerts (the instructor).
 */
export const rollsToCompleteSchema = z.object({ rolls: z.array(rollToCompleteSchema) });
/** GET /attendance/alerts: who may be dropping out, and which classes went without a roll. */
export const attendanceAlertsSchema = z.object({
  month: monthSchema,
  minPercent: z.number(),
  belowThreshold: z.array(z.object({ studentId: idSchema, studentName: z.string(), frequencyPercent: percentSchema, rollDays: z.int() })),
  absenceStreaks: z.array(
    z.object({
      studentId: idSchema,
      studentName: z.string(),
      classId: idSchema,
      className: z.string(),
      activityId: idSchema,
      absences: z.int(),
      since: isoDateSchema,
    }),
  ),
  missingRolls: z.array(z.object({ classId: idSchema, className: z.string(), activityId: idSchema, activityName: z.string(), date: isoDateSchema })),
  /**
   * Issue 56: rolls of the last ROLL_TO_COMPLETE_DAYS days that leave off children of their date's roster (not marked:
   * no roll day for them until someone corrects the roll). Optional: a copy kept on a device from before has none.
   */
  rollsToComplete: z.optional(z.array(rollToCompleteSchema)),
  /** With ?limit=N (home's first look): each list is its first N, and these are how long they are in full. */
  totals: z.optional(z.object({ belowThreshold: z.int(), absenceStreaks: z.int(), missingRolls: z.int(), rollsToComplete: z.optional(z.int()) })),
});
/** Issue 56: a student is listed below the threshold only with at least this many marked roll days in the month. */
export const BELOW_THRESHOLD_MIN_ROLL_DAYS = 3;
/** Issue 56: how far back home looks for rolls that leave children of their roster not marked. */
export const ROLL_TO_COMPLETE_DAYS = 30;
export type AttendanceAlerts = z.infer<typeof attendanceAlertsSchema>;
/** GET /attendance/alerts?limit=N: at most N of each list (a whole number from 1 to 100). */
export const attendanceAlertsQuerySchema = z.object({ limit: z.optional(z.string().check(z.regex(/^(?:[1-9][0-9]?|100)$/))) });
/**
 * A month's frequency (GET /reports/frequency?month=YYYY-MM), per class and per activity, over the classes with a roll
 * that month: the marks (present, absent, justified), the rolls taken, the students' roll days (the rule's
 * denominator before the justified absences come off) and the frequency by the one rule over those sums.
 */
const frequencyFiguresSchema = z.object({
  present: z.int(),
  absent: z.int(),
  justified: z.int(),
  rolls: z.int(),
  rollDays: z.int(),
  frequencyPercent: percentSchema,
});
export const frequencyReportSchema = z.object({
  month: monthSchema,
  activities: z.array(z.extend(frequencyFiguresSchema, { activityId: idSchema, activityName: z.string() })),
  classes: z.array(z.extend(frequencyFiguresSchema, { classId: idSchema, className: z.string(), activityId: idSchema, activityName: z.string() })),
});
export type FrequencyReport = z.infer<typeof frequencyReportSchema>;

// ---- Sync (issue 18) ----
/** A student as the sync brings it: the list's summary plus the classes whose roster has them today. */
export type SyncStudent = StudentSummary & { classIds: string[] };
/**
 * Students travel in columns, each class id once (`classIds`, referred to by position in `classes`): thousands of
 * students cost about a fifth less gzipped than a list of objects (issue 18: a first sync of 5,000 within 150 KB).
 * Ids that are all UUIDs travel packed into one string (packed-ids.ts), any others as a list.
 */
const packedIdsSchema = z.union([z.array(idSchema), z.string().check(z.regex(PACKED_UUIDS))]);
export const syncStudentColumnsSchema = z
  .object({
    ids: packedIdsSchema,
    names: z.array(z.string()),
    /** Issue 52: each student's civil name when they have a social name, else ''; absent when no one has one. */
    civilNames: z.optional(z.array(z.string())),
    /** Issue 52: each student's gender and school year, '' when not recorded; absent from an instructor's sync. */
    genders: z.optional(z.array(z.string())),
    schoolYears: z.optional(z.array(z.string())),
    frequencyPercent: z.array(z.number().check(z.gte(0), z.lte(100))),
    classIds: packedIdsSchema,
    classes: z.array(z.array(z.int().check(z.gte(0)))),
  })
  .check(
    z.refine(
      (c) => {
        const students = idCount(c.ids);
        const classIds = idCount(c.classIds);
        return (
          c.names.length === students &&
          [c.civilNames, c.genders, c.schoolYears].every((column) => column === undefined || column.length === students) &&
          c.frequencyPercent.length === students &&
          c.classes.length === students &&
          c.classes.every((refs) => refs.every((ref) => ref < classIds))
        );
      },
      { message: 'student columns of different lengths, a packed id list of a wrong length, or a class reference out of range' },
    ),
  );
/** The columns as they travel (ids packed or not). */
export type SyncStudentColumnsWire = z.infer<typeof syncStudentColumnsSchema>;
/** The columns on the device, ids unpacked (sync-columns.ts). */
export type SyncStudentColumns = Omit<SyncStudentColumnsWire, 'ids' | 'classIds'> & { ids: string[]; classIds: string[] };

export const rollKeySchema = z.object({ classId: idSchema, date: isoDateSchema });
/**
 * GET /sync?since=CURSOR: what changed since that cursor (everything, `full`, without one), for the parts the
 * user's role may read (a part the role lacks is absent). `removed` names records that left (deleted, or no longer
 * in the list). The cursor is opaque: send it back as it came.
 */
export const syncAnswerSchema = z.object({
  cursor: z.string().check(z.regex(/^\d{1,20}$/)),
  full: z.boolean(),
  changed: z.object({
    students: z.optional(syncStudentColumnsSchema),
    activities: z.optional(activityListSchema),
    classes: z.optional(classListSchema),
    rolls: z.optional(z.array(rollSchema)),
    users: z.optional(userListSchema),
  }),
  removed: z.object({
    students: z.optional(z.array(idSchema)),
    activities: z.optional(z.array(idSchema)),
    classes: z.optional(z.array(idSchema)),
    rolls: z.optional(z.array(rollKeySchema)),
    users: z.optional(z.array(idSchema)),
  }),
  /**
   * Students anonymised (issue 51) that the device may still hold under their old name: every copy that names one goes
   * (their record, guardians, documents, lists and grids), to be read again. Absent when none.
   */
  anonymised: z.optional(z.array(idSchema)),
  me: meSchema,
});
/** The answer as it travels. */
export type SyncAnswerWire = z.infer<typeof syncAnswerSchema>;
/** The answer on the device: its students' ids unpacked (sync-columns.ts, syncAnswerFromWire). */
export type SyncAnswer = Omit<SyncAnswerWire, 'changed'> & {
  changed: Omit<SyncAnswerWire['changed'], 'students'> & { students?: SyncStudentColumns };
};

/** GET /health (no sign-in): whether the server can reach its database, and the database's schema version. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  engine: z.enum(['pglite', 'postgres']),
  /** The last migration applied (server/db/migrations), null when the database cannot be read. */
  schemaVersion: z.nullable(z.string()),
  /** The server's version (package.json). */
  version: z.string(),
  /**
   * 'unverified': the server checks sign-in tokens against a Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST with
   * QUADRA_ALLOW_EMULATOR=yes), which accepts any token: for tests only, never a programme's server.
   */
  tokens: z.optional(z.literal('unverified')),
  /** Free space where the embedded database lives: 'low' under DISK_LOW_MB (absent on PostgreSQL, whose disk is its own). */
  disk: z.optional(z.enum(['ok', 'low'])),
});
export type Health = z.infer<typeof healthSchema>;

/** Every error the reference server answers has this shape. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  /** Why, as a stable word the app acts on, where a status alone is not enough (see accessRefusals). */
  code: z.optional(z.string()),
  /** With a 409 'stale-version': the record as it is now on the server. */
  current: z.optional(z.unknown()),
});
/**
 * The codes of a 403 that refuses the account itself, whatever it asked for: the app ends the session. Any other 403
 * ('forbidden') refuses one action of a role.
 */
export const accessRefusals = ['not-registered', 'deactivated', 'email-unverified'] as const;
export type AccessRefusal = (typeof accessRefusals)[number];
/** The codes of a refused write the app words in the user's language; any other refusal shows the server's own words. */
export const writeRefusals = [
  'cpf-taken',
  'email-taken',
  'stale-version',
  'roll-date-future',
  'status-date-future',
  'forbidden',
  'disk-full',
] as const;
export type WriteRefusal = (typeof writeRefusals)[number];
export type ApiError = z.infer<typeof apiErrorSchema>;

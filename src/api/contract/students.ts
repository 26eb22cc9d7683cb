/**
 * Students: the list, the record, registration and edits, status, enrolments and frequency figures.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { consentStateMapSchema } from '../consent-states.ts';
import {
  calendarDateSchema,
  clientIdSchema,
  cpfSchema,
  idSchema,
  isoDateSchema,
  personName,
  requiredText,
  textField,
  versionSchema,
  zipSchema,
} from './text-and-dates.ts';
import { type EnumName, enums } from './enums.ts';

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
   * Issue 52: the gender, school year, employment and school shift codes (enums.gender, enums.schoolYear,
   * enums.employmentStatus, enums.schoolShift; a school year typed before issue 52 as written) the list filters by
   * (student-filters.ts), on the list of those who read the records (not an instructor's, not a roster), when recorded.
   */
  gender: z.optional(z.string()),
  schoolYear: z.optional(z.string()),
  employmentStatus: z.optional(z.string()),
  schoolShift: z.optional(z.string()),
  /** On a roster entry: the guardians' consents per purpose (the roll call marks a child without IMAGE_USE). */
  consents: z.optional(consentStateMapSchema),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;
export const studentListSchema = z.array(studentSummarySchema);
/** GET /students?limit=N answers the list's first N students (a first screenful, at most this many). */
export const STUDENT_LIST_LIMIT_MAX = 200;

export const optionalText = z.optional(textField(200));
/** Enum fields of a registration: a known code, or empty / absent when the user left the select empty. */
export const optionalCode = <N extends EnumName>(name: N) => z.optional(z.union([z.enum(enums[name]), z.literal('')]));

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
export const socialNameSchema = z.optional(z.union([personName(200), z.literal('')]));

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

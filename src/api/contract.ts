/**
 * The API contract, written once: the app parses every answer with these schemas, its forms validate with them,
 * and the reference server (server/) validates requests and generates its OpenAPI document from them.
 * A field added here is added everywhere.
 */
// zod/mini: the same schemas and checks as classic zod, at a third of the size in the app's first load; the
// server's own route schemas use classic zod, and both share zod's core.
import * as z from 'zod/mini';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';

/** Ids arrive as strings from the reference server; other deployments may send numbers, so both are accepted. */
export const idSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'number' ? String(v) : v)),
  z.string().check(z.minLength(1)),
);
/** A client-generated id (UUID) that makes every create idempotent. */
export const clientIdSchema = z.uuid();

/** ISO calendar date, YYYY-MM-DD, that exists on the calendar. */
export const isoDateSchema = z.iso.date();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
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
  z.pipe(z.string(), z.transform(onlyDigits)),
  z.string().check(z.length(ZIP_LENGTH, { message: 'ZIP code must have 8 digits' })),
);
export const cpfSchema = z.string().check(z.refine(isValidCpf, { message: 'Invalid CPF' }));

// ---- Enumerations (SPEC §3): codes as the server sends them ----
export const enums = {
  race: ['BRANCA', 'PRETA', 'PARDA', 'AMARELA', 'INDIGENA', 'NA'],
  gender: ['MASCULINO', 'FEMININO', 'OUTRO'],
  socialProgram: ['BOLSA_FAMILIA', 'BPC_LOAS', 'TARIFA_SOCIAL_DE_ENERGIA', 'AUXILIO_GAS', 'PROGRAMA_ESTADUAL', 'PROGRAMA_MUNICIPAL_VIA_CRAS'],
  employmentStatus: ['EMPREGADO', 'DESEMPREGADO', 'ESTUDANTE', 'OUTRO'],
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
} as const;
export type EnumName = keyof typeof enums;
export type EnumCode<N extends EnumName> = (typeof enums)[N][number];

/** The ten filter endpoints (SPEC §7): each answers an array of code strings. */
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
};
export const filterAnswerSchema = z.array(z.string().check(z.minLength(1)));

export const accessLevels = ['admin', 'coordenador', 'instrutor', 'psicologo', 'administrativo'] as const;
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
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  teacher: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  area: z.enum(activityAreas),
  frequency: z.enum(activityFrequencies),
};
/** POST /activities: the fields GET /activities answers; the client id makes a resend harmless. */
export const activityCreateSchema = z.object({ id: z.optional(clientIdSchema), ...activityFields });
export type ActivityCreate = z.infer<typeof activityCreateSchema>;
/** PUT /activities/{id}: the whole record with the version it was read at; `archived: true` archives it. */
export const activityUpdateSchema = z.object({ ...activityFields, archived: z.optional(z.boolean()), version: versionSchema });
export type ActivityUpdate = z.infer<typeof activityUpdateSchema>;

export const classSchema = z.object({
  id: idSchema,
  title: z.string(),
  weekDay: z.string(),
  schedule: z.string(),
  level: z.string(),
  activityId: idSchema,
  /** The instructor, a staff user. */
  instructorId: z.optional(z.nullable(idSchema)),
  archived: z.optional(z.boolean()),
  version: z.optional(z.int()),
});
export type ClassGroup = z.infer<typeof classSchema>;
export const classListSchema = z.array(classSchema);
const classFields = {
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  activityId: idSchema,
  weekDay: z.enum(enums.weekDay),
  schedule: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  level: z.enum(enums.level),
  instructorId: z.optional(z.nullable(idSchema)),
};
/** POST /classes: the fields GET /classes answers plus an optional instructor (a user). */
export const classCreateSchema = z.object({ id: z.optional(clientIdSchema), ...classFields });
export type ClassCreate = z.infer<typeof classCreateSchema>;
export const classUpdateSchema = z.object({ ...classFields, archived: z.optional(z.boolean()), version: versionSchema });
export type ClassUpdate = z.infer<typeof classUpdateSchema>;

export const studentSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
  /** Absent from servers without deactivation: taken as active. */
  active: z.optional(z.boolean()),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;
export const studentListSchema = z.array(studentSummarySchema);

const optionalText = z.optional(z.string().check(z.maxLength(200)));
/** Enum fields of a registration: a known code, or empty / absent when the user left the select empty. */
const optionalCode = <N extends EnumName>(name: N) => z.optional(z.union([z.enum(enums[name]), z.literal('')]));

export const addressSchema = z.object({
  code: z.optional(z.union([zipSchema, z.literal('')])),
  street: optionalText,
  number: z.optional(z.string().check(z.maxLength(20))),
  complement: optionalText,
});

export const studentCreateSchema = z.object({
  /** Client-generated id: the same id sent twice creates one student. */
  id: z.optional(clientIdSchema),
  fullName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  dateOfBirth: z.optional(z.union([calendarDateSchema, z.literal('')])),
  registrationNumber: z.optional(z.union([cpfSchema, z.literal('')])),
  enrollmentDate: z.optional(z.union([calendarDateSchema, z.literal('')])),
  race: optionalCode('race'),
  gender: optionalCode('gender'),
  schoolName: optionalText,
  schoolYear: z.optional(z.string().check(z.maxLength(50))),
  socialProgram: optionalCode('socialProgram'),
  employmentStatus: optionalCode('employmentStatus'),
  educationLevel: optionalCode('educationLevel'),
  address: z.optional(addressSchema),
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
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
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
export const studentSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  dateOfBirth: z.optional(isoDateSchema),
  registrationNumber: z.optional(z.string()),
  enrollmentDate: z.optional(isoDateSchema),
  race: z.optional(z.string()),
  gender: z.optional(z.string()),
  schoolName: z.optional(z.string()),
  schoolYear: z.optional(z.string()),
  socialProgram: z.optional(z.string()),
  employmentStatus: z.optional(z.string()),
  educationLevel: z.optional(z.string()),
  address: z.object({
    code: z.optional(z.string()),
    street: z.optional(z.string()),
    number: z.optional(z.string()),
    complement: z.optional(z.string()),
  }),
  active: z.boolean(),
  /** The date of the last deactivation or reactivation, and why. */
  statusDate: z.optional(isoDateSchema),
  statusReason: z.optional(z.string()),
  frequencyPercent: z.number().check(z.gte(0), z.lte(100)),
  enrolments: z.array(enrolmentSchema),
  version: z.int(),
});
export type Student = z.infer<typeof studentSchema>;
export const studentStatusFilters = ['active', 'inactive', 'all'] as const;
export type StudentStatusFilter = (typeof studentStatusFilters)[number];

/** Fields sent with each multipart document upload, beside the `file` part. */
export const documentMetaSchema = z.object({
  id: z.optional(clientIdSchema),
  fileName: z.string().check(z.minLength(1), z.maxLength(255)),
  fileType: z.enum(enums.documentType),
  origin: z._default(z.string().check(z.maxLength(200)), ''),
  date: z.union([isoDateSchema, isoDateTimeSchema]),
  description: z._default(z.string().check(z.maxLength(1000)), ''),
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

const trimmedText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** A guardian's fields, as an edit sends them. */
export const guardianFieldsSchema = z.object({
  name: trimmedText(200),
  cpf: cpfSchema,
  birthDate: calendarDateSchema,
  civilState: z.enum(enums.civilState),
  nis: trimmedText(20),
  phone: trimmedText(30),
  email: z.email(),
  address: trimmedText(300),
});
/** PUT /responsibles/{id}: the eight fields, with the version the edit started from (optional for older clients). */
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
  full_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  email: z.email().check(z.maxLength(254)),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(30))),
  formation: z.optional(z.string().check(z.trim(), z.maxLength(200))),
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

/** One entry of a student's access record (GET /students/{id}/access-log), newest first. */
export const accessLogEntrySchema = z.object({
  at: isoDateTimeSchema,
  userEmail: z.string(),
  userName: z.nullable(z.string()),
  kind: z.enum(['read', 'write']),
  method: z.string(),
  route: z.string(),
  status: z.int(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogSchema = z.array(accessLogEntrySchema);

// ---- Attendance (extension) ----
export const attendanceStatuses = ['PRESENT', 'ABSENT'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
export const attendanceEntrySchema = z.object({
  studentId: idSchema,
  status: z.enum(attendanceStatuses),
});
export const rollInputSchema = z.object({
  takenBy: z.string().check(z.maxLength(200)),
  takenAt: isoDateTimeSchema,
  entries: z.array(attendanceEntrySchema).check(z.minLength(1)),
});
export type RollInput = z.infer<typeof rollInputSchema>;
export const rollSchema = z.extend(rollInputSchema, { classId: idSchema, date: isoDateSchema });
export type Roll = z.infer<typeof rollSchema>;
export const rollDaySchema = z.object({
  date: isoDateSchema,
  present: z.int(),
  absent: z.int(),
});
export type RollDay = z.infer<typeof rollDaySchema>;

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
export type ApiError = z.infer<typeof apiErrorSchema>;

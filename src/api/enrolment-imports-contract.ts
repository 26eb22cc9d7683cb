/**
 * The import of activities, classes and enrolments (issue 54 item 2): a second kind of spreadsheet, one row per child
 * and class (or an XLSX with a tab per class). The app reads and maps the file; POST /imports/enrolments takes rows in
 * batches, with the activities and classes the file names that Quadra does not have yet (each with the client id the
 * preview gave it, so a resent batch creates them once), idempotent by import id and row number as the students
 * import. POST /imports/enrolments/matches says which rows name a child Quadra has and whether they are in the class.
 */
import * as z from 'zod/mini';
import {
  activityCreateSchema,
  calendarDateSchema,
  classOriginalFields,
  clientIdSchema,
  idSchema,
  studentCreateSchema,
  textField,
} from './contract.ts';
import { IMPORT_BATCH_MAX, IMPORT_MATCH_MAX, importGuardianSchema, importRefusals } from './imports-contract.ts';

/** A row's number in the whole import: sheets follow each other (a tab per class), so it is not the sheet's line. */
const rowNumberSchema = z.int().check(z.gte(1), z.lte(1_000_000));
/** New activities and classes one batch may carry (those its rows need). */
export const IMPORT_NEW_CATALOG_MAX = 200;

export const importNewActivitySchema = z.extend(activityCreateSchema, { id: clientIdSchema });
export type ImportNewActivity = z.infer<typeof importNewActivitySchema>;
// A class the import makes has the original client's fields: its weekday and schedule text make its one meeting
// (server/data/enrolment-imports.ts, as migration 022 did).
export const importNewClassSchema = z.object({ ...classOriginalFields, id: clientIdSchema });
export type ImportNewClass = z.infer<typeof importNewClassSchema>;

/**
 * The child as a class list has them: a name, and the rest of the registration's fields (those of POST /students)
 * the row gives. Their enrolment date is the day they start in the row's class.
 */
export const importEnrolmentStudentSchema = z.omit(studentCreateSchema, { id: true, enrollmentDate: true });

export const importEnrolmentRowSchema = z.object({
  row: rowNumberSchema,
  student: importEnrolmentStudentSchema,
  /** The child's guardian, added with a child Quadra did not have. */
  guardian: z.optional(importGuardianSchema),
  /** An existing class, or one of the batch's new classes. */
  classId: idSchema,
  /** The first day on the class's roster; none: today. */
  from: z.optional(calendarDateSchema),
});
export type ImportEnrolmentRow = z.infer<typeof importEnrolmentRowSchema>;

export const importEnrolmentsSchema = z.object({
  importId: clientIdSchema,
  activities: z.optional(z.array(importNewActivitySchema).check(z.maxLength(IMPORT_NEW_CATALOG_MAX))),
  classes: z.optional(z.array(importNewClassSchema).check(z.maxLength(IMPORT_NEW_CATALOG_MAX))),
  rows: z.array(importEnrolmentRowSchema).check(z.minLength(1), z.maxLength(IMPORT_BATCH_MAX)),
});
export type ImportEnrolments = z.infer<typeof importEnrolmentsSchema>;

/** created: the enrolment was made; skipped: the child was in the class already; refused: with a reason. */
export const importEnrolmentOutcomes = ['created', 'skipped', 'refused'] as const;
export const importEnrolmentResultRowSchema = z.object({
  row: rowNumberSchema,
  outcome: z.enum(importEnrolmentOutcomes),
  studentId: z.optional(idSchema),
  /** The child was not in Quadra and was registered from the row. */
  newStudent: z.optional(z.boolean()),
  reason: z.optional(z.enum(importRefusals)),
});
export type ImportEnrolmentResultRow = z.infer<typeof importEnrolmentResultRowSchema>;
export const importEnrolmentResultSchema = z.object({ results: z.array(importEnrolmentResultRowSchema) });

export const enrolmentMatchKeySchema = z.object({
  row: rowNumberSchema,
  cpf: z.optional(textField(14)),
  name: textField(200),
  birthDate: z.optional(calendarDateSchema),
  /** An existing class: the answer says whether the child is on its roster now. */
  classId: z.optional(idSchema),
});
export type EnrolmentMatchKey = z.infer<typeof enrolmentMatchKeySchema>;
export const enrolmentMatchQuerySchema = z.object({ keys: z.array(enrolmentMatchKeySchema).check(z.maxLength(IMPORT_MATCH_MAX)) });
export const enrolmentMatchSchema = z.object({
  row: rowNumberSchema,
  studentId: idSchema,
  name: z.string(),
  /** By CPF, by name and date of birth, or by the name alone when one child in Quadra has it (a class list rarely has more). */
  by: z.enum(['cpf', 'name-birth', 'name']),
  enrolled: z.boolean(),
});
export type EnrolmentMatch = z.infer<typeof enrolmentMatchSchema>;
export const enrolmentMatchesSchema = z.array(enrolmentMatchSchema);

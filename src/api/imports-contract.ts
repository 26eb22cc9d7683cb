/**
 * The students import (issue 54): the shapes of POST /imports/students (rows already read and mapped by the app, in
 * batches, idempotent by import id and row number) and of POST /imports/students/matches (which rows name a child
 * Quadra already has: same CPF, or same name and birth date), and the request that sends a batch.
 */
import * as z from 'zod/mini';
import { calendarDateSchema, clientIdSchema, cpfSchema, enums, idSchema, personName, studentCreateSchema, textField } from './contract.ts';

/** Rows a batch carries at most: a batch is one transaction, well under a second on the embedded database. */
export const IMPORT_BATCH_MAX = 200;
/** Rows one matches request asks about at most (the preview's whole file, up to 10,000 rows, in a few requests). */
export const IMPORT_MATCH_MAX = 5000;
/** A spreadsheet's row number: the header is row 1, so the first child is row 2. */
const rowNumberSchema = z.int().check(z.gte(1), z.lte(1_000_000));

/**
 * A guardian as a spreadsheet has one: a name, and a phone, CPF, e-mail, relationship to the child and social name
 * when it has them.
 */
export const importGuardianSchema = z.object({
  name: personName(200),
  phone: z.optional(textField(30)),
  cpf: z.optional(z.union([cpfSchema, z.literal('')])),
  email: z.optional(z.union([z.email(), z.literal('')])),
  relationship: z.optional(z.union([z.enum(enums.relationship), z.literal('')])),
  socialName: z.optional(z.union([personName(200), z.literal('')])),
});
export type ImportGuardian = z.infer<typeof importGuardianSchema>;

export const importStudentRowSchema = z.object({
  row: rowNumberSchema,
  /** The registration's fields (those of POST /students), as the row gives them. */
  student: z.omit(studentCreateSchema, { id: true }),
  guardian: z.optional(importGuardianSchema),
  /** The classes the row names (by name in the file, found by the app): enrolled from the row's enrolment date, else today. */
  classIds: z.optional(z.array(idSchema).check(z.maxLength(10))),
});
export type ImportStudentRow = z.infer<typeof importStudentRowSchema>;

export const importMatchActions = ['update', 'skip'] as const;
export type ImportMatchAction = (typeof importMatchActions)[number];

export const importStudentsSchema = z.object({
  /** One id per import (a file sent): with the row number, a resent batch creates nothing twice. */
  importId: clientIdSchema,
  /** What a row naming a child already in Quadra does: update their record with the row's filled cells, or nothing. */
  onMatch: z.enum(importMatchActions),
  rows: z.array(importStudentRowSchema).check(z.minLength(1), z.maxLength(IMPORT_BATCH_MAX)),
});
export type ImportStudents = z.infer<typeof importStudentsSchema>;

export const importOutcomes = ['created', 'updated', 'skipped', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];
/** Why the server refused a row, as a code the app words in the user's language. */
export const importRefusals = ['cpf-taken', 'unknown-class', 'archived-class'] as const;
export type ImportRefusal = (typeof importRefusals)[number];

export const importRowResultSchema = z.object({
  row: rowNumberSchema,
  outcome: z.enum(importOutcomes),
  studentId: z.optional(idSchema),
  reason: z.optional(z.enum(importRefusals)),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;
export const importResultSchema = z.object({ results: z.array(importRowResultSchema) });

export const importMatchKeySchema = z.object({
  row: rowNumberSchema,
  cpf: z.optional(textField(14)),
  name: z.optional(textField(200)),
  birthDate: z.optional(calendarDateSchema),
});
export const importMatchQuerySchema = z.object({ keys: z.array(importMatchKeySchema).check(z.maxLength(IMPORT_MATCH_MAX)) });
export type ImportMatchKey = z.infer<typeof importMatchKeySchema>;
export const importMatchSchema = z.object({ row: rowNumberSchema, studentId: idSchema, name: z.string(), by: z.enum(['cpf', 'name-birth']) });
export type ImportMatch = z.infer<typeof importMatchSchema>;
export const importMatchesSchema = z.array(importMatchSchema);

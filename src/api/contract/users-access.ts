/**
 * Staff users, who one is (/me), and the access record.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import { clientIdSchema, idSchema, isoDateTimeSchema, personName, textField } from './text-and-dates.ts';
import { accessLevels } from './enums.ts';

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

/**
 * A student's documents and guardians.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';
import {
  calendarDateSchema,
  clientIdSchema,
  cpfSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  personName,
  requiredText,
  textField,
  versionSchema,
} from './text-and-dates.ts';
import { enums } from './enums.ts';
import { optionalCode, socialNameSchema } from './students.ts';

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

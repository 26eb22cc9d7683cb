/**
 * Retention and anonymisation (issue 51, LGPD arts. 16 and 18): the shapes of GET /retention (the students past the
 * retention period) and POST /students/{id}/anonymise. zod/mini, as the contract.
 */
import * as z from 'zod/mini';
import { idSchema, isoDateSchema } from './contract.ts';

/** A student listed for anonymisation: deactivated on `deactivatedOn`, RETENTION_YEARS or more ago. */
export const retentionStudentSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  deactivatedOn: isoDateSchema,
});
export type RetentionStudent = z.infer<typeof retentionStudentSchema>;

/** GET /retention: the retention period, the latest deactivation date it lists, and the students listed (oldest first). */
export const retentionListSchema = z.object({
  retentionYears: z.int(),
  deactivatedBefore: isoDateSchema,
  students: z.array(retentionStudentSchema),
});
export type RetentionList = z.infer<typeof retentionListSchema>;

/** POST /students/{id}/anonymise: the code that replaced the name, and when (the same answer for a resend). */
export const anonymisedSchema = z.object({
  id: idSchema,
  code: z.string(),
  anonymisedAt: z.string(),
});
export type Anonymised = z.infer<typeof anonymisedSchema>;

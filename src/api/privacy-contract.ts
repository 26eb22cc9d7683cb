/**
 * GET /privacy (issue 51, LGPD art. 41): the programme's contact for data protection and how long it keeps a child's
 * record, for the privacy page anyone may read without signing in. zod/mini, as the contract.
 */
import * as z from 'zod/mini';

export const privacyInfoSchema = z.object({
  /** PRIVACY_CONTACT_NAME / PRIVACY_CONTACT_EMAIL; null when the programme did not set them. */
  contactName: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
  /** RETENTION_YEARS: years a record is kept after the student's deactivation before it is anonymised. */
  retentionYears: z.int(),
});
export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;

/**
 * Consents of a child's guardian, per purpose (issue 51, LGPD art. 14, ECA art. 17): the shapes of
 * GET/POST /students/{id}/consents, the current state per purpose a student's record and each roster entry carry, and
 * the programme's versioned term texts (GET/POST /consent-terms). zod/mini, as the contract.
 */
import * as z from 'zod/mini';
import { calendarDateSchema, clientIdSchema, idSchema, isoDateSchema, requiredText } from './contract.ts';
import { consentMethods, consentPurposes, consentStateMapSchema } from './consent-states.ts';

/** POST /students/{id}/consents: one entry of the history (a withdrawal is an entry with granted: false). */
export const consentInputSchema = z.object({
  id: z.optional(clientIdSchema),
  purpose: z.enum(consentPurposes),
  granted: z.boolean(),
  guardianId: idSchema,
  date: calendarDateSchema,
  /** The version of the purpose's term it was given on; the latest version when absent. */
  termVersion: z.optional(z.int().check(z.gte(1))),
  method: z.optional(z.enum(consentMethods)),
  /** The signed paper, a document of the student's. */
  documentId: z.optional(idSchema),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

export const consentSchema = z.object({
  id: idSchema,
  purpose: z.enum(consentPurposes),
  granted: z.boolean(),
  guardianId: idSchema,
  guardianName: z.string(),
  date: isoDateSchema,
  termVersion: z.nullable(z.int()),
  method: z.nullable(z.enum(consentMethods)),
  documentId: z.nullable(idSchema),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

/** GET /students/{id}/consents: the history (oldest first), the state per purpose, and the purposes to renew. */
export const consentHistorySchema = z.object({
  entries: z.array(consentSchema),
  current: consentStateMapSchema,
  /** Purposes granted on an earlier version of their term than the latest: the guardian is asked again. */
  toRenew: z.array(z.enum(consentPurposes)),
});
export type ConsentHistory = z.infer<typeof consentHistorySchema>;

/** A version of a purpose's term text, edited by admins; a new version marks consents given on earlier ones to renew. */
export const consentTermSchema = z.object({
  purpose: z.enum(consentPurposes),
  version: z.int(),
  text: z.string(),
  createdAt: z.string(),
});
export type ConsentTerm = z.infer<typeof consentTermSchema>;
export const consentTermListSchema = z.array(consentTermSchema);
export const consentTermInputSchema = z.object({
  id: z.optional(clientIdSchema),
  purpose: z.enum(consentPurposes),
  text: requiredText(20_000),
});
export type ConsentTermInput = z.infer<typeof consentTermInputSchema>;

/** GET /consents/to-renew: whom to ask, the active students whose granted consent is on an older term version. */
export const consentToRenewSchema = z.object({
  studentId: idSchema,
  name: z.string(),
  purpose: z.enum(consentPurposes),
  termVersion: z.nullable(z.int()),
  latestVersion: z.int(),
});
export const consentToRenewListSchema = z.array(consentToRenewSchema);
export type ConsentToRenew = z.infer<typeof consentToRenewSchema>;

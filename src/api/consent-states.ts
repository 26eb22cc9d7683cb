/**
 * The purposes and states of a guardian's consent (issue 51), apart from the consents' contract: a student's record and
 * each roster entry (contract.ts) carry the current state per purpose, and contract.ts must not import the module that
 * imports it.
 */
import * as z from 'zod/mini';

/** What a consent is for: the registration itself, photos in reports and to funders, public channels, sharing with services. */
export const consentPurposes = ['DATA_PROCESSING', 'IMAGE_USE', 'IMAGE_PUBLIC', 'DATA_SHARING'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];
export const consentStates = ['GRANTED', 'REFUSED', 'MISSING'] as const;
export type ConsentState = (typeof consentStates)[number];
/** How a consent was collected: a signed paper (attached as a document) or in person. */
export const consentMethods = ['PAPER', 'IN_PERSON'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

/** The current state per purpose: the latest entry of each (GRANTED or REFUSED; MISSING when none). */
export const consentStateMapSchema = z.record(z.enum(consentPurposes), z.enum(consentStates));
export type ConsentStateMap = Record<ConsentPurpose, ConsentState>;

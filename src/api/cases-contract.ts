/**
 * Follow-up cases ("busca ativa", issue 50): an alert about a child who stops coming becomes a case with steps, a
 * next-step date while open (late when past) and an outcome when closed. POST /cases, POST /cases/{id}/steps, PUT
 * /cases/{id}/steps/{stepId}/outcome, POST /cases/{id}/close, GET /cases?status=, GET /cases/{id}, GET
 * /students/{id}/cases. Causes and notes can be a child's health, violence or pregnancy: permissions cases:read and
 * cases:write only, every read in the child's access record, and none of it in a log line or an outside message.
 */
import * as z from 'zod/mini';
import { clientIdSchema, frequencyFigureSchema, idSchema, isoDateSchema, isoDateTimeSchema, textField } from './contract.ts';

export const caseOrigins = ['BELOW_THRESHOLD', 'ABSENT_STREAK', 'MANUAL'] as const;
export type CaseOrigin = (typeof caseOrigins)[number];
export const caseStepKinds = ['CONTACT', 'HOME_VISIT', 'REFERRAL', 'CAUSES'] as const;
export type CaseStepKind = (typeof caseStepKinds)[number];
export const contactChannels = ['PHONE', 'WHATSAPP', 'IN_PERSON', 'MESSAGE'] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactOutcomes = ['REACHED', 'NOT_REACHED', 'MESSAGE_LEFT'] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];
export const referralTargets = ['SCHOOL', 'CRAS', 'CREAS', 'CONSELHO_TUTELAR', 'HEALTH_UNIT'] as const;
export type ReferralTarget = (typeof referralTargets)[number];
/** The causes heard, coded after the Ministry of Education's reasons for low school attendance. */
export const absenceCauses = ['HEALTH', 'FAMILY', 'TRANSPORT', 'WORK', 'VIOLENCE', 'PREGNANCY', 'LOST_INTEREST', 'MOVED', 'OTHER'] as const;
export type AbsenceCause = (typeof absenceCauses)[number];
export const caseCloseOutcomes = ['RETURNED', 'TRANSFERRED', 'MOVED_AWAY', 'LEFT_PROGRAMME', 'NOT_FOUND', 'OTHER'] as const;
export type CaseCloseOutcome = (typeof caseCloseOutcomes)[number];
export const caseStatuses = ['open', 'closed', 'all'] as const;
export type CaseStatusFilter = (typeof caseStatuses)[number];

export const CASE_NOTE_MAX = 2000;
/** Days from an opening to its first next step when none is given (a first contact is due soon). */
export const FIRST_STEP_DAYS = 3;
/** Days from a step to the next one when none is given. */
export const NEXT_STEP_DAYS = 7;
/** Days after a RETURNED close from which the case shows the child's frequency since. */
export const RETURNED_FOLLOW_DAYS = 30;
/** How far back a case's missed dates go (the WhatsApp message names them). */
export const MISSED_DAYS = 30;
/** How many missed dates a case carries at most (the latest). */
export const MISSED_DATES_MAX = 8;
/** The report's window for "alerted children with a case within N days". */
export const CASE_WITHIN_DAYS = 7;

const note = z.optional(textField(CASE_NOTE_MAX));

export const caseInputSchema = z.object({
  id: z.optional(clientIdSchema),
  studentId: idSchema,
  origin: z.enum(caseOrigins),
  note,
  /** When the first step is due; none: FIRST_STEP_DAYS after the opening. */
  nextStepOn: z.optional(isoDateSchema),
});
export type CaseInput = z.infer<typeof caseInputSchema>;

const stepCommon = {
  id: z.optional(clientIdSchema),
  /** When it happened (a contact, a visit); not later than tomorrow. */
  at: isoDateTimeSchema,
  note,
  /** When the next step is due; none: NEXT_STEP_DAYS after this one. */
  nextStepOn: z.optional(isoDateSchema),
};
export const caseStepInputSchema = z.discriminatedUnion('kind', [
  z.object({
    ...stepCommon,
    kind: z.literal('CONTACT'),
    channel: z.enum(contactChannels),
    /** None: still to say (a contact recorded as a tel: or WhatsApp link was followed; the screen asks on return). */
    outcome: z.optional(z.enum(contactOutcomes)),
  }),
  z.object({ ...stepCommon, kind: z.literal('HOME_VISIT') }),
  z.object({ ...stepCommon, kind: z.literal('REFERRAL'), referralTo: z.enum(referralTargets), referralOn: isoDateSchema }),
  z.object({
    ...stepCommon,
    kind: z.literal('CAUSES'),
    causes: z.array(z.enum(absenceCauses)).check(z.minLength(1), z.maxLength(absenceCauses.length * 2)),
  }),
]);
export type CaseStepInput = z.infer<typeof caseStepInputSchema>;

export const caseStepOutcomeSchema = z.object({ outcome: z.enum(contactOutcomes) });
export type CaseStepOutcome = z.infer<typeof caseStepOutcomeSchema>;

export const caseCloseSchema = z.object({ outcome: z.enum(caseCloseOutcomes), note, version: z.int().check(z.gte(1)) });
export type CaseClose = z.infer<typeof caseCloseSchema>;

export const caseStepSchema = z.object({
  id: idSchema,
  kind: z.enum(caseStepKinds),
  at: isoDateTimeSchema,
  note: z.nullable(z.string()),
  channel: z.nullable(z.enum(contactChannels)),
  outcome: z.nullable(z.enum(contactOutcomes)),
  referralTo: z.nullable(z.enum(referralTargets)),
  referralOn: z.nullable(isoDateSchema),
  causes: z.array(z.enum(absenceCauses)),
  recordedBy: z.string(),
});
export type CaseStep = z.infer<typeof caseStepSchema>;

/** A case as the list shows it: who opened it, the child, their classes, days open, next step, late. */
export const caseSummarySchema = z.object({
  id: idSchema,
  studentId: idSchema,
  studentName: z.string(),
  classNames: z.array(z.string()),
  origin: z.enum(caseOrigins),
  status: z.enum(['OPEN', 'CLOSED']),
  openedOn: isoDateSchema,
  openedBy: z.string(),
  daysOpen: z.int(),
  nextStepOn: z.nullable(isoDateSchema),
  late: z.boolean(),
  closedOn: z.nullable(isoDateSchema),
  outcome: z.nullable(z.enum(caseCloseOutcomes)),
  version: z.int(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const caseListSchema = z.array(caseSummarySchema);
export const caseListQuerySchema = z.object({ status: z.optional(z.enum(caseStatuses)) });

/** The child's frequency from a RETURNED close to today (by the one rule), shown RETURNED_FOLLOW_DAYS after it. */
export const frequencySinceSchema = z.object({ from: isoDateSchema, ...frequencyFigureSchema.shape });

export const caseSchema = z.object({
  ...caseSummarySchema.shape,
  note: z.nullable(z.string()),
  alertedOn: z.nullable(isoDateSchema),
  openedAt: isoDateTimeSchema,
  closedBy: z.nullable(z.string()),
  closeNote: z.nullable(z.string()),
  steps: z.array(caseStepSchema),
  frequencySince: z.nullable(frequencySinceSchema),
  /** The child's absences (held rolls) of the last MISSED_DAYS days: the dates the message to a guardian names. */
  missedDates: z.array(isoDateSchema),
});
export type FollowUpCase = z.infer<typeof caseSchema>;
export const studentCasesSchema = z.array(caseSchema);

/**
 * The follow-up of a month (GET /reports/follow-up?month=YYYY-MM, the /relatorios screen): cases opened and closed, the
 * outcomes of the closes, the causes heard, the median days from the alert to the first contact (cases opened that
 * month from an alert), the share of the children alerted that month with a case within CASE_WITHIN_DAYS days, and the
 * frequency of the children closed RETURNED that month in the RETURNED_FOLLOW_DAYS before the close against the days
 * after (by the one rule over their summed marks; the days after so far).
 */
const countOf = <T extends readonly [string, ...string[]]>(codes: T) => z.array(z.object({ code: z.enum(codes), count: z.int() }));
const windowFigureSchema = z.object({ rollDays: z.int(), present: z.int(), justified: z.int(), frequencyPercent: z.number() });
export const followUpReportSchema = z.object({
  month: z.string(),
  opened: z.int(),
  closed: z.int(),
  outcomes: countOf(caseCloseOutcomes),
  causes: countOf(absenceCauses),
  medianDaysToFirstContact: z.nullable(z.number()),
  alerted: z.int(),
  alertedWithCase: z.int(),
  alertedWithCasePercent: z.nullable(z.number()),
  returned: z.object({ children: z.int(), before: windowFigureSchema, after: windowFigureSchema }),
});
export type FollowUpReport = z.infer<typeof followUpReportSchema>;

/** The words of a follow-up case's codes (issue 50), in both languages. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  AbsenceCause,
  CaseCloseOutcome,
  CaseOrigin,
  CaseStepKind,
  ContactChannel,
  ContactOutcome,
  ReferralTarget,
} from '../../api/cases-contract.ts';

export const originLabels: Record<CaseOrigin, MessageDescriptor> = {
  BELOW_THRESHOLD: msg`Below the minimum frequency`,
  ABSENT_STREAK: msg`Absences in a row`,
  MANUAL: msg`Opened from the profile`,
};

export const stepKindLabels: Record<CaseStepKind, MessageDescriptor> = {
  CONTACT: msg`Contact`,
  HOME_VISIT: msg`Home visit`,
  REFERRAL: msg`Referral`,
  CAUSES: msg`Causes heard`,
};

export const channelLabels: Record<ContactChannel, MessageDescriptor> = {
  PHONE: msg`Phone call`,
  WHATSAPP: msg`WhatsApp`,
  IN_PERSON: msg`In person`,
  MESSAGE: msg`Written message`,
};

export const contactOutcomeLabels: Record<ContactOutcome, MessageDescriptor> = {
  REACHED: msg`Reached the family`,
  NOT_REACHED: msg`Did not reach anyone`,
  MESSAGE_LEFT: msg`Left a message`,
};

export const referralLabels: Record<ReferralTarget, MessageDescriptor> = {
  SCHOOL: msg`School`,
  CRAS: msg`CRAS`,
  CREAS: msg`CREAS`,
  CONSELHO_TUTELAR: msg`Conselho Tutelar`,
  HEALTH_UNIT: msg`Health unit`,
};

export const causeLabels: Record<AbsenceCause, MessageDescriptor> = {
  HEALTH: msg`Health`,
  FAMILY: msg`Family`,
  TRANSPORT: msg`Transport`,
  WORK: msg`Work`,
  VIOLENCE: msg`Violence`,
  PREGNANCY: msg`Pregnancy`,
  LOST_INTEREST: msg`Lost interest`,
  MOVED: msg`Moved house`,
  OTHER: msg`Other`,
};

export const closeOutcomeLabels: Record<CaseCloseOutcome, MessageDescriptor> = {
  RETURNED: msg`Came back`,
  TRANSFERRED: msg`Transferred`,
  MOVED_AWAY: msg`Moved away`,
  LEFT_PROGRAMME: msg`Left the programme`,
  NOT_FOUND: msg`Not found`,
  OTHER: msg`Other`,
};

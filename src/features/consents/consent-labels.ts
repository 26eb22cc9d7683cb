/** The words of a consent's purpose, state and method, in the user's language. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ConsentMethod, ConsentPurpose, ConsentState } from '../../api/consent-states.ts';

export const purposeLabels: Record<ConsentPurpose, MessageDescriptor> = {
  DATA_PROCESSING: msg`Registration data`,
  IMAGE_USE: msg`Photos and video in reports and to funders`,
  IMAGE_PUBLIC: msg`Photos and video on public channels and social media`,
  DATA_SHARING: msg`Sharing with school, CRAS or health services`,
};

export const stateLabels: Record<ConsentState, MessageDescriptor> = {
  GRANTED: msg`Granted`,
  REFUSED: msg`Refused`,
  MISSING: msg`Not asked yet`,
};

export const methodLabels: Record<ConsentMethod, MessageDescriptor> = {
  PAPER: msg`Signed paper`,
  IN_PERSON: msg`In person`,
};

export const stateColors: Record<ConsentState, string> = { GRANTED: 'green', REFUSED: 'red', MISSING: 'gray' };

/** Why a class was not held (issue 50), in the order the roll call offers them. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NotHeldReason } from '../../api/contract.ts';

export const notHeldReasonLabels: Record<NotHeldReason, MessageDescriptor> = {
  WEATHER: msg`Weather`,
  INSTRUCTOR_ABSENT: msg`Instructor absent`,
  VENUE: msg`Venue unavailable`,
  EVENT: msg`Programme event`,
  OTHER: msg`Other`,
};
